// Running a monitor now, outside its schedule: the run is made at once, waits for a worker, is
// listed and charged like any run, leaves the schedule where it was, works on a paused monitor, and
// is refused while another run of the monitor is open or when the month's calls cannot pay for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine(() => completion('Example Shop is a good place for bowls, as is Etsy.'));
});
afterAll(() => engine?.close());

const engines = () => JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]);
const MONITOR = { name: 'Bowls', prompts: ['Where to buy bowls?'], locales: ['en'], schedule: { intervalMinutes: 60 } };

async function projectWithMonitor(server: TestServer, key: string, monitor: Record<string, unknown> = MONITOR) {
  const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } });
  const created = await server.call(`/projects/${project.body.data.id}/geo-monitor/monitors`, { key, method: 'POST', json: monitor });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return `/projects/${project.body.data.id}/geo-monitor/monitors/${created.body.data.id}`;
}

describe('running a monitor now, with a worker', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: engines() } });
  }, 30_000);
  afterAll(() => server?.close());

  it('makes a run at once that a worker completes; the schedule does not move; a paused monitor can be run', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const path = await projectWithMonitor(server, key);
    const before = (await server.call(path, { key })).body.data;
    const askedAt = new Date(server.clock.now()).toISOString();

    const started = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(started.status).toBe(202);
    expectContract('startGeoMonitorRun', started);
    expect(started.body.data).toMatchObject({ status: 'pending', scheduledFor: askedAt, callsPlanned: 1, callsMade: 0, skippedTicks: 0, figures: null });
    expect(started.headers.get('location')).toBe(`/api/public/v1${path}/runs/${started.body.data.id}`);

    const done = await until('the run', async () => {
      const run = await server.call(`${path}/runs/${started.body.data.id}`, { key });
      return run.body.data.status === 'completed' ? run : undefined;
    });
    expect(done.body.data.figures.brands[0]).toMatchObject({ name: 'Example Shop', mentionRate: 1 });
    expect((await server.call(`${path}/runs`, { key })).body.data.map((r: { id: string }) => r.id)).toEqual([started.body.data.id]);
    // Charged like any run: one call this month.
    expect((await server.call('/me', { key })).body.data.usage.answerEngineCalls).toBe(1);
    // The schedule's next tick is where it was.
    expect((await server.call(path, { key })).body.data.nextRunAt).toBe(before.nextRunAt);

    expect((await server.call(path, { key, method: 'PATCH', json: { paused: true } })).status).toBe(200);
    server.clock.set(server.clock.now() + 60_000);
    const paused = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(paused.status).toBe(202);
    await until('the paused monitor run', async () => {
      const run = await server.call(`${path}/runs/${paused.body.data.id}`, { key });
      return run.body.data.status === 'completed' ? run : undefined;
    });
    expect((await server.call(path, { key })).body.data.nextRunAt).toBeNull();
  });

  it("tracks the brand under the profile's name when it is not the project's, and under the project's again when the name is left out", async () => {
    const key = await server.createKey({ plan: 'pro' });
    const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Shop EU', primaryDomain: 'https://www.example.com' } });
    const projectId = project.body.data.id as string;
    const renamed = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: { name: 'Example Shop', aliases: [], domains: [], competitors: [] },
    });
    expect(renamed.status).toBe(200);
    expectContract('setBrandProfile', renamed);
    expect(renamed.body.data).toMatchObject({ name: 'Example Shop', nameIsProjectName: false });
    const created = await server.call(`/projects/${projectId}/geo-monitor/monitors`, { key, method: 'POST', json: MONITOR });
    const path = `/projects/${projectId}/geo-monitor/monitors/${created.body.data.id}`;
    const runNow = async () => {
      const started = await server.call(`${path}/runs`, { key, method: 'POST' });
      expect(started.status).toBe(202);
      return until('the run', async () => {
        const run = await server.call(`${path}/runs/${started.body.data.id}`, { key });
        return run.body.data.status === 'completed' ? run.body.data : undefined;
      });
    };
    // The answer names "Example Shop": the brand under its own name is mentioned.
    expect((await runNow()).figures.brands[0]).toMatchObject({ name: 'Example Shop', mentionRate: 1 });

    const reset = await server.call(`/projects/${projectId}/brand`, { key, method: 'PUT', json: { aliases: [], domains: [], competitors: [] } });
    expect(reset.body.data).toMatchObject({ name: 'Shop EU', nameIsProjectName: true });
    server.clock.set(server.clock.now() + 60_000);
    expect((await runNow()).figures.brands[0]).toMatchObject({ name: 'Shop EU', mentionRate: 0 });
  });

  it("answers 404 for another account's monitor and one that does not exist", async () => {
    const key = await server.createKey({ plan: 'pro' });
    const path = await projectWithMonitor(server, key);
    const stranger = await server.createKey({ plan: 'pro' });
    const foreign = await server.call(`${path}/runs`, { key: stranger, method: 'POST' });
    expect(foreign.status).toBe(404);
    expectContract('startGeoMonitorRun', foreign);
    const missing = await server.call(`${path.replace(/monitors\/.+$/, 'monitors/0192f9a0-11b3-7c4d-8e5f-6a7b8c9d0e1f')}/runs`, { key, method: 'POST' });
    expect(missing.status).toBe(404);
  });
});

describe('running a monitor now, refused', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: engines() } });
    // No worker: a run stays pending, so the open-run rule can be seen.
    await server.worker!.stop();
  }, 30_000);
  afterAll(() => server?.close());

  it('refuses a second run while one is open (409 INVALID_STATE), charging nothing', async () => {
    const key = await server.createKey({ plan: 'pro' });
    const path = await projectWithMonitor(server, key);
    expect((await server.call(`${path}/runs`, { key, method: 'POST' })).status).toBe(202);
    const again = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(again.status).toBe(409);
    expectContract('startGeoMonitorRun', again);
    expect(again.body.error.code).toBe('INVALID_STATE');
    expect((await server.call(`${path}/runs`, { key })).body.data).toHaveLength(1);
  });

  it("refuses a run the month's answer-engine calls cannot pay for (403 PLAN_LIMIT_EXCEEDED), making none", async () => {
    const key = await server.createKey({ plan: 'starter' });
    // 20 prompts × 3 locales × 1 engine × 5 samples = 300 calls: the starter plan's month, and more than is left after a GEO test.
    const prompts = Array.from({ length: 20 }, (_, i) => `Where to buy bowls, question ${i + 1}?`);
    const path = await projectWithMonitor(server, key, { ...MONITOR, prompts, locales: ['en', 'de', 'fr'], samplesPerPrompt: 5 });
    const projectPath = path.replace(/\/geo-monitor\/monitors\/.+$/, '');
    expect((await server.call(`${projectPath}/geo-monitor/tests`, { key, method: 'POST', json: { prompt: 'Bowls?', locale: 'en' } })).status).toBe(202);
    const refused = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(refused.status).toBe(403);
    expectContract('startGeoMonitorRun', refused);
    expect(refused.body.error).toMatchObject({
      code: 'PLAN_LIMIT_EXCEEDED',
      message: 'The starter plan allows 300 answer-engine calls a month; this needs 300 and 299 are left this month.',
    });
    expect((await server.call(`${path}/runs`, { key })).body.data).toEqual([]);
  });
});
