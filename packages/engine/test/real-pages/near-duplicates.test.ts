// The content signature (analyse/text/minhash.ts) on the Readability articles, against the
// near-duplicate threshold of 0.9 (site-checks/near-duplicates.ts): different articles must never
// reach it. "Different" is judged on Readability's own extraction of each article (expected.html),
// independently of ours: two pages are the same text when half or more of their 3-word shingles
// are shared. Several of Readability's test pages are small hand-made cases built on one filler
// text; those pairs are true duplicates, and the check is expected to link them.
//
// A second case measures what the check is for: one sentence of a 400-word stretch of real prose
// replaced by a sentence of another article, and how often the estimate still reaches 0.9.
import { expect, it } from 'vitest';
import { contentSignature, estimatedSimilarity } from '../../src/analyse/text/minhash.js';
import { profileText, wordsOf } from '../../src/analyse/text/words.js';
import { NEAR_DUPLICATE_SIMILARITY, nearDuplicates } from '../../src/site-checks/near-duplicates.js';
import { runWhole } from '../../src/site-checks/slices.js';
import { SiteIndex } from '../../src/site-checks/site-index.js';
import { analyseCorpusPage, describeCorpus, readabilityPages, report } from './corpus.js';

/** Half or more of the shingles shared: the same text, give or take (Jaccard similarity). */
const SAME_TEXT = 0.5;

function articleText(expectedHtml: string): string {
  return expectedHtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#?\w+;/g, ' ');
}

function shingles(words: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Sentences of 5 to 60 words (longer runs are lists, tables or text without punctuation). */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => {
      const n = wordsOf(profileText(s)).length;
      return n >= 5 && n <= 60;
    });
}

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: readonly number[], q: number) => sorted(xs)[Math.floor((xs.length - 1) * q)]!;
const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

