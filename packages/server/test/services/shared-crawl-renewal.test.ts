// A worker of a shared crawl holds the URLs it leased ahead while it writes fetches: a third of a
// lease apart at most, as it renews its job, and not once it closes (what it did not fetch then
// goes to the others at expiry).
import { describe, expect, it } from 'vitest';
import { SharedCrawl } from '../../src/services/audits/shared-crawl.js';
import type { AuditFrontierRepository } from '../../src/storage/repositories/audit-frontier.js';
import { ManualClock } from '../../src/support/clock.js';

const LEASE_MS = 30_000;

function crawlWithRenewals() {
  const renewals: Array<{ workerId: string; until: number }> = [];
  const frontier = {
    fetched: () => Promise.resolve(),
    renew: (_runId: string, workerId: string, until: number) => {
      renewals.push({ workerId, until });
      return Promise.resolve();
    },
  } as unknown as AuditFrontierRepository;
  const clock = new ManualClock(Date.UTC(2025, 6, 1));
  const crawl = new SharedCrawl('run', false, { frontier, clock, workerId: 'worker-a', limits: { maxPages: 100, maxOtherRecords: 100, leaseMs: LEASE_MS } });
  const fetch = async (path: string) => {
    crawl.fetched(`https://site.example${path}`, { html: true, links: [] });
    await crawl.flush();
  };
  return { crawl, clock, renewals, fetch };
}

describe('a shared crawl’s worker holding its leased URLs', () => {
  it('renews with the first fetch it writes, then a third of a lease apart, for a lease from then', async () => {
    const { clock, renewals, fetch } = crawlWithRenewals();
    const start = clock.now();
    await fetch('/');
    expect(renewals).toEqual([{ workerId: 'worker-a', until: start + LEASE_MS }]);
    clock.advance(LEASE_MS / 3 - 1);
    await fetch('/a');
    expect(renewals).toHaveLength(1);
    clock.advance(1);
    await fetch('/b');
    expect(renewals).toEqual([
      { workerId: 'worker-a', until: start + LEASE_MS },
      { workerId: 'worker-a', until: start + LEASE_MS / 3 + LEASE_MS },
    ]);
  });

  it('does not renew without a fetch written (a worker that stalls lets its URLs go), nor once it closes', async () => {
    const { crawl, clock, renewals } = crawlWithRenewals();
    await crawl.flush();
    expect(renewals).toEqual([]);
    crawl.fetched('https://site.example/', { html: true, links: [] });
    clock.advance(LEASE_MS);
    await crawl.close();
    expect(renewals).toEqual([]);
  });
});
