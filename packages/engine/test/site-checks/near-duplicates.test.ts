// Near-duplicate clusters: MinHash signatures agreeing on at least 90% of their 64 positions,
// found through LSH banding (16 bands of 4 values), joined by union-find. The signatures here are
// made by hand: what the analyser computes from text is minhash.test.ts's business.
import { describe, expect, it } from 'vitest';
import { estimatedSimilarity } from '../../src/analyse/text/minhash.js';
import { MIN_EQUAL_VALUES, NEAR_DUPLICATE_SIMILARITY, nearDuplicates, type NearDuplicates } from '../../src/site-checks/near-duplicates.js';
import { runWhole } from '../../src/site-checks/slices.js';
import { SiteIndex } from '../../src/site-checks/site-index.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { checkSite, page, u } from './builder.js';

/** A deterministic source of 32-bit values (an LCG). */
function random32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

function randomSignature(next: () => number): Uint32Array {
  return Uint32Array.from({ length: 64 }, () => next());
}

/** `from` with the values at `positions` replaced by values no other signature has. */
let fresh = 0;
function changed(from: Uint32Array, positions: readonly number[]): Uint32Array {
  const out = from.slice();
  for (const p of positions) out[p] = 0xf0000000 + fresh++;
  return out;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
const base = randomSignature(random32(7));

/** The near-duplicate aggregate over bare pages, for its comparison counter. */
function aggregate(pages: PageAnalysis[]): NearDuplicates {
  const index = new SiteIndex({ seedUrl: u('/') });
  for (const p of pages) index.add(p);
  return runWhole(nearDuplicates(index.snapshot()));
}

const message = (others: string[], closest: string, percent: number): string =>
  `The main content is nearly the same as that of ${others.length === 1 ? '1 other page' : `${others.length} other pages`} (a cluster of ${others.length + 1}): ` +
  `${others.map(u).join(', ')}. The closest is ${u(closest)}, sharing about ${percent}% of the two pages' three-word sequences.`;

describe('content_near_duplicate', () => {
  it('links pages whose signatures agree on 58 of 64 values (an estimated 91%), not on 57', () => {
    expect(MIN_EQUAL_VALUES).toBe(58);
    expect(NEAR_DUPLICATE_SIMILARITY).toBe(0.9);
    // Six values changed, spread so that as many bands as possible differ (6 of the 16).
    const near = changed(base, [0, 4, 8, 12, 16, 20]);
    expect(estimatedSimilarity(base, near)).toBe(58 / 64);
    const pair = checkSite([page('/', { signature: base }), page('/b', { signature: near })]);
    expect(pair.message('/', 'content_near_duplicate')).toBe(message(['/b'], '/b', 91));
    expect(pair.message('/b', 'content_near_duplicate')).toBe(message(['/'], '/', 91));

    const far = changed(base, [0, 4, 8, 12, 16, 20, 24]);
    const apart = checkSite([page('/', { signature: base }), page('/b', { signature: far })]);
    expect(apart.codes('/')).not.toContain('content_near_duplicate');
    expect(apart.checks.nearDuplicates).toEqual({ clusters: 0, pages: 0, largest: [] });
  });

  it("clusters a chain A~B~C whose ends are under 90%, and names each page's closest", () => {
    const a = base;
    const b = changed(a, range(0, 6));
    const c = changed(b, range(6, 12));
    expect(estimatedSimilarity(a, c)).toBe(52 / 64);
    const site = checkSite([page('/a', { signature: a }), page('/b', { signature: b }), page('/c', { signature: c })], { seed: '/a' });
    expect(site.message('/a', 'content_near_duplicate')).toBe(message(['/b', '/c'], '/b', 91));
    expect(site.message('/c', 'content_near_duplicate')).toBe(message(['/a', '/b'], '/b', 91));
    expect(site.checks.nearDuplicates).toEqual({ clusters: 1, pages: 3, largest: [{ size: 3, urls: [u('/a'), u('/b'), u('/c')] }] });
  });

  it('names the most similar member as the closest, the first URL on a tie', () => {
    const oneOff = changed(base, [1]);
    const twoOff = changed(base, [2, 3]);
    const site = checkSite([
      page('/', { signature: base }),
      page('/z', { signature: oneOff }),
      page('/y', { signature: twoOff }),
      page('/x', { signature: base }),
    ]);
    // /x has the same signature: 100%. /z (63 of 64) beats /y (62 of 64) for the others.
    expect(site.message('/', 'content_near_duplicate')).toBe(message(['/x', '/y', '/z'], '/x', 100));
    expect(site.message('/z', 'content_near_duplicate')).toBe(message(['/', '/x', '/y'], '/', 98));
    expect(site.message('/y', 'content_near_duplicate')).toBe(message(['/', '/x', '/z'], '/', 97));
  });

  it('leaves out unscored pages and pages without a signature', () => {
    const site = checkSite([page('/', { signature: base }), page('/404', { signature: base, status: 404 }), page('/none')]);
    expect(site.codes('/')).not.toContain('content_near_duplicate');
  });

  it('refuses a signature that is not 64 values', () => {
    expect(() => checkSite([page('/', { signature: new Uint32Array(32) })])).toThrow(RangeError);
  });

  it('reports at most 10 clusters, largest first, with at most 10 URLs each in URL order', () => {
    const pages = [page('/')];
    const next = random32(11);
    // Cluster k (0..11) has k + 2 identical pages; signatures of different clusters are random.
    for (let k = 0; k < 12; k++) {
      const signature = randomSignature(next);
      for (let i = 0; i < k + 2; i++) pages.push(page(`/c${String(k).padStart(2, '0')}/${String(i).padStart(2, '0')}`, { signature }));
    }
    const site = checkSite(pages);
    const findings = site.checks.nearDuplicates;
    expect(findings.clusters).toBe(12);
    expect(findings.pages).toBe(Array.from({ length: 12 }, (_, k) => k + 2).reduce((a, b) => a + b));
    expect(findings.largest.map((c) => c.size)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(findings.largest[0]!.urls).toEqual(Array.from({ length: 10 }, (_, i) => u(`/c11/${String(i).padStart(2, '0')}`)));
    expect(site.message('/c11/00', 'content_near_duplicate')).toBe(
      `The main content is nearly the same as that of 12 other pages (a cluster of 13): ${range(1, 6)
        .map((i) => u(`/c11/0${i}`))
        .join(', ')}, and 7 more. ` + `The closest is ${u('/c11/01')}, sharing about 100% of the two pages' three-word sequences.`,
    );
  });

  it('finds the same clusters, and the same closest pages, as comparing every pair', () => {
    // 400 random signatures, plus 250 made from earlier ones (planted ones too, so some chain)
    // with 0 to 9 values changed: 0 to 6 changes link them, 7 or more do not.
    const next = random32(42);
    const signatures: Uint32Array[] = [];
    for (let i = 0; i < 400; i++) signatures.push(randomSignature(next));
    for (let i = 0; i < 250; i++) {
      const from = signatures[next() % signatures.length]!;
      const positions = new Set<number>();
      const count = next() % 10;
      while (positions.size < count) positions.add(next() % 64);
      signatures.push(changed(from, [...positions]));
    }
    const paths = signatures.map((_, i) => `/p${String(i).padStart(3, '0')}`);
    const pages = signatures.map((signature, i) => page(paths[i]!, { signature }));

    // Brute force: components of the "at least 90%" graph, and each page's most similar other page.
    const parent = signatures.map((_, i) => i);
    const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
    const closest = signatures.map(() => ({ other: -1, similarity: 0 }));
    for (let i = 0; i < signatures.length; i++) {
      for (let j = 0; j < signatures.length; j++) {
        if (i === j) continue;
        const similarity = estimatedSimilarity(signatures[i]!, signatures[j]!);
        if (similarity < NEAR_DUPLICATE_SIMILARITY) continue;
        parent[find(i)] = find(j);
        const c = closest[i]!;
        if (similarity > c.similarity || (similarity === c.similarity && paths[j]! < paths[c.other]!)) closest[i] = { other: j, similarity };
      }
    }
    const sizes = new Map<number, number>();
    signatures.forEach((_, i) => sizes.set(find(i), (sizes.get(find(i)) ?? 0) + 1));
    const expected = signatures.map((_, i) => {
      const size = sizes.get(find(i))!;
      return size === 1 ? null : { size, closest: u(paths[closest[i]!.other]!), percent: Math.round(closest[i]!.similarity * 100) };
    });
    expect(expected.filter((e) => e !== null).length).toBeGreaterThan(150);
    expect(expected.filter((e) => e !== null && e.size >= 3).length).toBeGreaterThan(10);

    // In crawl order and reversed: the same answer (the rule does not depend on the order).
    for (const order of [pages, [...pages].reverse()]) {
      const site = checkSite(order, { seed: '/p000' });
      const got = paths.map((path) => {
        const found = site.byUrl.get(u(path))!.issues.find((x) => x.code === 'content_near_duplicate');
        if (!found) return null;
        const [, size, closestUrl, percent] = /a cluster of (\d+)\).*The closest is (\S+), sharing about (\d+)%/.exec(found.message)!;
        return { size: Number(size), closest: closestUrl, percent: Number(percent) };
      });
      expect(got).toEqual(expected);
    }
  });

  it('merges 5,000 identical signatures without comparing them', () => {
    const pages = range(0, 5000).map((i) => page(`/copy/${i}`, { signature: base }));
    const next = random32(5);
    for (let i = 0; i < 20; i++) pages.push(page(`/other/${i}`, { signature: randomSignature(next) }));
    const near = aggregate(pages);
    expect(near.comparisons).toBe(0);
    expect(near.findings.clusters).toBe(1);
    expect(near.findings.largest[0]!.size).toBe(5000);
  });

  it('bounds the comparisons in a bucket of thousands of distinct signatures', () => {
    const n = 3000;
    const allPairs = (n * (n - 1)) / 2;
    // Templated pages: each differs from the template in two values of its own, so no two are
    // equal, every two agree on 60 or more, and most share every band but two.
    const templated = aggregate(range(0, n).map((i) => page(`/t/${i}`, { signature: changed(base, [(i * 7) % 64, (i * 13 + 1) % 64]) })));
    expect(templated.findings).toMatchObject({ clusters: 1, pages: n });
    expect(templated.comparisons).toBeLessThan(5 * n);
    // Pages sharing one band's values and nothing else: one bucket of 3,000, no near-duplicates.
    const next = random32(9);
    const banded = aggregate(
      range(0, n).map((i) => {
        const signature = randomSignature(next);
        signature.set(base.subarray(0, 4));
        return page(`/b/${i}`, { signature });
      }),
    );
    expect(banded.findings.clusters).toBe(0);
    expect(banded.comparisons).toBeLessThanOrEqual(32 * n);
    expect(banded.comparisons).toBeLessThan(allPairs / 40);
  });
});
