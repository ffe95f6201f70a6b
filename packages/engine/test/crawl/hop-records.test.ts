// What one fetch records: the queued URL's own response, and the end of its redirect chain when the
// fetch took it; the hops it took but did not record are fetched again on their own.
import { describe, expect, it } from 'vitest';
import { hopRecords } from '../../src/crawl/hop-records.js';
import type { HopSummary } from '../../src/net/guarded-fetch.js';
import type { FetchedPage } from '../../src/types.js';

const U = (path: string) => `https://www.example.com${path}`;
const hop = (status: number, contentType: string | null = null): HopSummary => ({
  status,
  headers: contentType ? { 'content-type': contentType } : {},
  contentType,
  fetchedAt: '2025-01-01T00:00:00.000Z',
  ttfbMs: 5,
});
const fetched = (chain: string[], last: Partial<FetchedPage> = {}): FetchedPage => ({
  url: U(chain[0]!),
  finalUrl: U(chain[chain.length - 1]!),
  status: 200,
  contentType: 'text/html',
  headers: { 'content-type': 'text/html' },
  body: '<title>End</title>',
  redirectChain: chain.length > 1 ? chain.map(U) : [],
  fetchedAt: '2025-01-01T00:00:01.000Z',
  durationMs: 20,
  ttfbMs: 7,
  bodyBytes: 18,
  ...last,
});

describe('hopRecords', () => {
  it('records a fetch without redirects as it is', () => {
    const { records, refetch } = hopRecords({ page: fetched(['/a']), hops: [hop(200, 'text/html')] }, new Set());
    expect(records).toMatchObject([{ url: U('/a'), status: 200, redirectTarget: null, redirectType: null }]);
    expect(refetch).toEqual([]);
  });

  it('records the redirect with its own 3xx and the end it took with its page; the hop between is fetched again', () => {
    const page = fetched(['/a', '/b', '/c']);
    const { records, refetch } = hopRecords({ page, hops: [hop(301), hop(302), hop(200, 'text/html')] }, new Set([U('/b'), U('/c')]));
    expect(records).toMatchObject([
      { url: U('/a'), status: 301, redirectTarget: U('/b'), redirectType: '301', finalUrl: U('/c'), body: null, contentType: null },
      { url: U('/c'), status: 200, finalUrl: U('/c'), redirectChain: [], redirectTarget: null, body: '<title>End</title>' },
    ]);
    expect(refetch).toEqual([U('/b')]);
  });

  it('leaves an end it did not take to the fetch that took it', () => {
    const { records } = hopRecords({ page: fetched(['/a', '/b']), hops: [hop(308), hop(200, 'text/html')] }, new Set());
    expect(records.map((r) => r.url)).toEqual([U('/a')]);
    expect(records[0]).toMatchObject({ redirectType: '308', finalUrl: U('/b') });
  });

  it("keeps a later hop's failure off the redirect's record, and fetches that hop again", () => {
    const page = fetched(['/a', '/b'], { status: 0, body: null, error: { code: 'timeout', message: 'timed out' } });
    const { records, refetch } = hopRecords({ page, hops: [hop(301)] }, new Set([U('/b')]));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 301, redirectTarget: U('/b') });
    expect(records[0]!.error).toBeUndefined();
    expect(refetch).toEqual([U('/b')]);
  });

  it('keeps a loop on the redirect’s record: it says where the redirects from it lead', () => {
    const page = fetched(['/a', '/b', '/a'], { status: 302, body: null, error: { code: 'redirect_loop', message: 'loop' } });
    const { records, refetch } = hopRecords({ page, hops: [hop(302), hop(302)] }, new Set([U('/b')]));
    expect(records).toMatchObject([{ url: U('/a'), status: 302, redirectTarget: U('/b'), error: { code: 'redirect_loop' } }]);
    expect(refetch).toEqual([U('/b')]);
  });
});
