// Alerts on real change, what a monitor costs, and surfaces, over HTTP against fake answer engines
// (tests only) answering a controlled mix, on SQLite and PostgreSQL. Two monitors see the same
// change of visibility, 33 points: over 3 answers a run it is noise (2 of 3 → 1 of 3, p = 0.41) and
// no alert is raised; over 30 it is a real shift (25 of 30 → 15 of 30, p = 0.0062) and the alert is
// raised, kept with its evidence and sent. A monitor with a monthly call cap has its run past the cap
// skipped, charged nothing. Two engines of two surfaces answer one monitor: every answer and figure
// says which, and the run's figures say they sum both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine, type RecordedRequest } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';
import { eventViolations } from '../webhooks/support/contract.js';
import { createEndpoint, fastDeliveries } from '../webhooks/support/endpoints.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: GEO alerts and cost on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

const MIN = 60_000;
const NOISE = 'Noise: where can I buy bowls?';
const SHIFT = Array.from({ length: 6 }, (_, i) => `Shift ${i}: which shop sells bowls?`);

/**
 * The chat engine: in phase 1, 2 of every 3 noise answers and 5 of every 6 shift answers name the
 * project; in phase 2, 1 of 3 and 1 of 2. Other prompts get an answer naming it.
 */
function mix(state: { phase: 1 | 2; noise: number; shift: number }) {
  return (request: RecordedRequest) => {
    const prompt = (request.body.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;
    let named = true;
    if (prompt === NOISE) named = state.phase === 1 ? state.noise++ % 3 < 2 : state.noise++ % 3 < 1;
    else if (prompt.startsWith('Shift')) named = state.phase === 1 ? state.shift++ % 6 < 5 : state.shift++ % 2 === 0;
    return completion(named ? 'Example Shop has them (https://www.example.com/bowls).' : 'A local pottery will do.');
  };
}

/** Sonar's answer in Perplexity's shape: a grounded engine citing the project. */
const SONAR = {
  json: {
    id: 'sonar-test',
    model: 'sonar',
    created: 1724369245,
    object: 'chat.completion',
    citations: ['https://www.example.com/guide'],
    search_results: [{ title: 'Guide', url: 'https://www.example.com/guide', date: null }],
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Example Shop explains it [1].' } }],
  },
};

beforeAll(() => {
  process.env.SONAR_ALERTS_KEY = 'pplx-test-key';
});
afterAll(() => {
  delete process.env.SONAR_ALERTS_KEY;
});

describe.each(backends)('alerts on real change, cost and surfaces [%s]', (database) => {
  const state = { phase: 1 as 1 | 2, noise: 0, shift: 0 };
  let chat: FakeEngine;
  let sonar: FakeEngine;
  let server: TestServer;
  let receiver: Receiver;
  let key: string;
  let projectId: string;

  beforeAll(async () => {
    chat = await startFakeEngine(mix(state));
    sonar = await startFakeEngine(() => SONAR);
    receiver = await startReceiver();
    server = await startTestServer({
      database,
      env: {
        MONITOR_SCHEDULER_INTERVAL_MS: '600000',
        GEO_ENGINES: JSON.stringify([
          { name: 'chat', baseUrl: chat.baseUrl, model: 'fake-1', samples: 1 },
          { name: 'sonar', kind: 'perplexity', baseUrl: sonar.baseUrl, model: 'sonar', apiKeyEnv: 'SONAR_ALERTS_KEY', samples: 1 },
        ]),
      },
      webhooks: fastDeliveries(),
    });
    key = await server.createKey({ plan: 'agency' });
    projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body.data
      .id;
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await chat?.close();
    await sonar?.close();
  });

  const monitorPath = (id: string) => `/projects/${projectId}/geo-monitor/monitors/${id}`;
  const create = async (json: Record<string, unknown>) => {
    const response = await server.call(`/projects/${projectId}/geo-monitor/monitors`, { key, method: 'POST', json: { locales: ['en'], ...json } });
    expectContract('createGeoMonitor', response);
    expect(response.status).toBe(201);
    return response.body.data;
  };
  /** Runs the monitor now and waits for the run to end. */
  const runNow = async (path: string) => {
    server.clock.set(server.clock.now() + MIN);
    const started = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(started.status).toBe(202);
    return until('the run to end', async () => {
      const response = await server.call(`${path}/runs/${started.body.data.id}`, { key });
      expectContract('getGeoMonitorRun', response);
      return ['completed', 'failed', 'skipped'].includes(response.body.data.status) ? response.body.data : undefined;
    });
  };

  it('raises an alert on a real shift and stays silent on noise of the same size; the alert is kept and sent with its evidence', async () => {
    await createEndpoint(server, key, receiver, `/alerts-${database}`, ['geo_monitor.alert']);
    const alerts = { visibility: 0.2 };
    const noise = await create({ name: 'Noise', prompts: [NOISE], engines: ['chat'], samplesPerPrompt: 3, schedule: { intervalMinutes: 43200 }, alerts });
    const shift = await create({ name: 'Shift', prompts: SHIFT, engines: ['chat'], samplesPerPrompt: 5, schedule: { intervalMinutes: 43200 }, alerts });
    expect(noise.alerts).toEqual({ visibility: 0.2, citationShare: null, confidenceLevel: 0.95 });

    state.phase = 1;
    expect((await runNow(monitorPath(noise.id))).figures.brands[0].uncertainty.mentionRate).toEqual({ count: 2, n: 3, low: 0.2077, high: 0.9385 });
    const before = await runNow(monitorPath(shift.id));
    expect(before.figures.brands[0].uncertainty.mentionRate).toEqual({ count: 25, n: 30, low: 0.6644, high: 0.9266 });
    state.phase = 2;
    state.noise = state.shift = 0;
    const noiseAfter = await runNow(monitorPath(noise.id));
    const after = await runNow(monitorPath(shift.id));
    // The same change, 33 points, past the threshold of 20 in both.
    expect(noiseAfter.figures.brands[0].mentionRate).toBe(0.3333);
    expect(after.figures.brands[0].mentionRate).toBe(0.5);

    // Noise: 2 of 3 against 1 of 3, p = 0.4142 (see the statistics tests): nothing raised.
    const silent = await server.call(`${monitorPath(noise.id)}/alerts`, { key });
    expectContract('listGeoMonitorAlerts', silent);
    expect(silent.body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await server.call(monitorPath(noise.id), { key })).body.data.lastAlert).toBeNull();

    // A real shift: 25 of 30 against 15 of 30, p̄ = 2/3, z = −1/3 ÷ √(2/9 × 2/30) = −2.7386, p = 0.00617.
    const raised = await server.call(`${monitorPath(shift.id)}/alerts`, { key });
    expectContract('listGeoMonitorAlerts', raised);
    expect(raised.body.meta.total).toBe(1);
    const [alert] = raised.body.data;
    expect(alert).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      monitorId: shift.id,
      projectId,
      runId: after.id,
      previousRunId: before.id,
      changes: [
        {
          competitorId: null,
          name: 'Example Shop',
          figure: 'visibility',
          previous: 0.8333,
          current: 0.5,
          change: -0.3333,
          threshold: 0.2,
          evidence: {
            test: 'two-proportion-z',
            pValue: 0.00617,
            confidenceLevel: 0.95,
            previous: { samples: 30, count: 25, n: 30, low: 0.6644, high: 0.9266 },
            current: { samples: 30, count: 15, n: 30, low: 0.3315, high: 0.6685 },
          },
        },
      ],
    });
    expect((await server.call(monitorPath(shift.id), { key })).body.data.lastAlert).toEqual(alert);
    const delivery = await until('the alert delivery', async () => receiver.deliveries.find((d) => d.path === `/alerts-${database}`));
    expect(eventViolations('geo_monitor.alert', delivery)).toEqual([]);
    expect((delivery.payload as { data: unknown }).data).toEqual(alert);
    expect(receiver.deliveries.filter((d) => d.path === `/alerts-${database}`)).toHaveLength(1);

    // At 99.9% the same shift back (15 of 30 → 25 of 30, p = 0.006) raises nothing more.
    const stricter = await server.call(monitorPath(shift.id), { key, method: 'PATCH', json: { alerts: { confidenceLevel: 0.999 } } });
    expect(stricter.body.data.alerts).toEqual({ visibility: 0.2, citationShare: null, confidenceLevel: 0.999 });
    state.phase = 1;
    state.shift = 0;
    await runNow(monitorPath(shift.id));
    expect((await server.call(`${monitorPath(shift.id)}/alerts`, { key })).body.meta.total).toBe(1);

    // Another account sees none of it.
    const stranger = await server.createKey();
    expect((await server.call(`${monitorPath(shift.id)}/alerts`, { key: stranger })).status).toBe(404);
  });

  it('says what a monitor costs before and after, and skips a run past its monthly call cap, charging nothing', async () => {
    const monitor = await create({ name: 'Capped', prompts: ['Where?', 'Who?'], engines: ['chat'], schedule: { intervalMinutes: 60 }, monthlyCallCap: 3 });
    // 2 prompts × 1 locale × 1 engine × 1 sample; hourly, 720 ticks in 30 days.
    expect(monitor).toMatchObject({ callsPerRun: 2, runsPerMonth: 720, callsPerMonth: 1440, monthlyCallCap: 3, callsThisMonth: 0 });
    const path = monitorPath(monitor.id);
    const me = async () => (await server.call('/me', { key })).body.data.usage.answerEngineCalls as number;

    const first = await runNow(path);
    expect(first).toMatchObject({ status: 'completed', callsPlanned: 2, callsMade: 2, skipReason: null });
    expect((await server.call(path, { key })).body.data.callsThisMonth).toBe(2);
    const used = await me();
    const asked = chat.requests.length;

    // Run now is refused at once: 2 charged and 2 more needed is past 3.
    server.clock.set(server.clock.now() + MIN);
    const refused = await server.call(`${path}/runs`, { key, method: 'POST' });
    expect(refused.status).toBe(409);
    expectContract('startGeoMonitorRun', refused);
    expect(refused.body.error.message).toContain("The monitor's monthly call cap is 3: its runs were charged 2 calls this month and this run needs 2.");

    // A scheduled tick makes its run, which is skipped: nothing asked, nothing charged.
    server.clock.set(Date.parse(monitor.nextRunAt));
    await server.scheduler!.tick();
    const skipped = await until('the skipped run', async () => {
      const runs = (await server.call(`${path}/runs`, { key })).body.data as Array<{ status: string }>;
      return runs.find((r) => r.status === 'skipped');
    });
    expect(skipped).toMatchObject({ status: 'skipped', callsMade: 0, figures: null, error: null });
    expect((skipped as unknown as { skipReason: string }).skipReason).toContain('monthly call cap is 3');
    expect(chat.requests.length).toBe(asked);
    expect(await me()).toBe(used);

    // Lifted, the monitor runs again.
    const lifted = await server.call(path, { key, method: 'PATCH', json: { monthlyCallCap: null } });
    expectContract('updateGeoMonitor', lifted);
    expect(lifted.body.data).toMatchObject({ monthlyCallCap: null, callsThisMonth: 2 });
    expect((await runNow(path)).status).toBe('completed');
  });

  it('labels the surface of every engine, answer and figure, and never sums surfaces without saying so', async () => {
    const monitor = await create({ name: 'Both', prompts: ['Where?'], schedule: { intervalMinutes: 43200 } });
    expect(monitor.engineSurfaces).toEqual([
      { engine: 'chat', surface: 'model' },
      { engine: 'sonar', surface: 'grounded' },
    ]);
    const path = monitorPath(monitor.id);
    const run = await runNow(path);
    expect(run.figures.surfaces).toEqual(['model', 'grounded']);
    const answers = await server.call(`${path}/runs/${run.id}/answers`, { key });
    expect(answers.body.data.map((a: { engine: string; surface: string }) => [a.engine, a.surface])).toEqual([
      ['chat', 'model'],
      ['sonar', 'grounded'],
    ]);
    const bySurface = await server.call(`${path}/runs/${run.id}/figures?by=surface`, { key });
    expectContract('listGeoMonitorRunFigures', bySurface);
    expect(bySurface.body.data.map((g: { key: string; surfaces: string[]; samples: number }) => [g.key, g.surfaces, g.samples])).toEqual([
      ['model', ['model'], 1],
      ['grounded', ['grounded'], 1],
    ]);
    // By prompt over every surface the group says it sums both; kept to one surface it does not.
    const byPrompt = await server.call(`${path}/runs/${run.id}/figures`, { key });
    expect(byPrompt.body.data.map((g: { surfaces: string[]; samples: number }) => [g.surfaces, g.samples])).toEqual([[['model', 'grounded'], 2]]);
    const grounded = await server.call(`${path}/runs/${run.id}/figures?surface=grounded`, { key });
    expectContract('listGeoMonitorRunFigures', grounded);
    expect(grounded.body).toMatchObject({ surface: 'grounded', data: [{ key: 'Where?', surfaces: ['grounded'], samples: 1 }] });
    // The grounded answer cites the project's guide, and the chat answer its bowls page: one citation each.
    expect(grounded.body.data[0].brands[0].uncertainty.citationShare).toMatchObject({ count: 1, total: 1, answers: 1 });
    const trend = await server.call(`${path}/trend?surface=grounded`, { key });
    expectContract('getGeoMonitorTrend', trend);
    expect(trend.body.data.group).toEqual({ by: 'surface', key: 'grounded', surface: 'grounded' });
    expect(trend.body.data.points.map((p: { runId: string; surfaces: string[] }) => [p.runId, p.surfaces])).toEqual([[run.id, ['grounded']]]);
  });
});
