// Does the GEO score go with being cited, on this site? Over HTTP, on SQLite and PostgreSQL: a
// monitor's answers (a fake answer engine, tests only) cite twelve pages of the project's latest
// completed audit and a page that answered 404; twenty audited pages are never cited. The audit is
// stored as the audit job stores one (the comparison tests' fixture), with scores and evidence
// points chosen so that every figure can be worked out by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@seo-geo/types';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { EMPTY_SUMMARY, SITE, createRun, pageRecord, type PageSpec } from '../support/audit-comparison-fixture.js';

type CheckResult = components['schemas']['CheckResult'];

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: the GEO score effect on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

// Cited: 12 pages scoring 80, half of them earning E1's 10 points. Never cited: 10 scoring 40 and
// 10 scoring 80, half of each earning E1. E2 does not apply anywhere. /gone is cited but answered 404.
const CITED = Array.from({ length: 12 }, (_, i) => ({ path: `/c${i}`, score: 80, e1: i < 6 ? 10 : 0 }));
const NEVER = Array.from({ length: 20 }, (_, i) => ({ path: `/n${i}`, score: i < 10 ? 40 : 80, e1: i % 2 === 0 ? 10 : 0 }));
const ANSWER = `See ${[...CITED.map((p) => p.path), '/gone'].map((path) => `${SITE}${path}`).join(' and ')}.`;

const check = (id: string, earned: number, applies = true): CheckResult => ({
  id,
  name: id,
  status: applies ? (earned > 0 ? 'pass' : 'fail') : 'na',
  earned,
  max: 10,
  evidence: '',
  fix: null,
});

