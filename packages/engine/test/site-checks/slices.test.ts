// Work in slices gives the event loop a turn once it has run a while (an audit's site checks do
// not hold up a lease heartbeat or an API answering beside them), and the same work run whole
// gives the same result. The aggregates are such work: the link graph yields as it goes.
import { describe, expect, it } from 'vitest';
import type { PagedInt32 } from '../../src/compact/paged-memory.js';
import { linkGraph } from '../../src/site-checks/link-graph.js';
import { SiteIndex } from '../../src/site-checks/site-index.js';
import { PAGES_PER_SLICE, runSliced, runWhole, type Sliced } from '../../src/site-checks/slices.js';
import { page, u } from './builder.js';

/** `slices` slices of about 25 ms each (longer than a turn), then its count of slices. */
function* busy(slices: number): Sliced<number> {
  for (let n = 0; n < slices; n++) {
    const until = performance.now() + 25;
    while (performance.now() < until);
    yield;
  }
  return slices;
}

describe('work in slices', () => {
  it('lets a callback queued meanwhile run between slices, and returns what the work returns', async () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('the event loop had a turn'));
    const result = runSliced(
      (function* () {
        const n = yield* busy(3);
        seen.push('the work ended');
        return n;
      })(),
    );
    expect(await result).toBe(3);
    expect(seen).toEqual(['the event loop had a turn', 'the work ended']);
  });

  it('run whole, the same work gives the same result without a turn', () => {
    const seen: string[] = [];
    setImmediate(() => seen.push('turn'));
    expect(runWhole(busy(2))).toBe(2);
    expect(seen).toEqual([]);
  });

  it('the link graph yields once a slice of pages, and gives the same graph in slices or whole', async () => {
    const pages = 2 * PAGES_PER_SLICE + 1;
    const index = new SiteIndex({ seedUrl: u('/') });
    for (let i = 0; i < pages; i++) index.add(page(i === 0 ? '/' : `/p${i}`, { links: [i === 0 ? '/p1' : `/p${(i + 1) % pages || 1}`] }));
    const site = index.snapshot();
    let yields = 0;
    const counted = linkGraph(site);
    for (let step = counted.next(); !step.done; step = counted.next()) yields++;
    // The inlinks loop and the breadth-first search each pass over every page.
    expect(yields).toBeGreaterThanOrEqual(2 * Math.floor(pages / PAGES_PER_SLICE));
    const whole = runWhole(linkGraph(site));
    const sliced = await runSliced(linkGraph(site));
    const values = (graph: typeof whole) => Object.values(graph).map((column: PagedInt32) => Array.from({ length: column.length }, (_, r) => column.get(r)));
    expect(values(sliced)).toEqual(values(whole));
    expect(whole.depth.get(pages - 1)).toBe(pages - 1);
    index.close();
  });
});
