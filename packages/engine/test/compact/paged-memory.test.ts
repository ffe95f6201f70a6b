// The site checks' arrays in a fixed budget: whatever is written reads back the same, whether
// its block stayed in memory or went to the file and came back, and the pool never holds more
// frames than its budget.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PagedMemory } from '../../src/compact/paged-memory.js';
import { mulberry32 } from '../fixtures/prng.js';

const spillDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('seo-geo-spill-'));

describe('PagedMemory', () => {
  it('reads back what was written, through a pool far smaller than its arrays', () => {
    const memory = new PagedMemory({ budgetBytes: 1024, blockBytes: 64 });
    const random = mulberry32(11);
    const n = 5000;
    const ints = memory.int32(n, -1);
    const bytes = memory.uint8(n);
    const floats = memory.float64(n, 0.5);
    const expectedInts = new Int32Array(n).fill(-1);
    const expectedBytes = new Uint8Array(n);
    const expectedFloats = new Float64Array(n).fill(0.5);
    for (let k = 0; k < 20_000; k++) {
      const i = Math.floor(random() * n);
      const v = Math.floor(random() * 2 ** 32) | 0;
      ints.set(i, v);
      expectedInts[i] = v;
      bytes.set(i, v & 0xff);
      expectedBytes[i] = v & 0xff;
      floats.set(i, v * 1024.25);
      expectedFloats[i] = v * 1024.25;
      const j = Math.floor(random() * n);
      if (k % 4 === 0) expect(ints.get(j)).toBe(expectedInts[j]);
    }
    for (let i = 0; i < n; i++) {
      expect(ints.get(i)).toBe(expectedInts[i]);
      expect(bytes.get(i)).toBe(expectedBytes[i]);
      expect(floats.get(i)).toBe(expectedFloats[i]);
    }
    expect(memory.spilled).toBe(true);
    expect(memory.reads).toBeGreaterThan(0);
    // 16 frames of 64 bytes, however much was written.
    expect(memory.byteLength).toBe(1024);
    memory.close();
  });

  it('grows as values are pushed, and reads its fill outside what was written', () => {
    const memory = new PagedMemory({ budgetBytes: 256, blockBytes: 64 });
    const column = memory.int32(0, 7);
    for (let i = 0; i < 1000; i++) column.push(i * 3);
    expect(column.length).toBe(1000);
    expect(column.get(999)).toBe(2997);
    expect(column.get(1000)).toBe(7);
    expect(column.get(-1)).toBe(7);
    column.ensure(1500);
    expect(column.get(1200)).toBe(7);
    column.set(2000, 1);
    expect(column.length).toBe(2001);
    expect(column.get(1999)).toBe(7);
    expect(() => column.set(-1, 0)).toThrow(RangeError);
    memory.close();
  });

  it("gives a freed array's frames and file space to the next", () => {
    const memory = new PagedMemory({ budgetBytes: 512, blockBytes: 64 });
    const keep = memory.int32(200);
    for (let i = 0; i < 200; i++) keep.set(i, i);
    for (let round = 0; round < 20; round++) {
      const temporary = memory.int32(400, round);
      for (let i = 0; i < 400; i += 3) temporary.set(i, temporary.get(i) + i);
      expect(temporary.get(3)).toBe(round + 3);
      temporary.free();
      expect(temporary.length).toBe(0);
    }
    for (let i = 0; i < 200; i++) expect(keep.get(i)).toBe(i);
    // Each round's blocks took the places the last round's left: the file holds about two
    // rounds' worth, not twenty.
    expect(memory.writes).toBeGreaterThan(0);
    expect(memory.byteLength).toBe(512);
    memory.close();
  });

  it('stays in memory while its budget holds the arrays, and leaves no file behind', () => {
    const before = spillDirs().length;
    const small = new PagedMemory();
    const column = small.int32(100_000);
    for (let i = 0; i < column.length; i++) column.set(i, i);
    expect(small.spilled).toBe(false);
    small.close();
    const paged = new PagedMemory({ budgetBytes: 4096, blockBytes: 1024 });
    const big = paged.int32(100_000);
    for (let i = 0; i < big.length; i++) big.set(i, i);
    expect(paged.spilled).toBe(true);
    expect(spillDirs().length).toBe(before);
    paged.close();
    expect(spillDirs().length).toBe(before);
  });

  it('refuses a block size that is not a power of two', () => {
    expect(() => new PagedMemory({ blockBytes: 100 })).toThrow(RangeError);
  });
});
