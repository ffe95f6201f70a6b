// Pages built to make the analyser's cost grow faster than the page: each kind is analysed at
// 48 KB and at 384 KB, and the larger must cost about eight times the smaller, not sixty-four (a
// quadratic cost), nor throw. Timings are the fastest of a few runs, the two sizes taken in turn so
// that a busy spell of the machine falls on both, compared within this run with a wide margin: the
// machine's noise only ever adds time (seen up to 3.1× per KB on a loaded 2-core machine), and a
// square would be 8×.
import { describe, expect, it } from 'vitest';
import { fetchedPage, PATHOLOGICAL_KINDS, pathologicalPage } from '../../bench/pathological-pages.js';
import { analysePage } from '../../src/page/analyse-page.js';
import type { SiteContext } from '../../src/types.js';

const site: SiteContext = { host: 'www.example.com', siteDomain: 'example.com', robots: null };

/** The fastest of three runs of each page, per KB, the pages taken in turn. */
function msPerKb(...pages: string[]): number[] {
  const best = pages.map(() => Infinity);
  for (let run = 0; run < 3; run++) {
    pages.forEach((html, i) => {
      const started = performance.now();
      analysePage(fetchedPage(html), site);
      best[i] = Math.min(best[i]!, performance.now() - started);
    });
  }
  return best.map((ms, i) => ms / (pages[i]!.length / 1024));
}

describe('pathological pages cost time in proportion to their size', () => {
  // Warm the analyser up, so the small page's figure is not its compilation.
  analysePage(fetchedPage(pathologicalPage('attributes-many-elements', 200_000)), site);

  it.each(PATHOLOGICAL_KINDS)('%s', (kind) => {
    const [small = 0, large = 0] = msPerKb(pathologicalPage(kind, 48 * 1024), pathologicalPage(kind, 384 * 1024));
    expect(large / small, `${small.toFixed(3)} → ${large.toFixed(3)} ms/KB`).toBeLessThan(4.5);
  });

  it('reads the text of a page nested 100,000 levels deep', () => {
    const analysis = analysePage(fetchedPage(`<html><body>${'<div>'.repeat(100_000)}<p>${'Deep words here. '.repeat(40)}</p></body></html>`), site);
    expect(analysis.wordCount).toBeGreaterThanOrEqual(120);
    expect(analysis.issues.some((i) => i.code === 'analysis_failed')).toBe(false);
  });

  it('refuses a JSON-LD block nested deeper than any markup, without throwing', () => {
    const analysis = analysePage(fetchedPage(pathologicalPage('json-ld-nested', 64 * 1024)), site);
    expect(analysis.structuredDataErrors.join(' ')).toMatch(/more than 64 levels deep/);
  });
});
