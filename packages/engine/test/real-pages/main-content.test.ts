// Main-content extraction on real pages against Mozilla Readability: the engine's main-content
// word count must be within ±15% of the word count of Readability's `expected.html` on at least
// 90% of its test pages, and the article's words must be kept (recall near 1).
//
// Like with like: both sides are counted by the engine's own word counter (`profileText`) over
// the engine's own text extraction. `expected.html` is Readability's article alone, so its whole
// text is the article: it is read inside an <article> so that a <header> in it counts as the
// article's (outside sectioning content a <header> is the site banner, which the engine leaves out).
// Chinese and Japanese are written without spaces: the counter counts each Han, Hiragana and
// Katakana character as a word, on both sides alike (the `qq` page is Chinese).
import { expect, it } from 'vitest';
import { DocumentCollector } from '../../src/analyse/collector.js';
import { chooseRegion } from '../../src/analyse/main-content/region.js';
import { profileText, wordsOf } from '../../src/analyse/text/words.js';
import { describeCorpus, measureCorpusPage, readabilityPages, report } from './corpus.js';

const TOLERANCE = 0.15;

function articleWords(expectedHtml: string): string[] {
  return wordsOf(profileText(new DocumentCollector().collect(`<article>${expectedHtml}</article>`).contentTree!.chunks.join('')));
}

/** Share of the article's words (as a multiset) found in the extracted content. */
function recall(article: string[], extracted: string[]): number {
  if (article.length === 0) return 1;
  const left = new Map<string, number>();
  for (const w of extracted) left.set(w, (left.get(w) ?? 0) + 1);
  let found = 0;
  for (const w of article) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      found++;
      left.set(w, n - 1);
    }
  }
  return found / article.length;
}

describeCorpus('real pages: main content against Readability', () => {
  const pages = readabilityPages().map((p) => {
    const expected = articleWords(p.expected);
    const facts = measureCorpusPage(p.source).facts;
    const extracted = wordsOf(profileText(chooseRegion(new DocumentCollector().collect(p.source)).text));
    const ratio = expected.length === 0 ? (facts.wordCount === 0 ? 1 : Infinity) : facts.wordCount / expected.length;
    return { name: p.name, expected: expected.length, got: facts.wordCount, ratio, recall: recall(expected, extracted) };
  });

  it('counts main-content words within ±15% of Readability on at least 90% of the pages', () => {
    const outside = pages.filter((p) => Math.abs(p.ratio - 1) > TOLERANCE);
    const within = pages.length - outside.length;
    report('main-content words within ±15% of Readability', `${within}/${pages.length} (${((100 * within) / pages.length).toFixed(1)}%)`);
    report(
      'main-content pages outside ±15%',
      outside.length === 0 ? 'none' : outside.map((p) => `${p.name} ${p.ratio.toFixed(2)} (${p.got}/${p.expected})`).join('; '),
    );
    report('main-content ratio per page', pages.map((p) => `${p.name} ${p.ratio.toFixed(2)}`).join('; '));
    expect(within / pages.length).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the article: mean recall of its words at least 0.97, and no page under 0.8', () => {
    const mean = pages.reduce((s, p) => s + p.recall, 0) / pages.length;
    const low = pages.filter((p) => p.recall < 0.8);
    report('main-content recall of the article words (mean)', mean.toFixed(3));
    report(
      'main-content pages with recall under 0.95',
      pages
        .filter((p) => p.recall < 0.95)
        .map((p) => `${p.name} ${p.recall.toFixed(3)}`)
        .join('; ') || 'none',
    );
    expect(mean).toBeGreaterThanOrEqual(0.97);
    expect(low.map((p) => p.name)).toEqual([]);
  });
});