describeCorpus('real pages: near-duplicate content signatures on the Readability articles', () => {
  const pages = readabilityPages().map((p) => {
    const text = articleText(p.expected);
    const analysis = analyseCorpusPage(p.source);
    return { name: p.name, analysis, signature: analysis.contentSignature, text, shingles: shingles(wordsOf(profileText(text))) };
  });
  const signed = pages.filter((p) => p.signature !== null);
  const pairs = signed.flatMap((a, i) =>
    signed.slice(i + 1).map((b) => {
      const exact = jaccard(a.shingles, b.shingles);
      return { names: `${a.name} ~ ${b.name}`, estimate: estimatedSimilarity(a.signature!, b.signature!), exact, same: exact >= SAME_TEXT };
    }),
  );
  const different = pairs.filter((p) => !p.same);
  const sameText = pairs.filter((p) => p.same);
  const nearest = different.reduce((m, p) => (p.estimate > m.estimate ? p : m), different[0]!);

  it('never puts two different articles at 0.9 or above', () => {
    const falseNear = different.filter((p) => p.estimate >= NEAR_DUPLICATE_SIMILARITY);
    report('near-duplicates: pages with a signature', `${signed.length}/${pages.length} (the others have fewer than 50 words)`);
    report(
      'near-duplicates: different articles at ≥ 0.9',
      `${falseNear.length} of ${different.length} pairs; highest estimate ${nearest.estimate.toFixed(3)} (${nearest.names})`,
    );
    report(
      'near-duplicates: estimates between different articles',
      `median ${quantile(
        different.map((p) => p.estimate),
        0.5,
      ).toFixed(3)}, 99th percentile ${quantile(
        different.map((p) => p.estimate),
        0.99,
      ).toFixed(3)}`,
    );
    expect(signed.length).toBeGreaterThanOrEqual(60);
    expect(falseNear.map((p) => `${p.names}: ${p.estimate}`)).toEqual([]);
    // With room to spare: the closest different articles are far below the threshold.
    expect(nearest.estimate).toBeLessThan(0.25);
  });

  it('clusters the test pages built on one filler text, and nothing else', () => {
    // The site check itself, over every page (each under a URL of its own).
    const index = new SiteIndex({ seedUrl: 'https://corpus.test/' });
    pages.forEach((p) => {
      const url = `https://corpus.test/${p.name}`;
      index.add({ ...p.analysis, url, finalUrl: url });
    });
    const near = runWhole(nearDuplicates(index.snapshot()));
    const clusterOf = new Map(pages.map((p, r) => [p.name, near.clusterOf(r)] as const));
    const clusters = near.findings.largest.map((c) => c.urls.map((u) => u.slice('https://corpus.test/'.length)));
    const byName = new Map(pages.map((p) => [p.name, p]));
    const filler = new Set(sameText.flatMap((p) => p.names.split(' ~ ')));
    const left = [...filler].filter((n) => clusterOf.get(n) === null);
    report(
      'near-duplicates: filler-text page pairs (≥50% shingles) at ≥ 0.9 directly',
      `${sameText.filter((p) => p.estimate >= NEAR_DUPLICATE_SIMILARITY).length} of ${sameText.length}; estimates from ${Math.min(...sameText.map((p) => p.estimate)).toFixed(2)} to ${Math.max(...sameText.map((p) => p.estimate)).toFixed(2)}, median ${quantile(
        sameText.map((p) => p.estimate),
        0.5,
      ).toFixed(2)}`,
    );
    report('near-duplicates: clusters over the Readability pages', clusters.map((c) => `[${c.join(', ')}]`).join(' '));
    report(
      'near-duplicates: filler-text pages in a cluster',
      `${filler.size - left.length} of ${filler.size}; left out: ${left.map((n) => `${n} (closest estimate ${Math.max(...sameText.filter((p) => p.names.split(' ~ ').includes(n)).map((p) => p.estimate)).toFixed(2)})`).join(', ')}`,
    );
    expect(near.findings.clusters).toBe(clusters.length);
    // Every two members of a cluster are the same text by Readability's extraction.
    for (const cluster of clusters) {
      for (const a of cluster)
        for (const b of cluster) if (a < b) expect(jaccard(byName.get(a)!.shingles, byName.get(b)!.shingles), `${a} ~ ${b}`).toBeGreaterThanOrEqual(SAME_TEXT);
    }
    // Pages whose articles are word for word the same are always linked.
    const identical = sameText.filter((p) => p.exact === 1);
    expect(identical.length).toBeGreaterThan(0);
    for (const p of identical) {
      const [a, b] = p.names.split(' ~ ');
      expect(clusterOf.get(a!), p.names).not.toBeNull();
      expect(
        clusterOf
          .get(a!)!
          .others.concat(clusterOf.get(a!)!.closest)
          .some((r) => pages[r]!.name === b),
        p.names,
      ).toBe(true);
    }
    expect(filler.size - left.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps most 400-word stretches with one sentence replaced at 0.9 or above', () => {
    const estimates: number[] = [];
    const exacts: number[] = [];
    const texts = pages.map((p) => sentencesOf(p.text));
    texts.forEach((sentences, i) => {
      const window: string[] = [];
      for (const s of sentences) {
        if (wordsOf(profileText(window.join(' '))).length >= 400) break;
        window.push(s);
      }
      const original = wordsOf(profileText(window.join(' ')));
      if (original.length < 400 || original.length > 460) return;
      const donor = texts[(i + 1) % texts.length]!;
      // Every fifth sentence in turn, each replaced by a sentence of the next article.
      for (let k = 0; k < window.length; k += 5) {
        const edited = wordsOf(profileText(window.map((s, j) => (j === k ? donor[k % donor.length]! : s)).join(' ')));
        estimates.push(estimatedSimilarity(contentSignature(original)!, contentSignature(edited)!));
        exacts.push(jaccard(shingles(original), shingles(edited)));
      }
    });
    const recall = estimates.filter((e) => e >= NEAR_DUPLICATE_SIMILARITY).length / estimates.length;
    const exactRecall = exacts.filter((e) => e >= NEAR_DUPLICATE_SIMILARITY).length / exacts.length;
    const errors = estimates.map((e, i) => e - exacts[i]!);
    const agree = estimates.filter((e, i) => e >= NEAR_DUPLICATE_SIMILARITY === exacts[i]! >= NEAR_DUPLICATE_SIMILARITY).length;
    report(
      'near-duplicates: one sentence replaced in 400 words',
      `${estimates.length} edits; recall (estimate ≥ 0.9) ${pct(recall)}; exact Jaccard ≥ 0.9 in ${pct(exactRecall)}; estimate and exact agree on ${agree}/${estimates.length}`,
    );
    report(
      'near-duplicates: one sentence replaced, estimate',
      `min ${Math.min(...estimates).toFixed(3)}, 10th percentile ${quantile(estimates, 0.1).toFixed(3)}, median ${quantile(estimates, 0.5).toFixed(3)}, ` +
        `90th ${quantile(estimates, 0.9).toFixed(3)}, max ${Math.max(...estimates).toFixed(3)}`,
    );
    report(
      'near-duplicates: one sentence replaced, exact Jaccard',
      `min ${Math.min(...exacts).toFixed(3)}, 10th percentile ${quantile(exacts, 0.1).toFixed(3)}, median ${quantile(exacts, 0.5).toFixed(3)}, max ${Math.max(...exacts).toFixed(3)}; ` +
        `estimate − exact: median ${quantile(errors, 0.5).toFixed(3)}, 5th–95th percentile ${quantile(errors, 0.05).toFixed(3)} to ${quantile(errors, 0.95).toFixed(3)}`,
    );
    expect(estimates.length).toBeGreaterThan(100);
    // One sentence of ~20 words replaced changes some 22 of ~400 shingles: the exact Jaccard is
    // about 0.9 itself, so about half the edits reach the threshold; the estimate follows it.
    expect(recall).toBeGreaterThan(0.4);
    expect(Math.abs(recall - exactRecall)).toBeLessThan(0.15);
    expect(quantile(errors.map(Math.abs), 0.9)).toBeLessThan(0.1);
    // An edited copy stays far closer to its original than any two different articles are.
    expect(Math.min(...estimates)).toBeGreaterThan(0.6);
    expect(Math.min(...estimates)).toBeGreaterThan(nearest.estimate + 0.4);
  });
});
