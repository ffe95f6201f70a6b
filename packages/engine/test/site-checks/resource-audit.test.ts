// The resource check end to end: runAudit over the resources fixture site, with and without
// checkResources. Asked for, every distinct resource of the scored pages is requested once (HEAD),
// `data:` URIs and what robots.txt disallows never; broken_resource goes on exactly the pages
// that load a broken one, naming each; the broken resources come once each with their pages.
// Not asked for, no resource is requested at all. With a rate limit, the site's resources are
// requested no faster than the crawl's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/audit/run-audit.js';
import type { AuditEvent, AuditOptions } from '../../src/audit/types.js';
import { TEST_UA } from '../crawl/helpers.js';
import { fixtureResolver } from '../fixtures/site/resolver.js';
import {
  CDN_RESOURCES,
  expectedBroken,
  RESOURCES_CDN_HOST,
  RESOURCES_HOST,
  resourcesCdnRoutes,
  resourcesRoutes,
  ROBOTS_DISALLOWED,
  SITE_RESOURCES,
} from '../fixtures/site/resources-site.js';
import { startFixtureServer, type AccessLogEntry, type FixtureServer } from '../fixtures/site/server.js';

/** Resource paths of either host, the ones no page is at: what a check requests. */
const RESOURCE_PATHS = new Set([...Object.keys(SITE_RESOURCES), ...Object.keys(CDN_RESOURCES), '/missing.png', '/img/hero-2x.png', '/never.png']);

