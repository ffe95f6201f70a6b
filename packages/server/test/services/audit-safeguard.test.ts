// The crawl safeguard's window (services/audits/safeguard.ts): it judges only a full window of
// answers, slides, counts 5xx and timeouts as failures and no other status, leaves records made
// without a request out, and says what it measured.
import { describe, expect, it } from 'vitest';
import { SafeguardWindow } from '../../src/services/audits/safeguard.js';

const ok = { statusCode: 200, error: null };
const notFound = { statusCode: 404, error: null };
const unavailable = { statusCode: 503, error: null };
const timedOut = { statusCode: 0, error: { code: 'timeout' as const, message: 'timed out' } };
const blocked = { statusCode: 0, error: { code: 'robots_disallowed' as const, message: 'disallowed' } };

describe('the crawl safeguard', () => {
  it('judges a full window only, and pauses once its failures pass the share', () => {
    const window = new SafeguardWindow({ maxFailureShare: 0.5, window: 10 });
    for (let i = 0; i < 9; i++) expect(window.observe(unavailable)).toBeNull();
    // The tenth answer fills the window: 10 of 10 failed.
    expect(window.observe(ok)).toEqual({
      reason: 'safeguard',
      message: "9 of the last 10 answers were 5xx or timeouts (the safeguard's limit is 50%).",
      figures: { failures: 9, fetches: 10 },
    });
  });

  it('passes at the share itself, and slides: old answers leave the window', () => {
    const window = new SafeguardWindow({ maxFailureShare: 0.5, window: 10 });
    for (let i = 0; i < 5; i++) window.observe(timedOut);
    for (let i = 0; i < 5; i++) expect(window.observe(ok)).toBeNull(); // 5 of 10: not past 50%
    // The five failures slide out as healthy answers come; new failures slide in.
    for (let i = 0; i < 5; i++) expect(window.observe(ok)).toBeNull();
    for (let i = 0; i < 5; i++) expect(window.observe(unavailable)).toBeNull();
    expect(window.observe(unavailable)?.figures).toEqual({ failures: 6, fetches: 10 });
  });

  it('counts neither 4xx answers nor records made without a request', () => {
    const window = new SafeguardWindow({ maxFailureShare: 0.1, window: 10 });
    for (let i = 0; i < 20; i++) expect(window.observe(notFound)).toBeNull();
    for (let i = 0; i < 20; i++) expect(window.observe(blocked)).toBeNull();
    expect(window.observe(unavailable)).toBeNull(); // 1 of 10: not past 10%
    expect(window.observe(timedOut)?.message).toBe("2 of the last 10 answers were 5xx or timeouts (the safeguard's limit is 10%).");
  });
});
