// Answer-engine calls charged and not made go back to the month, on SQLite and PostgreSQL: GEO
// tests and monitor runs cancelled before they start or deleted with their project, and a test whose
// engines never answered. Cancelling is answered with the contract's statuses: 200 with the
// cancelled test or run, 409 INVALID_STATE once it is final, 404 for another account's, 403
// without geo:write. (Work stopped while a call is in flight: geo-work-stops.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, providerError, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: answer-engine calls given back on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

const QUIET_SCHEDULER = { MONITOR_SCHEDULER_INTERVAL_MS: '600000' };
const MONITOR = { name: 'Bowls', prompts: ['Where to buy bowls?', 'Which studio?'], locales: ['en'], schedule: { intervalMinutes: 60 } };
const TEST = { prompt: 'Where can I buy handmade bowls?', locale: 'en' };

let answering: FakeEngine;
let refusing: FakeEngine;
beforeAll(async () => {
  answering = await startFakeEngine(() => completion('Example Shop sells bowls.'));
  // A 400 is not retried: the engine's remaining samples are not asked.
  refusing = await startFakeEngine(() => providerError(400, 'The model does not exist'));
});
afterAll(async () => {
  await answering?.close();
  await refusing?.close();
});

describe.each(backends)('calls given back, no worker running [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    // Three samples a test: 3 calls.
    const engines = [{ name: 'fake', baseUrl: answering.baseUrl, model: 'fake-1', samples: 3 }];
    server = await startTestServer({ database, env: { ...QUIET_SCHEDULER, GEO_ENGINES: JSON.stringify(engines) } });
    // Nothing runs: tests and runs stay pending.
    await server.worker!.stop();
  }, 30_000);
  afterAll(() => server?.close());

  const usage = async (key: string) => (await server.call('/me', { key })).body.data.usage.answerEngineCalls as number;
  const newProject = async (key: string) =>
    `/projects/${(await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body.data.id}`;
  const startTest = async (key: string, project: string) => {
    const started = await server.call(`${project}/geo-monitor/tests`, { key, method: 'POST', json: TEST });
    expect(started.status).toBe(202);
    return started.body.data.testId as string;
  };

  it('five queued GEO tests deleted with their project give back their 15 calls; their jobs never start', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = await newProject(key);
    const tests: string[] = [];
    for (let i = 0; i < 5; i++) tests.push(await startTest(key, project));
    expect(await usage(key)).toBe(15);
    const jobs = await Promise.all(tests.map(async (id) => (await server.repositories.geoTests.find(id))!.jobId));

    expect((await server.call(project, { key, method: 'DELETE' })).status).toBe(204);
    expect(await usage(key)).toBe(0);
    for (const jobId of jobs) expect((await server.repositories.jobs.get(jobId))?.status).toBe('cancelled');
  });

  it('a queued GEO test cancelled gives back its calls and never starts; a final one answers 409', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = await newProject(key);
    const kept = await startTest(key, project);
    const testId = await startTest(key, project);
    expect(await usage(key)).toBe(6);
    const path = `${project}/geo-monitor/tests/${testId}`;

    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(`${path}/cancel`, { key: stranger, method: 'POST' });
    expect(foreign.status).toBe(404);
    expectContract('cancelGeoMonitorTest', foreign);
    const readOnly = await server.createKey({ plan: 'pro', scopes: ['geo:read'] });
    const unscoped = await server.call(`${path}/cancel`, { key: readOnly, method: 'POST' });
    expect(unscoped.status).toBe(403);
    expectContract('cancelGeoMonitorTest', unscoped);
    expect(unscoped.body.error.code).toBe('INSUFFICIENT_SCOPE');

    const cancelled = await server.call(`${path}/cancel`, { key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expectContract('cancelGeoMonitorTest', cancelled);
    expect(cancelled.body.data).toMatchObject({ id: testId, status: 'cancelled', results: [], summary: null, error: null });
    expect(cancelled.body.data.finishedAt).not.toBeNull();
    expect(await usage(key)).toBe(3);
    expect((await server.repositories.jobs.get((await server.repositories.geoTests.find(testId))!.jobId))?.status).toBe('cancelled');
    expect((await server.call(path, { key })).body.data.status).toBe('cancelled');

    const again = await server.call(`${path}/cancel`, { key, method: 'POST' });
    expect(again.status).toBe(409);
    expectContract('cancelGeoMonitorTest', again);
    expect(again.body.error).toMatchObject({
      code: 'INVALID_STATE',
      message: 'The GEO monitor test is already cancelled; only pending or running tests can be cancelled.',
    });
    expect(await usage(key)).toBe(3);
    // The other test is untouched.
    expect((await server.call(`${project}/geo-monitor/tests/${kept}`, { key })).body.data.status).toBe('pending');
  });

  it('a pending run cancelled never starts and costs nothing; the monitor can run again', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = await newProject(key);
    const monitor = await server.call(`${project}/geo-monitor/monitors`, { key, method: 'POST', json: MONITOR });
    const path = `${project}/geo-monitor/monitors/${monitor.body.data.id}`;
    const started = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(started.status).toBe(202);
    const runPath = `${path}/runs/${started.body.data.id}`;

    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(`${runPath}/cancel`, { key: stranger, method: 'POST' });
    expect(foreign.status).toBe(404);
    expectContract('cancelGeoMonitorRun', foreign);
    const readOnly = await server.createKey({ plan: 'pro', scopes: ['geo:read'] });
    expect((await server.call(`${runPath}/cancel`, { key: readOnly, method: 'POST' })).status).toBe(403);

    const cancelled = await server.call(`${runPath}/cancel`, { key, method: 'POST' });
    expect(cancelled.status).toBe(200);
    expectContract('cancelGeoMonitorRun', cancelled);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', callsPlanned: 2, callsMade: 0, figures: null, error: null });
    expect(await usage(key)).toBe(0);
    expect((await server.repositories.jobs.get((await server.repositories.geoMonitorRuns.find(started.body.data.id))!.jobId))?.status).toBe('cancelled');

    const again = await server.call(`${runPath}/cancel`, { key, method: 'POST' });
    expect(again.status).toBe(409);
    expectContract('cancelGeoMonitorRun', again);
    expect(again.body.error).toMatchObject({
      code: 'INVALID_STATE',
      message: 'The monitor run is already cancelled; only pending or running runs can be cancelled.',
    });
    // No run is open any more: another may start.
    server.clock.set(server.clock.now() + 1_000);
    expect((await server.call(`${path}/runs`, { key, method: 'POST' })).status).toBe(202);
  });
});

