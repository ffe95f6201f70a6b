// Idempotency compares request payloads by hash; canonical JSON makes two payloads that differ
// only in key order or whitespace hash the same.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted (by UTF-16 code units) at every depth and no whitespace. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value, false);
  if (text === undefined) throw new TypeError('Value has no JSON representation');
  return text;
}

/** Hex SHA-256 of the canonical JSON of `value`. */
export function canonicalJsonHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}

// Follows JSON.stringify's rules (toJSON, undefined/functions dropped from objects and turned into
// null in arrays, non-finite numbers as null) so the hash matches what the body would serialise to.
function canonicalize(value: unknown, inArray: boolean): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') {
    return inArray ? 'null' : undefined;
  }
  if (typeof value === 'bigint') throw new TypeError('BigInt has no JSON representation');
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalize(item, true)).join(',')}]`;
  }
  const entries: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const text = canonicalize((value as Record<string, unknown>)[key], false);
    if (text !== undefined) entries.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${entries.join(',')}}`;
}
