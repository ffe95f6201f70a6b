// The URL id table in paged memory: ids stay right however small the pool (its blocks evicted to
// the scratch file and read back, the table doubled meanwhile), and freeing it gives its blocks
// back for the pool's other arrays.
import { describe, expect, it } from 'vitest';
import { PagedMemory } from '../../src/compact/paged-memory.js';
import { StringIds } from '../../src/compact/string-ids.js';
import { Frontier } from '../../src/crawl/frontier.js';

describe('StringIds', () => {
  it('gives each distinct string one id in order, in a pool far smaller than the table', () => {
    const memory = new PagedMemory({ budgetBytes: 1024, blockBytes: 256 });
    const ids = new StringIds(memory, 16);
    const values = Array.from({ length: 30_000 }, (_, i) => `https://www.example.com/p/${i}`);
    values.forEach((v, i) => expect(ids.intern(v)).toBe(i));
    expect(memory.spilled).toBe(true);
    expect(memory.byteLength).toBeLessThanOrEqual(1024);
    values.forEach((v, i) => expect(ids.intern(v)).toBe(i));
    expect(ids.size).toBe(values.length);
    expect(ids.find(values[12_345]!)).toBe(12_345);
    expect(ids.find('https://www.example.com/never')).toBe(-1);
    // 12 bytes a slot, at most 70% of the slots used.
    expect(ids.byteLength / values.length).toBeGreaterThan(12 / 0.7);
    expect(ids.byteLength / values.length).toBeLessThanOrEqual((2 * 12) / 0.7);
  });

  it('gives its blocks back when freed', () => {
    const memory = new PagedMemory({ budgetBytes: 64 * 1024, blockBytes: 1024 });
    const ids = new StringIds(memory);
    for (let i = 0; i < 2000; i++) ids.intern(`u${i}`);
    const frames = memory.byteLength;
    ids.free();
    // A new table of the same size takes the freed frames instead of allocating more.
    const again = new StringIds(memory);
    for (let i = 0; i < 2000; i++) again.intern(`v${i}`);
    expect(memory.byteLength).toBe(frames);
  });
});

describe('Frontier in a shared pool', () => {
  it('remembers every URL however small the pool, and frees its table when closed', () => {
    const memory = new PagedMemory({ budgetBytes: 2048, blockBytes: 256 });
    const frontier = new Frontier(true, {}, memory);
    for (let i = 0; i < 5000; i++) expect(frontier.add(`http://a.test/${i}`)).toBe(true);
    for (let i = 0; i < 5000; i += 7) expect(frontier.add(`http://a.test/${i}`)).toBe(false);
    expect(frontier.hasSeen('http://a.test/4999')).toBe(true);
    expect(frontier.hasSeen('http://a.test/5000')).toBe(false);
    frontier.close();
    // Closed: nothing more is queued or taken.
    expect(frontier.add('http://a.test/new')).toBe(false);
    expect(frontier.claim('http://a.test/new')).toBe(false);
  });
});
