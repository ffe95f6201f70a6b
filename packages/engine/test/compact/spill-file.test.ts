// The files that keep a large site's rows off the heap: what is appended reads back the same,
// whether it is still in memory, on disk, or across the two, and nothing stays behind.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { PagedMemory } from '../../src/compact/paged-memory.js';
import { SpillFile } from '../../src/compact/spill-file.js';
import { int32Rows, uint32Rows } from '../../src/compact/spill-rows.js';
import { SpilledQueue } from '../../src/compact/spilled-queue.js';
import { SpilledStrings } from '../../src/compact/spilled-strings.js';
import { mulberry32 } from '../fixtures/prng.js';

const spillDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('seo-geo-spill-'));

describe('SpillFile', () => {
  it('reads back every range, from the file, from memory and across both', () => {
    const file = new SpillFile({ bufferBytes: 1000 });
    const random = mulberry32(7);
    const all = new Uint8Array(300_000);
    for (let i = 0; i < all.length; i++) all[i] = Math.floor(random() * 256);
    for (let at = 0; at < all.length;) {
      const n = Math.min(all.length - at, 1 + Math.floor(random() * 3000));
      file.append(all.subarray(at, at + n));
      at += n;
    }
    expect(file.spilled).toBe(true);
    expect(file.length).toBe(all.length);
    for (let k = 0; k < 500; k++) {
      const start = Math.floor(random() * all.length);
      const length = Math.floor(random() * Math.min(200_000, all.length - start));
      expect(Buffer.from(file.read(start, length)).equals(Buffer.from(all.subarray(start, start + length)))).toBe(true);
    }
    expect(() => file.read(all.length - 1, 2)).toThrow(RangeError);
    file.close();
  });

  it('stays in memory until its buffer fills', () => {
    const file = new SpillFile({ bufferBytes: 64 });
    file.append(new Uint8Array(64));
    expect(file.spilled).toBe(false);
    file.append(new Uint8Array(1));
    expect(file.spilled).toBe(true);
    file.close();
  });

  it('leaves no file behind, open or closed', () => {
    const before = spillDirs().length;
    const file = new SpillFile({ bufferBytes: 16 });
    file.append(new Uint8Array(100));
    expect(file.spilled).toBe(true);
    expect(spillDirs().length).toBe(before);
    file.close();
    expect(spillDirs().length).toBe(before);
  });
});

describe('SpillRows', () => {
  it('slices across the staged values and the file', () => {
    const rows = int32Rows({ bufferBytes: 40 });
    for (let i = 0; i < 5000; i++) rows.push(i * (i % 2 === 0 ? 1 : -1));
    expect(rows.length).toBe(5000);
    expect(rows.spilled).toBe(true);
    for (const [start, end] of [
      [0, 5000],
      [0, 0],
      [4990, 5000],
      [1234, 1240],
      [4999, 5000],
    ] as const) {
      expect(Array.from(rows.slice(start, end))).toEqual(Array.from({ length: end - start }, (_, k) => (start + k) * ((start + k) % 2 === 0 ? 1 : -1)));
    }
    rows.close();
  });

  it('keeps 32-bit unsigned values whole', () => {
    const rows = uint32Rows({ bufferBytes: 8 });
    rows.pushAll([0, 2 ** 32 - 1, 2 ** 31, 12345]);
    expect(Array.from(rows.slice(0, 4))).toEqual([0, 2 ** 32 - 1, 2 ** 31, 12345]);
    rows.close();
  });
});

describe('SpilledStrings', () => {
  it('gives each distinct string one id, in order, and reads it back', () => {
    const strings = new SpilledStrings(new PagedMemory({ budgetBytes: 1024, blockBytes: 256 }), { bufferBytes: 100 });
    const values = Array.from({ length: 20_000 }, (_, i) => `https://www.example.com/é/${i}?q=${'日本'.repeat(i % 5)}`);
    values.forEach((v, i) => expect(strings.intern(v)).toBe(i));
    values.forEach((v, i) => expect(strings.intern(v)).toBe(i));
    expect(strings.size).toBe(values.length);
    expect(strings.find(values[777]!)).toBe(777);
    expect(strings.find('https://www.example.com/never')).toBe(-1);
    for (const i of [0, 1, 999, 19_999]) expect(strings.value(i)).toBe(values[i]);
    expect(strings.spilled).toBe(true);
    // The ids' memory: about 20 bytes a string however long the string is (the offsets are paged).
    expect(strings.byteLength / values.length).toBeLessThan(40);
    strings.close();
  });

  it('tells apart strings that differ in one character, anywhere', () => {
    const strings = new SpilledStrings(new PagedMemory());
    const base = 'https://www.example.com/section/page-000000';
    const distinct = new Set<string>();
    const ids = new Set<number>();
    for (let i = 0; i < base.length; i++) {
      for (const c of 'aZ9/') {
        const text = base.slice(0, i) + c + base.slice(i + 1);
        distinct.add(text);
        ids.add(strings.intern(text));
      }
    }
    expect(ids.size).toBe(distinct.size);
    strings.close();
  });
});

describe('SpilledQueue', () => {
  it('gives back entries longer than its read window whole, in order', () => {
    const queue = new SpilledQueue({ chunk: 2, bufferBytes: 1024 });
    const long = (n: number) => `https://www.example.com/${String(n).repeat(300_000 / String(n).length)}`;
    const texts = ['a', long(1), 'b', long(22), 'c', 'd', long(333)].map((t, i) => `${t}/${i}`);
    texts.forEach((t, i) => queue.push(t, i * 10));
    const out: Array<[number | undefined, string | undefined]> = [];
    while (queue.size > 0) out.push([queue.peekNumber(), queue.shift()]);
    expect(out).toEqual(texts.map((t, i) => [i * 10, t]));
    expect(queue.shift()).toBeUndefined();
    queue.close();
  });
});