describe.each(backends)('calls given back, with a worker [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    const engines = [
      // Its key's variable is not set: nothing is asked of it.
      { name: 'keyless', baseUrl: answering.baseUrl, model: 'fake-1', apiKeyEnv: 'GEO_CALLS_GIVEN_BACK_UNSET_KEY', samples: 3 },
      { name: 'refusing', baseUrl: refusing.baseUrl, model: 'fake-2', samples: 2 },
    ];
    server = await startTestServer({ database, env: { ...QUIET_SCHEDULER, GEO_ENGINES: JSON.stringify(engines) } });
  }, 30_000);
  afterAll(() => server?.close());

  it('a test whose engines never answered keeps only the call it made; a final test cannot be cancelled', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = `/projects/${(await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body.data.id}`;
    const asked = refusing.requests.length;
    const started = await server.call(`${project}/geo-monitor/tests`, { key, method: 'POST', json: TEST });
    expect(started.status).toBe(202);
    const path = `${project}/geo-monitor/tests/${started.body.data.testId}`;
    const failed = await until('the test to fail', async () => {
      const test = (await server.call(path, { key })).body.data;
      return test.status === 'failed' ? test : undefined;
    });
    expect(failed.error).toContain('No answer engine answered');
    // 3 + 2 calls charged; one was made (the refusal, not retried), which stopped the refusing engine's second sample.
    expect(refusing.requests.length - asked).toBe(1);
    expect((await server.call('/me', { key })).body.data.usage.answerEngineCalls).toBe(1);

    const refused = await server.call(`${path}/cancel`, { key, method: 'POST' });
    expect(refused.status).toBe(409);
    expectContract('cancelGeoMonitorTest', refused);
    expect(refused.body.error.message).toBe('The GEO monitor test is already failed; only pending or running tests can be cancelled.');
  });
});
