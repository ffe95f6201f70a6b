// A large list is encoded item by item for speed; the bytes must be exactly JSON.stringify's.
import { describe, expect, it } from 'vitest';
import { jsonBytes, LARGE_JSON_CHARS } from '../../src/http/json-bytes.js';

const item = (i: number) => ({ id: i, title: `Page ${i} — “Überschrift” … 😀`, at: new Date(Date.UTC(2025, 0, 1, 0, 0, i)), gone: undefined, n: [1, null] });
const many = (count: number) => Array.from({ length: count }, (_, i) => item(i));

describe('jsonBytes', () => {
  it('writes a large list as UTF-8 bytes equal to JSON.stringify, whatever the members around it', () => {
    const bodies: unknown[] = [
      { data: many(400), meta: { page: 1, total: 400, requestId: 'r' } },
      { meta: { page: 1 }, data: many(400), skipped: undefined, after: 'x' },
      { skipped: undefined, data: [...many(399), undefined, () => 1] },
      { data: many(400) },
    ];
    for (const body of bodies) {
      const bytes = jsonBytes(body);
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect((bytes as Buffer).toString('utf8')).toBe(JSON.stringify(body));
    }
  });

  it('writes small bodies and bodies without a list as the plain string', () => {
    for (const body of [{ data: many(3), meta: {} }, { data: [] }, { error: { code: 'X' } }, null, 'text', [1, 2], { data: 'not a list' }]) {
      expect(jsonBytes(body)).toBe(JSON.stringify(body));
    }
  });

  it('counts a list as large from its first item, so a large list of small items stays one string', () => {
    const small = { data: Array.from({ length: 100 }, (_, i) => i) };
    expect(JSON.stringify(small).length).toBeLessThan(LARGE_JSON_CHARS);
    expect(typeof jsonBytes(small)).toBe('string');
  });

  it('leaves a body with its own toJSON to JSON.stringify', () => {
    const body = { data: many(400), toJSON: () => ({ replaced: true }) };
    expect(jsonBytes(body)).toBe('{"replaced":true}');
  });
});
