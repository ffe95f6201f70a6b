// Sources, citation share, alerts and the join of citations with the audit, end to end: a fixture
// site on 127.0.0.1 is really audited, then a monitor asks two kinds of answer engine, a plain
// chat engine and a grounded one (Perplexity's Sonar, through its SDK, against a fake server that
// answers in its documented shape), whose answers cite the site's pages (tagged `utm_source`, as
// engines tag them), a page the audit never saw, and other sites. The figures, the cited pages with their audit, the pages never cited, and the
// `geo_monitor.alert` event are checked against counts made by hand, and against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completion,
  FIXTURE_ROUTES,
  fixtureResolver,
  startFakeEngine,
  startFixtureServer,
  WWW,
  type FakeEngine,
  type FixtureServer,
  type RecordedRequest,
} from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';
import { eventViolations } from '../webhooks/support/contract.js';
import { createEndpoint, fastDeliveries } from '../webhooks/support/endpoints.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

const MIN = 60_000;
const until = <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => pollUntil(what, probe, 30_000);

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: cited pages and alerts on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

let site: FixtureServer;
let receiver: Receiver;
/** The chat engine's answers: run 1's (one per prompt), then run 2's. `{site}` is the audited site's origin. */
const ANSWERS = [
  // Run 1: the project cited twice on /about (once tagged), once on /contact; Etsy once.
  'Fixture Shop explains it on [its about page]({site}/about?utm_source=chatgpt.com) and at {site}/contact.',
  "See [Fixture Shop's about page]({site}/about) or Etsy (https://www.etsy.com/c/bowls).",
  // Run 2: the project not mentioned; a page the audit has not seen, and Etsy twice.
  'Etsy has more: https://www.etsy.com/c/bowls and https://www.etsy.com/c/cups.',
  'Kilnworks is good, see {site}/never-crawled for a comparison.',
];

/** Sonar's answers, in the same order: text with `[n]` markers, and its citations with their titles. */
const SONAR: Array<{ text: string; cited: Array<[string, string]> }> = [
  // Run 1: the project's /about (tagged by the engine) and Etsy; then the project's /contact.
  {
    text: "Fixture Shop's guide is the best start [1], then Etsy [2].",
    cited: [
      ['{site}/about?utm_source=perplexity', 'About – Fixture Shop'],
      ['https://www.etsy.com/c/bowls', 'Bowls | Etsy'],
    ],
  },
  { text: 'Fixture Shop also explains returns [1].', cited: [['{site}/contact', 'Contact – Fixture Shop']] },
  // Run 2: other sites only.
  { text: 'Etsy is the largest marketplace [1].', cited: [['https://www.etsy.com/c/cups', 'Cups | Etsy']] },
  { text: 'Try Kilnworks [1].', cited: [['https://kilnworks.com/', 'Kilnworks']] },
];

/** A Sonar chat completion as Perplexity documents it: `citations`, `search_results`, `[n]` in the text. */
function sonarReply(answer: (typeof SONAR)[number], origin: string) {
  const urls = answer.cited.map(([url]) => url.replaceAll('{site}', origin));
  return {
    json: {
      id: 'sonar-test',
      model: 'sonar',
      created: 1724369245,
      object: 'chat.completion',
      citations: urls,
      search_results: answer.cited.map(([, title], i) => ({ title, url: urls[i], date: null })),
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer.text } }],
    },
  };
}

beforeAll(async () => {
  process.env.SONAR_TEST_KEY = 'pplx-test-key';
  site = await startFixtureServer(FIXTURE_ROUTES);
  receiver = await startReceiver();
});
afterAll(async () => {
  delete process.env.SONAR_TEST_KEY;
  await receiver?.close();
  await site?.close();
});

