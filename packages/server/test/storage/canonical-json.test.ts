import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonHash } from '../../src/storage/canonical-json.js';

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('hashes equal payloads equally whatever the key order', () => {
    const a = canonicalJsonHash({ name: 'Site', primaryDomain: 'https://example.com' });
    const b = canonicalJsonHash(JSON.parse('{ "primaryDomain": "https://example.com",\n "name": "Site" }'));
    expect(a).toBe(b);
    expect(a).toBe(createHash('sha256').update('{"name":"Site","primaryDomain":"https://example.com"}').digest('hex'));
  });

  it('tells different payloads apart', () => {
    expect(canonicalJsonHash({ a: 1 })).not.toBe(canonicalJsonHash({ a: '1' }));
    expect(canonicalJsonHash([1, 2])).not.toBe(canonicalJsonHash([2, 1]));
    expect(canonicalJsonHash({})).not.toBe(canonicalJsonHash(null));
  });

  it('follows JSON.stringify for undefined, non-finite numbers, dates and unicode', () => {
    const value = { u: undefined, n: NaN, list: [undefined, 1], when: new Date(0), text: 'é\u2028"' };
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(canonicalJson(value)).toBe('{"list":[null,1],"n":null,"text":"é\u2028\\"","when":"1970-01-01T00:00:00.000Z"}');
  });

  it('refuses values without a JSON form', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ big: 1n })).toThrow(TypeError);
  });
});
