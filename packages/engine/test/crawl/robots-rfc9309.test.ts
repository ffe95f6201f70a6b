// robots.txt as RFC 9309 says, end to end through the audit runner: a file over the parsing limit
// is read up to it and obeyed (§2.5), one whose body trickles past the deadline is used as far as
// it arrived, 4xx lets everything be crawled (§2.3.1.3), 5xx and no answer in time disallow
// everything (§2.3.1.4), too many redirects count as unavailable (§2.3.1.2); the site findings say
// which rule applied, and the seed's record says when robots.txt was unreachable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { SiteFindings } from '../../src/audit/types.js';
import type { PageAnalysis } from '../../src/page/analysis.js';
import { AI_AGENTS } from '../../src/site/index.js';
import { links, page, redirect, type Route } from '../fixtures/site/pages.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import { oversizedRobotsTxt, ROBOTS_CAP } from '../fixtures/site/robots.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/site/server.js';
import { TEST_UA } from './helpers.js';

/** The request's time where a test waits it out; the others get more, so that a loaded machine does not time them out. */
const TIMEOUT_MS = 1000;
const ROOMY_TIMEOUT_MS = 10_000;

const site = (robots: Route): Record<string, Route> => ({
  '/robots.txt': robots,
  '/': () => page('Home', links(['/early', '/late', '/ok'])),
  '/early': () => page('Early', '<p>early</p>'),
  '/late': () => page('Late', '<p>late</p>'),
  '/ok': () => page('Ok', '<p>ok</p>'),
});

const plain = { 'content-type': 'text/plain' };
const HOSTS = {
  // Content-Length declared: the file is read up to the cap all the same.
  oversized: site(() => ({
    status: 200,
    headers: { ...plain, 'content-length': String(Buffer.byteLength(oversizedRobotsTxt())) },
    body: oversizedRobotsTxt(),
  })),
  trickling: site(() => ({ status: 200, headers: plain, body: 'User-agent: *\nDisallow: /early\nDisallow: /straddle\n', stallAfterBytes: 42, hangMs: 10_000 })),
  silent: site(() => ({ status: 200, headers: plain, body: 'User-agent: *\nDisallow: /\n', stallAfterBytes: 0, hangMs: 10_000 })),
  hanging: site(() => ({ status: 200, headers: plain, body: 'User-agent: *\nAllow: /\n', hangMs: 10_000 })),
  failing: site(() => ({ status: 503, headers: plain, body: 'down for maintenance' })),
  missing: site(() => ({ status: 404, headers: plain, body: 'not found' })),
  looping: site(({ query }) => redirect(302, `/robots.txt?hop=${Number(new URLSearchParams(query).get('hop') ?? 0) + 1}`)),
};
type Scenario = keyof typeof HOSTS;
const hostOf = (scenario: Scenario) => `${scenario}.fixture.test`;

interface Audited {
  pages: Map<string, PageAnalysis>;
  findings: SiteFindings;
  requested: string[];
}