describe('the resource check on the fixture site', () => {
  let server: FixtureServer;
  let origin: string;
  const resolver = fixtureResolver({ [RESOURCES_HOST]: '127.0.0.1', [RESOURCES_CDN_HOST]: '127.0.0.1' });

  async function audit(options: Partial<AuditOptions>): Promise<{ events: AuditEvent[]; requests: AccessLogEntry[] }> {
    const from = server.log.length;
    const events: AuditEvent[] = [];
    for await (const event of runAudit({
      seedUrl: `${origin}/`,
      primaryDomain: RESOURCES_HOST,
      maxPages: 50,
      limits: { requestTimeoutMs: 2000, perHostConcurrency: 2 },
      policy: { allowLoopback: true },
      userAgent: TEST_UA,
      resolver: resolver.resolve,
      ...options,
    })) {
      events.push(event);
    }
    return { events, requests: server.log.slice(from).filter((entry) => RESOURCE_PATHS.has(entry.path) || entry.path.startsWith('/private/')) };
  }

  const issuesOf = (events: AuditEvent[]): Record<string, string[]> =>
    Object.fromEntries(
      events.flatMap((e) => {
        if (e.type !== 'site-page') return [];
        const found = e.result.issues.find((i) => i.code === 'broken_resource');
        return found ? [[e.result.url.slice(origin.length), [found.message]]] : [];
      }),
    );

  beforeAll(async () => {
    server = await startFixtureServer({ [RESOURCES_HOST]: resourcesRoutes, [RESOURCES_CDN_HOST]: resourcesCdnRoutes });
    origin = server.origin(RESOURCES_HOST);
  });
  afterAll(() => server.close());

  describe('asked for', () => {
    let events: AuditEvent[];
    let requests: AccessLogEntry[];

    beforeAll(async () => {
      ({ events, requests } = await audit({ checkResources: true }));
    });

    it('runs its phase after the crawl, and the broken resources come after the site-page events', () => {
      const kinds = events.filter((e) => e.type !== 'progress').map((e) => (e.type === 'phase' ? `phase:${e.phase}` : e.type));
      expect(kinds.filter((k, i) => k !== kinds[i - 1])).toEqual([
        'phase:crawling',
        'page',
        'phase:resources',
        'phase:site_checks',
        'site-page',
        'broken-resources',
        'site',
        'done',
      ]);
    });

    it('requests each distinct resource of the scored pages once, by HEAD; data: URIs, robots.txt exclusions and unscored pages never', () => {
      const asked = requests.map((r) => `${r.method} ${r.host}${r.path}`).sort();
      const site = ['/styles/site.css', '/app.js', '/favicon.ico', '/img/hero-1x.png', '/img/hero-2x.png', '/missing.png'];
      expect(asked).toEqual(
        [...site.map((p) => `HEAD ${RESOURCES_HOST}${p}`), ...Object.keys(CDN_RESOURCES).map((p) => `HEAD ${RESOURCES_CDN_HOST}${p}`)].sort(),
      );
      expect(requests.some((r) => r.path === ROBOTS_DISALLOWED || r.path === '/never.png')).toBe(false);
      expect(server.log.some((r) => r.path.startsWith('/data:') || r.path.includes('base64'))).toBe(false);
    });

    it('gives broken_resource to exactly the pages that load a broken resource, each named with its answer', () => {
      const expected = Object.fromEntries(
        Object.entries(expectedBroken(server.port)).map(([path, found]) => [path, [`The page loads ${found.length} broken resources: ${found.join(', ')}.`]]),
      );
      expect(issuesOf(events)).toEqual(expected);
      const issue = events.flatMap((e) => (e.type === 'site-page' ? e.result.issues : [])).find((i) => i.code === 'broken_resource');
      expect(issue?.severity).toBe('error');
    });

    it('lists each broken resource once with the pages that load it, most used first, and counts what it checked', () => {
      const broken = events.find((e) => e.type === 'broken-resources');
      const site = (path: string): string => `${origin}${path}`;
      expect(broken?.type === 'broken-resources' && broken.resources).toEqual([
        { url: site('/missing.png'), statusCode: 404, reason: '404', pages: 2 },
        { url: `http://${RESOURCES_CDN_HOST}:${server.port}/gone.jpg`, statusCode: 410, reason: '410', pages: 1 },
        { url: site('/img/hero-2x.png'), statusCode: 404, reason: '404', pages: 1 },
        { url: site('/styles/site.css'), statusCode: 500, reason: '500', pages: 1 },
      ]);
      const findings = events.find((e) => e.type === 'site');
      // Nine distinct resources: eight requested, robots.txt's one not.
      expect(findings?.type === 'site' && findings.findings.resources).toEqual({ checked: 8, broken: 4, notChecked: 1 });
    });

    it('keeps what each page loads on its analysis, data: URIs left out', () => {
      const home = events.find((e) => e.type === 'page' && e.analysis.url === `${origin}/`);
      expect(home?.type === 'page' && home.analysis.resources).toEqual(
        ['/styles/site.css', '/favicon.ico', '/app.js', '/missing.png'].map((p) => `${origin}${p}`),
      );
    });
  });

  it('requests no resource, and has no phase or findings for them, when not asked for', async () => {
    const { events, requests } = await audit({});
    expect(requests).toEqual([]);
    expect(events.some((e) => e.type === 'phase' && e.phase === 'resources')).toBe(false);
    expect(events.some((e) => e.type === 'broken-resources')).toBe(false);
    expect(issuesOf(events)).toEqual({});
    const site = events.find((e) => e.type === 'site');
    expect(site?.type === 'site' && site.findings.resources).toBeNull();
  });

  it("requests the site's resources within the crawl's rate limit", async () => {
    const { requests } = await audit({ checkResources: true, limits: { requestTimeoutMs: 2000, perHostConcurrency: 2, requestIntervalMs: 80 } });
    const onSite = requests.filter((r) => r.host === RESOURCES_HOST).map((r) => r.at);
    expect(onSite.length).toBe(6);
    // The requests start an interval apart; the site sees them arrive so, but for a loaded machine's
    // delay in sending one, which brings it nearer the next (53 ms apart in a full test run). What
    // arrives is held to the rate as a whole: five intervals from the first to the last, timer
    // slack aside (without the limit, all six arrive within a few milliseconds).
    expect(onSite.at(-1)! - onSite[0]!).toBeGreaterThanOrEqual(5 * 75);
  });
});
