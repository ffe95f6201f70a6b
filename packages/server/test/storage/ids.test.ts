import { describe, expect, it } from 'vitest';
import { createUuidV7Generator, UUID_PATTERN, uuidv7Timestamp } from '../../src/support/ids.js';

describe('UUIDv7', () => {
  it('has version 7, variant 10 and the timestamp in the first 48 bits', () => {
    const next = createUuidV7Generator();
    const ms = Date.UTC(2025, 0, 15, 12, 30, 45, 678);
    const id = next(ms);
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
    expect(uuidv7Timestamp(id)).toBe(ms);
  });

  it('is strictly increasing within one millisecond and across milliseconds', () => {
    const next = createUuidV7Generator();
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(next(1_700_000_000_000 + Math.floor(i / 1000)));
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never goes backwards when the clock does', () => {
    const next = createUuidV7Generator();
    const a = next(2_000_000_000_000);
    const b = next(1_000_000_000_000);
    expect(b > a).toBe(true);
    expect(uuidv7Timestamp(b)).toBe(2_000_000_000_000);
  });

  it('differs between generators in the same millisecond (random bits)', () => {
    const ms = 1_700_000_000_000;
    const ids = new Set(Array.from({ length: 100 }, () => createUuidV7Generator()(ms)));
    expect(ids.size).toBe(100);
  });

  it('rejects timestamps outside 48 bits', () => {
    const next = createUuidV7Generator();
    expect(() => next(-1)).toThrow(RangeError);
    expect(() => next(2 ** 48)).toThrow(RangeError);
  });
});