describe('robots.txt as RFC 9309 says', () => {
  let server: FixtureServer;
  const resolver = fixtureResolver(Object.fromEntries(Object.keys(HOSTS).map((s) => [hostOf(s as Scenario), '127.0.0.1']))).resolve;

  beforeAll(async () => {
    server = await startFixtureServer(Object.fromEntries(Object.entries(HOSTS).map(([s, routes]) => [hostOf(s as Scenario), routes])));
  });
  afterAll(() => server.close());

  async function audit(scenario: Scenario, requestTimeoutMs = ROOMY_TIMEOUT_MS): Promise<Audited> {
    const host = hostOf(scenario);
    const origin = server.origin(host);
    const pages = new Map<string, PageAnalysis>();
    let findings: SiteFindings | null = null;
    const deadline = Date.now() + 20_000;
    for await (const event of runAudit({
      seedUrl: `${origin}/`,
      primaryDomain: host,
      maxPages: 10,
      limits: { requestTimeoutMs, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      userAgent: TEST_UA,
      resolver,
    })) {
      if (event.type === 'page') pages.set(event.analysis.url.slice(origin.length), event.analysis);
      if (event.type === 'site') findings = event.findings;
      if (Date.now() > deadline) throw new Error('audit did not finish in time');
    }
    if (findings === null) throw new Error('no site findings');
    return { pages, findings, requested: server.log.filter((e) => e.host === host).map((e) => e.path) };
  }

  it('reads the first 512 KiB of a larger file, drops the line the cap cuts, obeys what it read and crawls on', async () => {
    const { pages, findings, requested } = await audit('oversized');
    expect(pages.get('/')).toMatchObject({ statusCode: 200, error: null });
    expect(pages.get('/ok')).toMatchObject({ statusCode: 200, error: null });
    // The early rule is obeyed; the late one, past the cap, is not read.
    expect(pages.get('/early')).toMatchObject({ statusCode: 0, error: { code: 'robots_disallowed' } });
    expect(pages.get('/late')).toMatchObject({ statusCode: 200, error: null });
    expect(requested.filter((p) => p === '/robots.txt')).toHaveLength(1);
    expect(requested).not.toContain('/early');
    expect(findings.robots).toMatchObject({ status: 'truncated', httpStatus: 200, present: true, blockedAgents: [] });
    expect(findings.robots.detail).toContain(`${ROBOTS_CAP} bytes`);
    expect(findings.robots.problems.join(' ')).toMatch(/RFC 9309 §2\.5/);
  });

  it('uses the complete lines of a body that trickles past the deadline, and says it was cut', async () => {
    const { pages, findings } = await audit('trickling', TIMEOUT_MS);
    expect(pages.get('/')).toMatchObject({ statusCode: 200, error: null });
    expect(pages.get('/early')).toMatchObject({ statusCode: 0, error: { code: 'robots_disallowed' } });
    expect(pages.get('/late')).toMatchObject({ statusCode: 200 });
    expect(findings.robots).toMatchObject({ status: 'truncated', httpStatus: 200, present: true });
    expect(findings.robots.detail).toContain(`${TIMEOUT_MS} ms`);
  });

  it('treats a 2xx whose body brought no complete line before the deadline as unreachable', async () => {
    const { pages, findings, requested } = await audit('silent', TIMEOUT_MS);
    expect([...pages.keys()]).toEqual(['/']);
    expect(pages.get('/')!.error?.message).toMatch(/robots\.txt .*unreachable/);
    expect(requested.sort()).toEqual(['/llms.txt', '/robots.txt']);
    expect(findings.robots).toMatchObject({ status: 'unreachable', httpStatus: 200 });
  });

  it('disallows everything when robots.txt does not answer in time (unreachable), and the seed says so', async () => {
    const { pages, findings, requested } = await audit('hanging', TIMEOUT_MS);
    // The seed is recorded, not requested: its record names robots.txt, the timeout and the rule.
    expect([...pages.keys()]).toEqual(['/']);
    const seed = pages.get('/')!;
    expect(seed).toMatchObject({ statusCode: 0, error: { code: 'robots_disallowed' } });
    expect(seed.error!.message).toMatch(/robots\.txt .*unreachable/);
    expect(seed.error!.message).toContain(`${TIMEOUT_MS} ms`);
    expect(seed.error!.message).toContain('RFC 9309 §2.3.1.4');
    expect(requested.sort()).toEqual(['/llms.txt', '/robots.txt']);
    expect(findings.robots).toMatchObject({ status: 'unreachable', httpStatus: null, present: false, blockedAgents: [...AI_AGENTS] });
    expect(findings.robots.detail).toContain(`${TIMEOUT_MS} ms`);
  });

  it('disallows everything when robots.txt answers 5xx (unreachable), and the seed says so', async () => {
    const { pages, findings, requested } = await audit('failing');
    expect([...pages.keys()]).toEqual(['/']);
    expect(pages.get('/')!.error!.message).toMatch(/robots\.txt .*unreachable \(HTTP 503\)/);
    expect(requested.sort()).toEqual(['/llms.txt', '/robots.txt']);
    expect(findings.robots).toMatchObject({ status: 'unreachable', httpStatus: 503, present: false, blockedAgents: [...AI_AGENTS] });
    expect(findings.robots.problems.join(' ')).toMatch(/RFC 9309 §2\.3\.1\.4/);
  });

  it('crawls everything when robots.txt answers 4xx (unavailable), and the findings say so', async () => {
    const { pages, findings } = await audit('missing');
    for (const path of ['/', '/early', '/late', '/ok']) expect(pages.get(path), path).toMatchObject({ statusCode: 200, error: null });
    expect(findings.robots).toMatchObject({ status: 'unavailable', httpStatus: 404, present: false, blockedAgents: [] });
    expect(findings.robots.problems.join(' ')).toMatch(/RFC 9309 §2\.3\.1\.3/);
  });

  it('counts robots.txt behind more than five redirects as unavailable', async () => {
    const { pages, findings } = await audit('looping');
    expect(pages.get('/')).toMatchObject({ statusCode: 200, error: null });
    expect(findings.robots).toMatchObject({ status: 'unavailable', httpStatus: 302, present: false, blockedAgents: [] });
    expect(findings.robots.problems.join(' ')).toMatch(/RFC 9309 §2\.3\.1\.2/);
  });
});
