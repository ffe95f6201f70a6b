// The radix sort orders by unsigned key and keeps ties in their given order, with 8-bit passes
// (fewer keys than 65,536) as with 16-bit passes (more): both give what a stable comparison sort gives.
import { describe, expect, it } from 'vitest';
import { PagedMemory } from '../../src/compact/paged-memory.js';
import { denseIds, sortedByKey } from '../../src/compact/radix-sort.js';
import { mulberry32 } from '../fixtures/prng.js';

/** Keys with many ties, both signs as int32 (so unsigned order matters), and the extremes. */
function randomKeys(memory: PagedMemory, n: number, seed: number): { keys: ReturnType<PagedMemory['int32']>; plain: number[] } {
  const random = mulberry32(seed);
  const keys = memory.int32(n);
  const plain: number[] = [];
  const pool = [0, -1, 0x7fffffff, -0x80000000, 1, 255, 256, 0xffff, 0x10000];
  for (let i = 0; i < n; i++) {
    const v = i % 7 === 0 ? pool[i % pool.length]! : i % 3 === 0 ? Math.floor(random() * 50) : Math.floor(random() * 2 ** 32) | 0;
    keys.set(i, v);
    plain.push(v);
  }
  return { keys, plain };
}

const stableOrder = (plain: number[], from: number[]): number[] => [...from].sort((a, b) => (plain[a]! >>> 0) - (plain[b]! >>> 0));
const toArray = (order: { length: number; get(i: number): number }): number[] => Array.from({ length: order.length }, (_, i) => order.get(i));

describe('sortedByKey', () => {
  for (const n of [0, 1, 2, 1000, 0xffff, 0x10000, 70_000]) {
    it(`orders ${n} keys as a stable sort does`, () => {
      const memory = new PagedMemory();
      const { keys, plain } = randomKeys(memory, n, n + 1);
      const order = sortedByKey(memory, keys);
      expect(toArray(order)).toEqual(
        stableOrder(
          plain,
          Array.from({ length: n }, (_, i) => i),
        ),
      );
    });
  }

  it('keeps the order it is given among equal keys (two calls order by 64 bits)', () => {
    const memory = new PagedMemory();
    const { keys: lo, plain: loPlain } = randomKeys(memory, 3000, 5);
    const { keys: hi, plain: hiPlain } = randomKeys(memory, 3000, 6);
    for (let i = 0; i < 3000; i += 2) hi.set(i, (hiPlain[i] = 7));
    const order = toArray(sortedByKey(memory, hi, sortedByKey(memory, lo)));
    const expected = stableOrder(
      hiPlain,
      stableOrder(
        loPlain,
        Array.from({ length: 3000 }, (_, i) => i),
      ),
    );
    expect(order).toEqual(expected);
    const ids = denseIds(memory, hi, lo);
    for (let k = 1; k < order.length; k++) {
      const [p, r] = [order[k - 1]!, order[k]!];
      const same = hiPlain[p] === hiPlain[r] && loPlain[p] === loPlain[r];
      if (hiPlain[r] !== 0 || loPlain[r] !== 0) expect(ids.get(r) === ids.get(p)).toBe(same && (hiPlain[p] !== 0 || loPlain[p] !== 0));
    }
  });
});