describe.each(backends)('the GEO score against being cited [%s]', (database) => {
  let engine: FakeEngine;
  let server: TestServer;

  beforeAll(async () => {
    engine = await startFakeEngine(() => completion(ANSWER));
    server = await startTestServer({
      database,
      env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify([{ name: 'chat', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await engine?.close();
  });

  it('compares cited and never-cited pages by GEO score and each evidence check, with the effect, its interval and the counts', async () => {
    const key = await server.createKey();
    const me = (await server.call('/me', { key })).body.data;
    const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Site', primaryDomain: `${SITE}/` } })).body.data.id;
    const monitor = (
      await server.call(`/projects/${projectId}/geo-monitor/monitors`, {
        key,
        method: 'POST',
        json: { name: 'Effect', prompts: ['Where?'], locales: ['en'], schedule: { intervalMinutes: 43200 } },
      })
    ).body.data;
    const path = `/projects/${projectId}/geo-monitor/monitors/${monitor.id}`;

    // No audit yet: said so.
    const noAudit = await server.call(`${path}/geo-score-effect`, { key });
    expectContract('getGeoScoreEffect', noAudit);
    expect(noAudit.body.data).toMatchObject({ auditId: null, verdict: 'no_audit', measures: [], citedPages: 0 });

    const now = server.clock.now();
    const specs: PageSpec[] = [...CITED, ...NEVER].map((p) => [p.path, p.score, []]);
    specs.push(['/gone', 0, [], 404]);
    const repos = server.repositories;
    const audit = await createRun(repos, { projectId, accountId: me.userId }, now);
    const evidence = new Map([...CITED, ...NEVER].map((p) => [`${SITE}${p.path}`, p.e1]));
    await repos.auditPages.insertMany(
      specs.map((spec, i) => {
        const page = pageRecord(audit.id, spec, i, now);
        const e1 = evidence.get(page.url);
        return e1 === undefined ? page : { ...page, checks: [check('E1', e1), check('E2', 0, false)] };
      }),
    );
    await repos.auditIssues.finalise(audit.id);
    await repos.auditRuns.markRunning(audit.id, now);
    await repos.auditRuns.complete(audit.id, { summary: { ...EMPTY_SUMMARY, pagesAudited: specs.length }, stopReason: 'all_pages_crawled', now: now + 1 });

    // Before any run, nothing is cited: too little data, said plainly.
    const none = await server.call(`${path}/geo-score-effect`, { key });
    expectContract('getGeoScoreEffect', none);
    expect(none.body.data).toMatchObject({ auditId: audit.id, citedPages: 0, neverCitedPages: 32, verdict: 'too_little_data' });
    expect(none.body.data.summary).toBe(
      'Too little data: 0 cited and 32 never-cited pages; at least 10 of each are needed to tell whether the GEO score goes with being cited.',
    );

    server.clock.set(now + 60_000);
    const started = await server.call(`${path}/runs`, { key, method: 'POST' });
    await until('the run', async () => {
      const run = await server.call(`${path}/runs/${started.body.data.id}`, { key });
      return run.body.data.status === 'completed' ? run.body.data : undefined;
    });

    const effect = await server.call(`${path}/geo-score-effect`, { key });
    expect(effect.status).toBe(200);
    expectContract('getGeoScoreEffect', effect);
    // GEO score: every cited page (80) beats the 10 never-cited at 40 and ties the 10 at 80:
    // AUC = (12 × 10 + ½ × 12 × 10) ÷ (12 × 20) = 0.75. Hanley–McNeil: Q₁ = 0.75 ÷ 1.25 = 0.6,
    // Q₂ = 2 × 0.5625 ÷ 1.75 = 0.6429, SE² = (0.1875 + 11 × 0.0375 + 19 × 0.0804) ÷ 240, SE = 0.0941,
    // interval 0.75 ± 1.96 × 0.0941 = 0.5655 to 0.9345, without 0.5: cited pages score higher.
    // E1: both groups half at 10, half at 0: AUC 0.5, SE 0.1070, interval 0.2902 to 0.7098: no effect.
    // E2 applies to no page; E3 and E4 are not among the pages' checks: too little data.
    // /gone answered 404: not scored, in neither group.
    expect(effect.body.data).toMatchObject({
      monitorId: monitor.id,
      auditId: audit.id,
      level: 0.95,
      citedPages: 12,
      neverCitedPages: 20,
      neverCitedSampledEvery: 1,
      verdict: 'effect',
      summary:
        'Cited pages score higher: a cited page has a higher GEO score than a never-cited one 75% of the time (95% interval 57% to 93%), over 12 cited and 20 never-cited pages.',
    });
    expect(effect.body.data.measures).toEqual([
      {
        measure: 'geoScore',
        cited: { pages: 12, mean: 80, median: 80 },
        neverCited: { pages: 20, mean: 60, median: 60 },
        auc: 0.75,
        aucLow: 0.5655,
        aucHigh: 0.9345,
        rankBiserial: 0.5,
        rankBiserialLow: 0.131,
        rankBiserialHigh: 0.869,
        verdict: 'cited_higher',
      },
      {
        measure: 'E1',
        cited: { pages: 12, mean: 5, median: 5 },
        neverCited: { pages: 20, mean: 5, median: 5 },
        auc: 0.5,
        aucLow: 0.2902,
        aucHigh: 0.7098,
        rankBiserial: 0,
        rankBiserialLow: -0.4196,
        rankBiserialHigh: 0.4196,
        verdict: 'no_effect',
      },
      ...['E2', 'E3', 'E4'].map((measure) => ({
        measure,
        cited: { pages: 0, mean: null, median: null },
        neverCited: { pages: 0, mean: null, median: null },
        auc: null,
        aucLow: null,
        aucHigh: null,
        rankBiserial: null,
        rankBiserialLow: null,
        rankBiserialHigh: null,
        verdict: 'too_little_data',
      })),
    ]);

    // An audit over the sample bound is compared on every k-th page in URL order, and on every cited
    // page. With a bound of 10, the 33 pages give k = ⌈33 ÷ 10⌉ = 4: in URL order /c0…/c9 are ranks
    // 1 to 12 and /gone 13 (all cited), and the never-cited /n… pages at ranks 16, 20, 24, 28 and 32 are read.
    await repos.auditPages.rank(audit.id);
    const visited = { cited: 0, never: 0 };
    const range = { monitorId: monitor.id, from: new Date(now - 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString() };
    const sampled = await repos.citedPages.effectPages(audit.id, range, 10, (page) => {
      visited[page.cited ? 'cited' : 'never']++;
    });
    expect(sampled).toEqual({ sampledEvery: 4 });
    expect(visited).toEqual({ cited: 13, never: 5 });

    const backwards = await server.call(`${path}/geo-score-effect?from=2025-02-01T00:00:00.000Z&to=2025-01-01T00:00:00.000Z`, { key });
    expect(backwards.status).toBe(400);
    expectContract('getGeoScoreEffect', backwards);
    const stranger = await server.createKey();
    const foreign = await server.call(`${path}/geo-score-effect`, { key: stranger });
    expect(foreign.status).toBe(404);
    expectContract('getGeoScoreEffect', foreign);
  });
});
