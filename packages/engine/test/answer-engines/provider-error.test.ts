// Provider error bodies, key redaction and Retry-After parsing.
import { describe, expect, it } from 'vitest';
import { providerMessage, redactSecret, trimError } from '../../src/answer-engines/provider-error.js';
import { backoffMs, resolveRetryOptions, retryAfterMs } from '../../src/answer-engines/retry-policy.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('providerMessage', () => {
  it('reads the usual places providers put their reason', () => {
    expect(providerMessage(json({ error: { message: 'Rate limit reached', type: 'requests' } }), 'application/json')).toBe('Rate limit reached');
    expect(providerMessage(json({ error: 'model not found' }), 'application/json')).toBe('model not found');
    expect(providerMessage(json({ message: 'Bad request' }), 'application/json')).toBe('Bad request');
    expect(providerMessage(json({ detail: [{ msg: 'field required' }, { msg: 'bad type' }] }), 'application/json')).toBe('field required; bad type');
    expect(providerMessage(Buffer.from('upstream connect error\n'), 'text/plain')).toBe('upstream connect error');
    expect(providerMessage(Buffer.alloc(0), 'text/plain')).toBeNull();
    expect(providerMessage(json({ ok: false }), 'application/json')).toBe('{"ok":false}');
  });
});

describe('redactSecret and trimError', () => {
  it('removes the key and long fragments of it, nothing else', () => {
    const key = 'sk-proj-AbCdEf0123456789';
    expect(redactSecret(`key ${key} rejected`, key)).toBe('key [redacted] rejected');
    expect(redactSecret('Incorrect API key provided: sk-proj-AbC***6789.', key)).toBe('Incorrect API key provided: [redacted]***6789.');
    expect(redactSecret('Incorrect API key provided', key)).toBe('Incorrect API key provided');
    expect(redactSecret('anything', null)).toBe('anything');
  });

  it('keeps one line of bounded length', () => {
    expect(trimError('a\n  b\tc')).toBe('a b c');
    const long = trimError('x'.repeat(3000));
    expect(long.length).toBe(500);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('doubles the wait up to the cap, with equal jitter', () => {
    const o = resolveRetryOptions({ baseDelayMs: 1000, maxDelayMs: 4000 });
    expect([1, 2, 3, 4].map((r) => backoffMs(r, o, () => 0))).toEqual([500, 1000, 2000, 2000]);
    expect(backoffMs(1, o, () => 0.999999)).toBe(1000);
  });
});