describe.each(backends)('a monitor whose answers cite the audited site [%s]', (database) => {
  let engine: FakeEngine;
  let sonar: FakeEngine;
  let server: TestServer;

  beforeAll(async () => {
    let asked = 0;
    engine = await startFakeEngine((_request: RecordedRequest) => completion(ANSWERS[asked++ % ANSWERS.length]!.replaceAll('{site}', site.origin(WWW))));
    let sonarAsked = 0;
    sonar = await startFakeEngine(() => sonarReply(SONAR[sonarAsked++ % SONAR.length]!, site.origin(WWW)));
    server = await startTestServer({
      database,
      // The fixture site has hanging and oversized pages: short limits keep the audit quick.
      crawl: { limits: { requestTimeoutMs: 4000, maxBodyBytes: 64 * 1024, perHostConcurrency: 2 }, resolver: fixtureResolver({}).resolve },
      env: {
        MONITOR_SCHEDULER_INTERVAL_MS: '600000',
        GEO_ENGINES: JSON.stringify([
          { name: 'chat', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 },
          { name: 'sonar', kind: 'perplexity', baseUrl: sonar.baseUrl, model: 'sonar', apiKeyEnv: 'SONAR_TEST_KEY', samples: 1 },
        ]),
      },
      webhooks: fastDeliveries(),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await engine?.close();
    await sonar?.close();
  });

  it('keeps sources, figures their citation share, joins the cited pages with the audit, and alerts', async () => {
    const key = await server.createKey({ plan: 'agency' });
    await createEndpoint(server, key, receiver, `/alerts-${database}`, ['geo_monitor.alert']);
    const origin = site.origin(WWW);
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Fixture Shop', primaryDomain: origin } });
    expect(project.status).toBe(201);
    const projectId = project.body.data.id as string;

    // The audit, for real.
    const started = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages: 50 } });
    expect(started.status).toBe(202);
    const auditId = started.body.data.auditRunId as string;
    await until('the audit', async () => {
      const audit = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
      if (audit.body.data.status === 'failed') throw new Error(`the audit failed: ${JSON.stringify(audit.body.data.error)}`);
      return audit.body.data.status === 'completed' ? audit : undefined;
    });
    const audited = await server.call(`/projects/${projectId}/audits/${auditId}/pages?pageSize=100`, { key });
    expect(audited.body.meta.hasNextPage).toBe(false);
    const pageAt = (path: string) => audited.body.data.find((p: { url: string }) => p.url === `${origin}${path}`);
    expect(pageAt('/about')).toBeDefined();
    expect(pageAt('/contact')).toBeDefined();

    const createdAt = server.clock.now();
    const created = await server.call(`/projects/${projectId}/geo-monitor/monitors`, {
      key,
      method: 'POST',
      json: { name: 'Cited', prompts: ['Where?', 'Who?'], locales: ['en'], schedule: { intervalMinutes: 60 }, alerts: { visibility: 0.4, citationShare: 0.4 } },
    });
    expectContract('createGeoMonitor', created);
    expect(created.body.data.alerts).toEqual({ visibility: 0.4, citationShare: 0.4, confidenceLevel: 0.95 });
    const path = `/projects/${projectId}/geo-monitor/monitors/${created.body.data.id}`;

    const runAt = async (tick: number) => {
      server.clock.set(tick);
      await server.scheduler!.tick();
      return until(`the run at ${tick}`, async () => {
        const runs = await server.call(`${path}/runs?pageSize=100`, { key });
        const run = runs.body.data.find((r: { scheduledFor: string }) => r.scheduledFor === new Date(tick).toISOString());
        return run?.status === 'completed' ? run : undefined;
      });
    };
    const run1 = await runAt(createdAt + 60 * MIN);

    // Sources of a plain answer: the URLs it writes, normalised, with a link's text as the title.
    const answers = await server.call(`${path}/runs/${run1.id}/answers`, { key });
    expectContract('listGeoMonitorRunAnswers', answers);
    expect(answers.body.data.map((a: { engine: string }) => a.engine)).toEqual(['chat', 'sonar', 'chat', 'sonar']);
    const first = answers.body.data[0].sample;
    expect(first.sources.map((s: { url: string; title: string | null; domain: string }) => [s.url, s.title])).toEqual([
      [`${origin}/about`, 'its about page'],
      [`${origin}/contact`, null],
    ]);
    expect(first.answer.slice(first.sources[1].uses[0].start, first.sources[1].uses[0].end)).toBe(`${origin}/contact`);
    // A grounded answer's: the engine's list, its titles, and the `[n]` marker citing each.
    const grounded = answers.body.data[1].sample;
    expect(grounded.sources).toEqual([
      { url: `${origin}/about`, title: 'About – Fixture Shop', domain: 'fixture.test', uses: [{ start: 39, end: 42 }] },
      { url: 'https://www.etsy.com/c/bowls', title: 'Bowls | Etsy', domain: 'etsy.com', uses: [{ start: 54, end: 57 }] },
    ]);
    expect(grounded.answer.slice(39, 42)).toBe('[1]');
    expect(grounded.brands[0]).toMatchObject({ mentioned: true, cited: true });

    // Seven citations in run 1: /about in three answers, /contact in two (the project's five), Etsy's bowls in two.
    expect(run1.figures.brands[0]).toMatchObject({ name: 'Fixture Shop', mentionRate: 1, citedRate: 1, citationShare: 0.7143 });
    expect(run1.figures.brandCitations[0].urls).toEqual([
      { url: `${origin}/about`, answers: 3 },
      { url: `${origin}/contact`, answers: 2 },
    ]);
    expect(run1.figures.citations).toEqual([
      { domain: 'fixture.test', answers: 4, urls: 2, citations: 5, share: 0.7143 },
      { domain: 'etsy.com', answers: 2, urls: 1, citations: 2, share: 0.2857 },
    ]);

    // Run 2: visibility 1 → 0 and citation share 0.7143 → 0.2 (one of five): both past their thresholds.
    const run2 = await runAt(createdAt + 120 * MIN);
    expect(run2.figures.brands[0]).toMatchObject({ mentionRate: 0, citationShare: 0.2 });

    const cited = await server.call(`${path}/cited-pages`, { key });
    expect(cited.status).toBe(200);
    expectContract('listGeoMonitorCitedPages', cited);
    expect(cited.body.auditId).toBe(auditId);
    const about = pageAt('/about');
    const contact = pageAt('/contact');
    expect(cited.body.data).toEqual([
      {
        url: `${origin}/about`,
        citations: 3,
        engines: ['chat', 'sonar'],
        lastCitedAt: run1.scheduledFor,
        audit: { auditId, pageId: about.id, statusCode: about.statusCode, geoScore: about.geoScore, scored: true, issues: about.issues },
      },
      {
        url: `${origin}/contact`,
        citations: 2,
        engines: ['chat', 'sonar'],
        lastCitedAt: run1.scheduledFor,
        audit: { auditId, pageId: contact.id, statusCode: contact.statusCode, geoScore: contact.geoScore, scored: true, issues: contact.issues },
      },
      { url: `${origin}/never-crawled`, citations: 1, engines: ['chat'], lastCitedAt: run2.scheduledFor, audit: null },
    ]);
    expect(cited.body.meta).toMatchObject({ total: 3, hasNextPage: false });

    // The audited pages no answer cites: every other page of the audit, by URL; a page that
    // redirects to a cited one is cited through its final URL.
    const never = await server.call(`${path}/cited-pages?cited=false&pageSize=100`, { key });
    expectContract('listGeoMonitorCitedPages', never);
    const citedUrls = [about.url, contact.url, `${origin}/never-crawled`];
    const expected = audited.body.data
      .filter((p: { url: string; finalUrl: string }) => !citedUrls.includes(p.url) && !citedUrls.includes(p.finalUrl))
      .map((p: { url: string }) => p.url)
      .sort();
    expect(expected.length).toBeLessThan(audited.body.data.length - 2);
    expect(never.body.data.map((p: { url: string }) => p.url)).toEqual(expected);
    expect(never.body.data.every((p: { citations: number; audit: unknown }) => p.citations === 0 && p.audit !== null)).toBe(true);
    expect(never.body.meta.total).toBe(expected.length);
    // Each record says whether it was scored, as the pages list does (the redirect is not).
    const scoredByUrl = new Map(audited.body.data.map((p: { url: string; scored: boolean }) => [p.url, p.scored]));
    expect(never.body.data.map((p: { url: string; audit: { scored: boolean } }) => [p.url, p.audit.scored])).toEqual(
      expected.map((url: string) => [url, scoredByUrl.get(url)]),
    );
    expect(never.body.data.some((p: { audit: { scored: boolean } }) => !p.audit.scored)).toBe(true);

    // A range before the runs cites nothing; a range the wrong way round is refused.
    const before = await server.call(`${path}/cited-pages?to=${encodeURIComponent(new Date(createdAt).toISOString())}`, { key });
    expectContract('listGeoMonitorCitedPages', before);
    expect(before.body.data).toEqual([]);
    const backwards = await server.call(`${path}/cited-pages?from=2025-02-01T00:00:00.000Z&to=2025-01-01T00:00:00.000Z`, { key });
    expect(backwards.status).toBe(400);
    expectContract('listGeoMonitorCitedPages', backwards);

    // Another account sees nothing of it.
    const stranger = await server.createKey();
    expect((await server.call(`${path}/cited-pages`, { key: stranger })).status).toBe(404);

    // One alert, after run 2. Both of the project's figures moved past 0.4, but over four answers a
    // run only the visibility's change is significant: 4 of 4 against 0 of 4, pooled p̄ = 0.5,
    // z = −1 ÷ √(0.25 × (1/4 + 1/4)) = −2.8284, p = 0.0047. The citation share's (5 of 7 citations
    // against 1 of 5, effective sample sizes 7 and 3.41 by the delta method) has p = 0.118: noise.
    const [delivery] = await until('the alert', async () => {
      const mine = receiver.deliveries.filter((d) => d.path === `/alerts-${database}`);
      return mine.length >= 1 ? mine : undefined;
    });
    expect(delivery!.verified).toBe(true);
    expect(eventViolations('geo_monitor.alert', delivery!)).toEqual([]);
    const alert = (delivery!.payload as { data: { id: string } }).data;
    expect(alert).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      monitorId: created.body.data.id,
      projectId,
      runId: run2.id,
      previousRunId: run1.id,
      changes: [
        {
          competitorId: null,
          name: 'Fixture Shop',
          figure: 'visibility',
          previous: 1,
          current: 0,
          change: -1,
          threshold: 0.4,
          evidence: {
            test: 'two-proportion-z',
            pValue: 0.004678,
            confidenceLevel: 0.95,
            // Wilson's 4 of 4 and 0 of 4.
            previous: { samples: 4, count: 4, n: 4, low: 0.5101, high: 1 },
            current: { samples: 4, count: 0, n: 4, low: 0, high: 0.4899 },
          },
        },
      ],
    });
    // Kept: the monitor's alerts list it, and the monitor shows it as its last.
    const alerts = await server.call(`${path}/alerts`, { key });
    expectContract('listGeoMonitorAlerts', alerts);
    expect(alerts.body.data).toEqual([alert]);
    const monitor = await server.call(path, { key });
    expect(monitor.body.data.lastAlert).toEqual(alert);
    expect((await server.call(`${path}/alerts`, { key: stranger })).status).toBe(404);
  }, 120_000);
});
