// Page metadata on real pages against Mozilla Readability's metadata (expected-metadata.json):
// `lang` must agree exactly, and M6 (author and date marked up) is compared with Readability's
// byline and publishedTime. The page `title` is not compared: the engine reports the <title>
// element, as SEO tools do, while Readability's title is the article's headline.
//
// Where M6 and Readability differ, it is by design, in one direction, and each case is explained
// below by what the page holds:
//   - date: Readability takes publishedTime from JSON-LD and meta tags only; M6 also accepts a
//     visible <time> element, an `itemprop` date and a modification date, since a reader (and an
//     answer engine) sees those as the page's date.
//   - author: M6 accepts `itemprop="author"`, an <a rel="author"> and byline-classed elements that
//     Readability passes over when it judges their text not to be a name.
// A page where Readability finds a byline or a date that M6 misses is a real miss and fails the test.
import { expect, it } from 'vitest';
import { describeCorpus, measureCorpusPage, readabilityPages, report } from './corpus.js';

/** Why M6 can see a date Readability does not report: the page's own markup, named. */
function dateEvidence(html: string): string | null {
  if (/<time\b/i.test(html)) return 'a <time> element';
  if (/itemprop=["']?[^"'>]*\bdate(?:Published|Created|Modified)\b/i.test(html)) return 'an itemprop date';
  if (/"date(?:Published|Created|Modified)"\s*:/.test(html)) return 'a JSON-LD date Readability does not read';
  if (/article:modified_time/i.test(html)) return 'article:modified_time';
  if (/<meta\b[^>]*\bname=["'](?:dc|dcterms?|parsely|sailthru)?[-.:]?(?:date|pub-?date|created|issued)/i.test(html)) return 'a date meta tag';
  return null;
}

function authorEvidence(html: string): string | null {
  if (/itemprop=["']?[^"'>]*\b(?:author|creator)\b/i.test(html)) return 'itemprop="author"';
  if (/<a\b[^>]*\brel=["']?[^"'>]*\bauthor\b/i.test(html)) return '<a rel="author">';
  if (/<meta\b[^>]*\b(?:name|property)=["'][^"']*(?:author|creator)["']/i.test(html)) return 'an author meta tag';
  if (/\b(?:class|id)=["'][^"']*(?:byline|author|writtenby)[^"']*["']/i.test(html)) return 'a byline-classed element';
  if (/"(?:author|creator)"\s*:/.test(html)) return 'a JSON-LD author';
  return null;
}

describeCorpus('real pages: metadata against Readability', () => {
  const pages = readabilityPages().map((p) => ({ ...p, facts: measureCorpusPage(p.source).facts }));

  it('reads the same lang as Readability on every page that declares one', () => {
    const declared = pages.filter((p) => typeof p.metadata.lang === 'string' && p.metadata.lang !== '');
    const wrong = declared.filter((p) => p.facts.lang !== p.metadata.lang).map((p) => `${p.name}: ${p.facts.lang} ≠ ${p.metadata.lang}`);
    report('lang = Readability lang', `${declared.length - wrong.length}/${declared.length}${wrong.length ? ` (${wrong.join('; ')})` : ''}`);
    expect(wrong).toEqual([]);
  });

  it('finds an author wherever Readability finds a byline, and explains every extra one', () => {
    const withByline = pages.filter((p) => (p.metadata.byline ?? '').trim() !== '');
    const missed = withByline.filter((p) => !p.facts.authorMarked).map((p) => `${p.name} (${p.metadata.byline})`);
    const extra = pages
      .filter((p) => (p.metadata.byline ?? '').trim() === '' && p.facts.authorMarked)
      .map((p) => ({ name: p.name, why: authorEvidence(p.source) }));
    const agree = pages.length - missed.length - extra.length;
    report(
      'M6 author vs Readability byline',
      `${agree}/${pages.length} agree; Readability bylines found ${withByline.length - missed.length}/${withByline.length}`,
    );
    for (const e of extra) report('M6 author, no Readability byline', `${e.name}: ${e.why ?? 'UNEXPLAINED'}`);
    expect(missed).toEqual([]);
    expect(extra.filter((e) => e.why === null)).toEqual([]);
  });

  it('finds a date wherever Readability finds publishedTime, and explains every extra one', () => {
    const dated = pages.filter((p) => typeof p.metadata.publishedTime === 'string' && p.metadata.publishedTime !== '');
    const missed = dated.filter((p) => !p.facts.dateMarked).map((p) => `${p.name} (${p.metadata.publishedTime})`);
    const extra = pages.filter((p) => !dated.includes(p) && p.facts.dateMarked).map((p) => ({ name: p.name, why: dateEvidence(p.source) }));
    const agree = pages.length - missed.length - extra.length;
    report('M6 date vs Readability publishedTime', `${agree}/${pages.length} agree; Readability dates found ${dated.length - missed.length}/${dated.length}`);
    for (const e of extra) report('M6 date, no Readability publishedTime', `${e.name}: ${e.why ?? 'UNEXPLAINED'}`);
    expect(missed).toEqual([]);
    expect(extra.filter((e) => e.why === null)).toEqual([]);
  });
});
