// Deleting or cancelling GEO work stops its answer-engine call in flight within seconds, and the
// month gets back exactly the calls charged and not made, on SQLite and PostgreSQL. The fake engine
// answers a given number of calls and then hangs on the next one (as a slow provider does, its
// deadline a minute away): the time from the request that deletes or cancels to the engine seeing
// that call hung up is measured, and the month's usage must have risen by the calls answered alone.
// In the `timed` project: it compares times measured during the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: GEO work stopped on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

/** "Within seconds": from the request that stops the work to the engine seeing its call hung up. */
const STOPPED_WITHIN_MS = 5_000;
/** 25 prompts × 5 locales × 1 engine × 5 samples. */
const MONITOR_CALLS = 625;
const MONITOR = {
  name: 'Bowls',
  prompts: Array.from({ length: 25 }, (_, i) => `Where can I buy handmade bowls, question ${i + 1}?`),
  locales: ['en', 'de', 'fr', 'es', 'it'],
  samplesPerPrompt: 5,
  schedule: { intervalMinutes: 60 },
};
/** A GEO test asks the one engine this many times. */
const TEST_CALLS = 5;

/** Answers this many more calls, then hangs on every call until told otherwise. */
let answersLeft = 0;
let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine(() => (answersLeft-- > 0 ? completion('Example Shop sells bowls, as does Etsy.') : 'hang'));
});
afterAll(() => engine?.close());

