import { describe, expect, it } from 'vitest';
import { NodeArrays } from '../../src/analyse/main-content/node-arrays.js';

describe('NodeArrays', () => {
  it('carves zero-filled arrays of n elements that do not overlap, in any order of taking', () => {
    const n = 7;
    const arrays = new NodeArrays(n, 2, 2, 3);
    const taken = [arrays.uint8(), arrays.float64(), arrays.int32(), arrays.uint8(), arrays.float64(), arrays.int32(), arrays.uint8()];
    for (const array of taken) expect([array.length, [...array].every((v) => v === 0)]).toEqual([n, true]);
    taken.forEach((array, k) => array.fill(k + 1));
    taken.forEach((array, k) => expect([...array]).toEqual(new Array<number>(n).fill(k + 1)));
  });
});
