// Site checks of an audit that did not complete: over what was recorded when the time budget
// ran out, and not at all when the caller aborted.
import { afterEach, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { AuditEvent, AuditOptions } from '../../src/audit/types.js';
import { TEST_UA } from '../crawl/helpers.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';

const HOST = 'www.stopping.test';
const page = (body: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: `<title>${body}</title>${body}` });

/** The home page and /a answer; /hang never does within the test. */
const startSite = () =>
  startFixtureServer({
    [HOST]: {
      '/': () => page('<a href="/a">a</a><a href="/hang">hang</a>'),
      '/a': () => page('<a href="/">home</a>'),
      '/hang': () => ({ status: 200, hangMs: 60_000 }),
    },
  });

async function collect(options: Omit<AuditOptions, 'primaryDomain' | 'maxPages'>, onEvent?: (e: AuditEvent) => void): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  const deadline = Date.now() + 10_000;
  for await (const event of runAudit({ primaryDomain: HOST, maxPages: 10, userAgent: TEST_UA, policy: { allowLoopback: true }, ...options })) {
    events.push(event);
    onEvent?.(event);
    if (Date.now() > deadline) throw new Error('audit did not end in time');
  }
  return events;
}

describe('site checks of a stopped audit', () => {
  let server: FixtureServer | undefined;
  afterEach(() => server?.close());

  it('run over the recorded pages when the time budget runs out', async () => {
    server = await startSite();
    const events = await collect({
      seedUrl: `${server.origin(HOST)}/`,
      limits: { requestTimeoutMs: 30_000, timeBudgetMs: 2000 },
      resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'time_budget_exhausted', pagesRecorded: 2 });
    expect(events.some((e) => e.type === 'phase' && e.phase === 'site_checks')).toBe(true);
    const results = events.flatMap((e) => (e.type === 'site-page' ? [[new URL(e.result.url).pathname, e.result.depth, e.result.inlinks]] : []));
    expect(results.sort()).toEqual([
      ['/', 0, 1],
      ['/a', 1, 1],
    ]);
    const site = events.at(-2);
    expect(site?.type === 'site' && site.findings.nearDuplicates).toEqual({ clusters: 0, pages: 0, largest: [] });
  });

  it('do not run when the caller aborts', async () => {
    server = await startSite();
    const controller = new AbortController();
    const events = await collect(
      {
        seedUrl: `${server.origin(HOST)}/`,
        limits: { requestTimeoutMs: 30_000 },
        resolver: fixtureResolver({ [HOST]: '127.0.0.1' }).resolve,
        signal: controller.signal,
        checkExternalLinks: true,
      },
      (e) => {
        if (e.type === 'page') controller.abort();
      },
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    expect(events.some((e) => e.type === 'site-page' || (e.type === 'phase' && e.phase !== 'crawling'))).toBe(false);
    const site = events.at(-2);
    if (site?.type !== 'site') throw new Error('no site event');
    expect(site.findings).toMatchObject({ nearDuplicates: null, externalLinks: null });
  });
});