describe.each(backends)('GEO work stopped [%s]', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    const engines = [{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: TEST_CALLS }];
    server = await startTestServer({ database, env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify(engines) } });
  }, 30_000);
  afterAll(() => server?.close());

  const usage = async (key: string) => (await server.call('/me', { key })).body.data.usage.answerEngineCalls as number;

  async function newProject(key: string): Promise<string> {
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } });
    expect(project.status).toBe(201);
    return `/projects/${project.body.data.id}`;
  }

  /** Starts the calls of `start`, lets `answered` of them be answered, and waits for the next one to be in flight. */
  async function inFlight(answered: number, start: () => Promise<void>, made: () => Promise<number>): Promise<number> {
    const next = engine.requests.length + answered;
    answersLeft = answered;
    await start();
    await until('the call after the answered ones to be in flight', () => (engine.requests.length > next ? true : undefined));
    await until(`${answered} calls recorded as made`, async () => ((await made()) === answered ? true : undefined));
    expect(engine.requests.length).toBe(next + 1);
    return next;
  }

  /** What `stop` costs in time until the engine sees call `index` hung up, in ms. */
  async function stoppedAfter(index: number, stop: () => Promise<void>): Promise<number> {
    const askedAt = Date.now();
    await stop();
    const hungUp = await until(`the engine to see call ${index} hung up`, () => engine.hungUp.find((h) => h.index === index), 20_000);
    return hungUp.at - askedAt;
  }

  async function monitorRunInFlight(key: string, answered: number) {
    const project = await newProject(key);
    const monitor = await server.call(`${project}/geo-monitor/monitors`, { key, method: 'POST', json: MONITOR });
    expect(monitor.status).toBe(201);
    expect(monitor.body.data.callsPerRun).toBe(MONITOR_CALLS);
    const path = `${project}/geo-monitor/monitors/${monitor.body.data.id}`;
    let runId = '';
    const index = await inFlight(
      answered,
      async () => {
        const started = await server.call(`${path}/runs`, { key, method: 'POST' });
        expect(started.status).toBe(202);
        runId = started.body.data.id;
      },
      async () => (await server.repositories.geoMonitorRuns.find(runId))?.callsMade ?? -1,
    );
    expect(await usage(key)).toBe(MONITOR_CALLS);
    const { jobId } = (await server.repositories.geoMonitorRuns.find(runId))!;
    return { project, path, runId, jobId, index };
  }

  async function geoTestInFlight(key: string, answered: number) {
    const project = await newProject(key);
    let testId = '';
    const index = await inFlight(
      answered,
      async () => {
        const started = await server.call(`${project}/geo-monitor/tests`, { key, method: 'POST', json: { prompt: 'Where to buy bowls?', locale: 'en' } });
        expect(started.status).toBe(202);
        testId = started.body.data.testId;
      },
      async () => (await server.repositories.geoTests.find(testId))?.callsMade ?? -1,
    );
    expect(await usage(key)).toBe(TEST_CALLS);
    const { jobId } = (await server.repositories.geoTests.find(testId))!;
    return { project, testId, jobId, index };
  }

  /** The job ends as cancelled, and the engine is asked nothing more. */
  async function endsQuietly(jobId: string, asked: number) {
    const job = await until('the job to end', async () => {
      const found = await server.repositories.jobs.get(jobId);
      return found && found.status !== 'running' && found.status !== 'queued' ? found : undefined;
    });
    expect(job.status).toBe('cancelled');
    expect(engine.requests.length).toBe(asked);
  }

  it('deleting a monitor aborts its run’s call in flight within seconds; the month keeps only the calls made', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const run = await monitorRunInFlight(key, 3);
    const ms = await stoppedAfter(run.index, async () => {
      expect((await server.call(run.path, { key, method: 'DELETE' })).status).toBe(204);
    });
    console.log(`GEO STOP | ${database} | monitor deleted → call hung up: ${ms} ms`);
    expect(ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await usage(key)).toBe(3);
    await endsQuietly(run.jobId, run.index + 1);
    expect(await usage(key)).toBe(3);
  });

  it('deleting a project aborts its monitor run’s call in flight within seconds; the month keeps only the calls made', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const run = await monitorRunInFlight(key, 2);
    const ms = await stoppedAfter(run.index, async () => {
      expect((await server.call(run.project, { key, method: 'DELETE' })).status).toBe(204);
    });
    console.log(`GEO STOP | ${database} | project deleted (monitor run) → call hung up: ${ms} ms`);
    expect(ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await usage(key)).toBe(2);
    await endsQuietly(run.jobId, run.index + 1);
  });

  it('deleting a project aborts its GEO test’s call in flight within seconds; the month keeps only the calls made', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const test = await geoTestInFlight(key, 2);
    const ms = await stoppedAfter(test.index, async () => {
      expect((await server.call(test.project, { key, method: 'DELETE' })).status).toBe(204);
    });
    console.log(`GEO STOP | ${database} | project deleted (GEO test) → call hung up: ${ms} ms`);
    expect(ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await usage(key)).toBe(2);
    await endsQuietly(test.jobId, test.index + 1);
  });

  it('cancelling a run aborts its call in flight within seconds; it keeps its answers and the calls made', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const run = await monitorRunInFlight(key, 4);
    let cancelled: Awaited<ReturnType<TestServer['call']>> | undefined;
    const ms = await stoppedAfter(run.index, async () => {
      cancelled = await server.call(`${run.path}/runs/${run.runId}/cancel`, { key, method: 'POST' });
    });
    console.log(`GEO STOP | ${database} | run cancelled → call hung up: ${ms} ms`);
    expect(cancelled!.status).toBe(200);
    expectContract('cancelGeoMonitorRun', cancelled!);
    expect(cancelled!.body.data).toMatchObject({ id: run.runId, status: 'cancelled', callsPlanned: MONITOR_CALLS, callsMade: 4, figures: null });
    expect(ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await usage(key)).toBe(4);
    await endsQuietly(run.jobId, run.index + 1);
    const answers = await server.call(`${run.path}/runs/${run.runId}/answers`, { key });
    expect(answers.body.meta.total).toBe(4);
    expect((await server.call(`${run.path}/runs/${run.runId}`, { key })).body.data.status).toBe('cancelled');
  });

  it('cancelling a GEO test aborts its call in flight within seconds; the month keeps only the calls made', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const test = await geoTestInFlight(key, 1);
    let cancelled: Awaited<ReturnType<TestServer['call']>> | undefined;
    const ms = await stoppedAfter(test.index, async () => {
      cancelled = await server.call(`${test.project}/geo-monitor/tests/${test.testId}/cancel`, { key, method: 'POST' });
    });
    console.log(`GEO STOP | ${database} | GEO test cancelled → call hung up: ${ms} ms`);
    expect(cancelled!.status).toBe(200);
    expectContract('cancelGeoMonitorTest', cancelled!);
    expect(cancelled!.body.data).toMatchObject({ id: test.testId, status: 'cancelled', summary: null });
    expect(ms).toBeLessThan(STOPPED_WITHIN_MS);
    expect(await usage(key)).toBe(1);
    await endsQuietly(test.jobId, test.index + 1);
  });
});
