// Creating something in a project while the project is being deleted, on SQLite and PostgreSQL:
// each creation either happens before the deletion (and goes with the project) or answers 404, as
// for any missing project; never a 500 (the insert's foreign key refused). Nothing is left behind:
// no row of the project, no job waiting for work that is gone, no call charged for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type ApiResponse, type TestServer } from '../support/server.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: creations racing a project deletion on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

const ROUNDS = 10;

let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine(() => completion('Example Shop sells bowls.'));
});
afterAll(() => engine?.close());

describe.each(backends)('creations racing a project deletion [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    const engines = [{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 3 }];
    server = await startTestServer({ database, env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify(engines) } });
    // Nothing runs: what is created stays as it was created, so what is left can be counted.
    await server.worker!.stop();
  }, 30_000);
  afterAll(() => server?.close());

  it('answers 404, never 500, to a creation the deletion wins; nothing of the project is left', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const accountId = (await server.call('/me', { key })).body.data.userId as string;
    const seen = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const created = await server.call('/projects', { key, method: 'POST', json: { name: `Shop ${round}`, primaryDomain: 'https://www.example.com' } });
      const path = `/projects/${created.body.data.id}`;
      const post = (operationId: string, suffix: string, json: unknown) => () =>
        server.call(`${path}${suffix}`, { key, method: 'POST', json }).then((response) => ({ operationId, response }));
      const creations = [
        post('createGeoMonitor', '/geo-monitor/monitors', { name: 'A', prompts: ['Bowls?'], locales: ['en'], schedule: { intervalMinutes: 60 } }),
        post('createGeoMonitorTest', '/geo-monitor/tests', { prompt: 'Bowls?', locale: 'en' }),
        post('startAudit', '/audits', { maxPages: 1 }),
        post('createBrief', '/content/briefs', { topic: 'Bowls', audience: 'potters', goal: 'awareness' }),
        () =>
          server
            .call(`${path}/brand`, { key, method: 'PUT', json: { aliases: ['Shop'], domains: [], competitors: [] } })
            .then((response) => ({ operationId: 'setBrandProfile', response })),
        post('createGeoMonitor', '/geo-monitor/monitors', { name: 'B', prompts: ['Cups?'], locales: ['en'], schedule: { intervalMinutes: 60 } }),
        post('createGeoMonitorTest', '/geo-monitor/tests', { prompt: 'Cups?', locale: 'en' }),
        post('startAudit', '/audits', { maxPages: 1 }),
      ];
      const deletion = () => server.call(path, { key, method: 'DELETE' }).then((response) => ({ operationId: 'deleteProject', response }));
      // The deletion goes out among the creations, so that some are answered before it and some after.
      const answers: Array<{ operationId: string; response: ApiResponse }> = await Promise.all([
        ...creations.slice(0, 3).map((create) => create()),
        deletion(),
        ...creations.slice(3).map((create) => create()),
      ]);
      for (const { operationId, response } of answers) {
        const outcome = `${operationId} ${response.status}`;
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
        expect([200, 201, 202, 204, 404], `${outcome}: ${JSON.stringify(response.body)}`).toContain(response.status);
        expectContract(operationId, response);
        if (response.status === 404) expect(response.body.error.code).toBe('NOT_FOUND');
      }
      expect((await server.call(path, { key })).status).toBe(404);
    }
    console.log(`PROJECT DELETE RACE | ${database} | ${[...seen].map(([outcome, n]) => `${outcome}: ${n}`).join(', ')}`);

    const db = server.database.db;
    for (const table of ['geo_monitors', 'geo_tests', 'audit_runs', 'briefs'] as const) {
      const left = await db.selectFrom(table).select('id').where('project_id', 'not in', db.selectFrom('projects').select('id')).execute();
      expect(left, table).toEqual([]);
    }
    expect(await db.selectFrom('brand_profiles').select('project_id').execute()).toEqual([]);
    // Every job of the account was for work that is gone: none waits to run.
    const jobs = await db.selectFrom('jobs').select(['id', 'kind', 'status']).where('account_id', '=', accountId).execute();
    expect(jobs.filter((job) => job.status !== 'cancelled')).toEqual([]);
    // The GEO tests that were created were charged, and given back with their project.
    expect((await server.call('/me', { key })).body.data.usage.answerEngineCalls).toBe(0);
  }, 120_000);
});
