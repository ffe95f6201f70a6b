// The block that ends a run whose PostgreSQL or Redis suites skipped, from the warnings they print.
import { describe, expect, it } from 'vitest';
import { countSkips, skippedBackend, skipSummary } from './skipped-backends.js';

describe('the summary of suites skipped for want of a database', () => {
  it('tells the warnings of the PostgreSQL and Redis suites from any other line', () => {
    expect(skippedBackend('SKIPPED: "webhooks repository [postgres]" — DATABASE_URL is not set to a postgres:// URL')).toBe('postgres');
    expect(skippedBackend('SKIPPED: input edges on PostgreSQL (DATABASE_URL is not set)')).toBe('postgres');
    expect(skippedBackend('SKIPPED: "choosing the rate-limit store > uses Redis with a Redis URL" — REDIS_URL is not set')).toBe('redis');
    expect(skippedBackend('SKIPPED: "an audit that renders JavaScript" — /usr/bin/chromium not found (apt-get install chromium)')).toBeNull();
    expect(skippedBackend('SKIPPED: parallel claims need a second connection pool (PostgreSQL only)')).toBeNull();
    expect(skippedBackend('DATABASE_URL=postgres://postgres@127.0.0.1:5432/test')).toBeNull();
  });

  it('counts every line of the console output, several to a chunk', () => {
    const chunks = [
      'SKIPPED: "a [postgres]" — DATABASE_URL is not set to a postgres:// URL\nSKIPPED: "b [postgres]" — DATABASE_URL is not set to a postgres:// URL\n',
      'SKIPPED: "c [redis]" — REDIS_URL is not set\n',
      'listening on 127.0.0.1:4000\n',
    ];
    expect(countSkips(chunks)).toEqual({ postgres: 2, redis: 1 });
  });

  it('says how many suites of each skipped, and that scale mode was not tested', () => {
    const lines = skipSummary({ postgres: 41, redis: 6 }).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^=+$/);
    expect(lines[1]).toBe('SKIPPED: 41 PostgreSQL suites and 6 Redis suites because DATABASE_URL / REDIS_URL are not set — scale mode was NOT tested.');
    expect(lines[2]).toContain('DATABASE_URL=postgres://');
    expect(lines[3]).toBe(lines[0]);
  });

  it('names only the backend that skipped', () => {
    expect(skipSummary({ postgres: 0, redis: 1 })).toContain('SKIPPED: 1 Redis suite because REDIS_URL is not set — scale mode was NOT tested.');
    expect(skipSummary({ postgres: 3, redis: 0 })).toContain('SKIPPED: 3 PostgreSQL suites because DATABASE_URL is not set — scale mode was NOT tested.');
  });

  it('prints nothing when no suite skipped', () => {
    expect(skipSummary({ postgres: 0, redis: 0 })).toBe('');
  });
});
