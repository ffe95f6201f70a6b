// GEO monitors over HTTP, against a fake OpenAI-compatible answer engine on 127.0.0.1 with scripted
// answers (brands in prose, lists and tables, aliases, accents, a competitor's domain cited). Time
// is the test server's manual clock: the test moves it to a tick and calls the scheduler's tick()
// itself (the background loop is slowed to a crawl), then polls for the run to finish. Every
// response is checked against the contract, and so is every webhook delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, providerError, startFakeEngine, type FakeEngine, type RecordedRequest } from '@seo-geo/engine/testing';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type ApiResponse, type TestServer } from '../support/server.js';
import { until as pollUntil } from '../support/wait.js';
import { eventViolations } from '../webhooks/support/contract.js';
import { createEndpoint, fastDeliveries } from '../webhooks/support/endpoints.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

const MIN = 60_000;
const until = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> => pollUntil(what, probe, timeoutMs);

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: GEO monitors over HTTP on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

/** The scheduler's background loop would tick every 10 minutes of real time: only the test's tick() calls count. */
const QUIET_SCHEDULER = { MONITOR_SCHEDULER_INTERVAL_MS: '600000' };

const PROMPTS = ['Where can I buy handmade bowls?', 'Which ceramic studios are best?'];

/**
 * The answers, per prompt, in the order the engine is asked: a run asks prompt 0 twice (samples 0
 * and 1), then prompt 1 twice. Run 1 gets the first two of each list, run 2 the next two. An
 * answer is its text, or 'refuse' for a provider error.
 */
const SCRIPT: Record<string, string[]> = {
  [PROMPTS[0]!]: [
    // Run 1, A1, prose: Etsy (untracked) 1st, Kilnworks 2nd, Example Shop 3rd and cited by URL.
    'For handmade bowls, buy from Etsy, then Kilnworks, or Example Shop (https://www.example.com/bowls).',
    // Run 1, A2, a list with bold names: an alias, the accented name in lower case without accents, the project's alias; a competitor's URL cited.
    '1. **Kilnworks Studio** – stoneware\n2. **cafe muller** – cups\n3. **ExShop** – bowls\n\nSee https://kilnworks.com/shop for details.',
    // Run 2, B1, prose: the project twice, two URLs on its domains (a subdomain too).
    'Example Shop is great. Example Shop also ships worldwide; see https://shop.example.com/a and https://www.example.com/b.',
    // Run 2, B2: a competitor's domain written as a name, and the accented name in capitals.
    'Try kilnworks.com or CAFÉ MÜLLER.',
  ],
  [PROMPTS[1]!]: [
    // Run 1, A3, a table: Café Müller 1st, Example Shop 2nd.
    '| Studio | Rating |\n|---|---:|\n| Café Müller | 4.8 |\n| Example Shop | 4.5 |',
    // Run 1, A4: no brand at all.
    'Any local pottery studio will do.',
    // Run 2, B3: Etsy named; Kilnworks cited by URL, which is not a mention.
    'I recommend Etsy and https://kilnworks.com/studio.',
    // Run 2, B4: the provider refuses (a 400, not retried): an answer with its error and no sample.
    'refuse',
  ],
};

function scripted(): (request: RecordedRequest) => ReturnType<typeof completion> {
  const asked = new Map<string, number>();
  return (request) => {
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    const prompt = messages.find((m) => m.role === 'user')!.content;
    const n = asked.get(prompt) ?? 0;
    asked.set(prompt, n + 1);
    const reply = SCRIPT[prompt]?.[n] ?? 'Nothing more to say.';
    return reply === 'refuse' ? providerError(400, 'The prompt was refused by policy') : completion(reply);
  };
}

async function newProject(server: TestServer, key: string, name = 'Example Shop', primaryDomain = 'https://www.example.com'): Promise<string> {
  const response = await server.call('/projects', { key, method: 'POST', json: { name, primaryDomain } });
  expect(response.status).toBe(201);
  return response.body.data.id;
}

async function createMonitor(server: TestServer, key: string, projectId: string, json: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> {
  const response = await server.call(`/projects/${projectId}/geo-monitor/monitors`, { key, method: 'POST', json, headers });
  expectContract('createGeoMonitor', response);
  return response;
}

/** Moves the manual clock and runs one scheduler pass. */
async function tickAt(server: TestServer, ms: number): Promise<void> {
  server.clock.set(ms);
  await server.scheduler!.tick();
}

async function runsOf(server: TestServer, key: string, monitorPath: string): Promise<any[]> {
  const response = await server.call(`${monitorPath}/runs?pageSize=100`, { key });
  expect(response.status).toBe(200);
  expectContract('listGeoMonitorRuns', response);
  return response.body.data;
}

async function finishedRun(server: TestServer, key: string, runPath: string): Promise<any> {
  return until(`the run ${runPath} to finish`, async () => {
    const response = await server.call(runPath, { key });
    expectContract('getGeoMonitorRun', response);
    return ['completed', 'failed'].includes(response.body.data.status) ? response.body.data : undefined;
  });
}

describe('GEO monitors with no answer engine configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: QUIET_SCHEDULER });
  });
  afterAll(() => server?.close());

  it('answers 503 ANSWER_ENGINE_NOT_CONFIGURED and creates nothing', async () => {
    const key = await server.createKey();
    const projectId = await newProject(server, key);
    const response = await createMonitor(server, key, projectId, { name: 'Bowls', prompts: ['Where?'], locales: ['en'], schedule: { intervalMinutes: 60 } });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('ANSWER_ENGINE_NOT_CONFIGURED');
    const list = await server.call(`/projects/${projectId}/geo-monitor/monitors`, { key });
    expectContract('listGeoMonitors', list);
    expect(list.body.meta.total).toBe(0);
  });
});

describe.each(backends)('GEO monitors over HTTP [%s]', (database) => {
  let engine: FakeEngine;
  let server: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    engine = await startFakeEngine(scripted());
    receiver = await startReceiver();
    server = await startTestServer({
      database,
      env: { ...QUIET_SCHEDULER, GEO_ENGINES: JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]) },
      webhooks: fastDeliveries(),
    });
  });
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await engine?.close();
  });

  it('creates, reads, lists, changes and deletes a monitor, with every error the contract names', async () => {
    const key = await server.createKey();
    const stranger = await server.createKey();
    const projectId = await newProject(server, key);
    const monitors = `/projects/${projectId}/geo-monitor/monitors`;
    const createdAt = server.clock.now();

    const created = await createMonitor(server, key, projectId, {
      name: ' Weekly bowls ',
      prompts: PROMPTS,
      locales: ['en', 'de-DE'],
      samplesPerPrompt: 2,
      schedule: { cron: '0 9 * * 1', timezone: 'Europe/Berlin' },
    });
    expect(created.status).toBe(201);
    const monitor = created.body.data;
    expect(monitor).toEqual({
      id: expect.any(String),
      projectId,
      name: 'Weekly bowls',
      prompts: PROMPTS,
      locales: ['en', 'de-DE'],
      engines: ['fake'],
      samplesPerPrompt: 2,
      schedule: { cron: '0 9 * * 1', timezone: 'Europe/Berlin' },
      paused: false,
      alerts: { visibility: null, citationShare: null, confidenceLevel: 0.95 },
      lastAlert: null,
      engineSurfaces: [{ engine: 'fake', surface: 'model' }],
      callsPerRun: 8,
      // Mondays at 09:00 in Berlin in the 30 days from Wednesday 15 January: 20 and 27 January, 3 and 10 February.
      runsPerMonth: 4,
      callsPerMonth: 32,
      monthlyCallCap: null,
      callsThisMonth: 0,
      // The test clock is Wednesday 15 January 2025, 09:30Z: the first tick is Monday 20 January, 09:00 in Berlin.
      nextRunAt: '2025-01-20T08:00:00.000Z',
      lastRunAt: null,
      createdAt: new Date(createdAt).toISOString(),
      updatedAt: new Date(createdAt).toISOString(),
    });
    const path = `${monitors}/${monitor.id}`;
    expect(created.headers.get('location')).toBe(`/api/public/v1${path}`);

    const read = await server.call(path, { key });
    expectContract('getGeoMonitor', read);
    expect(read.body.data).toEqual(monitor);
    const list = await server.call(monitors, { key });
    expectContract('listGeoMonitors', list);
    expect(list.body.data).toEqual([monitor]);

    // Alert thresholds change one at a time: a threshold left out of an update stays as it was.
    const watched = await server.call(path, { key, method: 'PATCH', json: { alerts: { visibility: 0.1, citationShare: 0.2, confidenceLevel: 0.99 } } });
    expectContract('updateGeoMonitor', watched);
    expect(watched.body.data.alerts).toEqual({ visibility: 0.1, citationShare: 0.2, confidenceLevel: 0.99 });
    const oneOff = await server.call(path, { key, method: 'PATCH', json: { alerts: { citationShare: null } } });
    expect(oneOff.body.data.alerts).toEqual({ visibility: 0.1, citationShare: null, confidenceLevel: 0.99 });
    const reset = await server.call(path, { key, method: 'PATCH', json: { alerts: { visibility: null } } });
    expect(reset.body.data.alerts).toEqual({ visibility: null, citationShare: null, confidenceLevel: 0.99 });

    // 400s: a cron expression that does not parse, ticks under 15 minutes apart, an unknown time zone, an unknown engine.
    const refused = async (schedule: unknown, field: string, extra: Record<string, unknown> = {}) => {
      const response = await createMonitor(server, key, projectId, { name: 'Bad', prompts: ['Where?'], locales: ['en'], schedule, ...extra });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(response.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    };
    await refused({ cron: '0 25 * * *' }, 'schedule.cron');
    await refused({ cron: '*/5 * * * *' }, 'schedule.cron');
    await refused({ cron: '0 9 * * 1', timezone: 'Europe/Atlantis' }, 'schedule.timezone');
    await refused({ intervalMinutes: 60 }, 'engines.1', { engines: ['fake', 'gpt-99'] });
    // The validator's own 400s: an interval under the floor, a cron without five fields.
    for (const schedule of [{ intervalMinutes: 10 }, { cron: '0 9 * *' }]) {
      const response = await createMonitor(server, key, projectId, { name: 'Bad', prompts: ['Where?'], locales: ['en'], schedule });
      expect(response.status).toBe(400);
    }

    // 404 for another account's monitor, its runs and its trend; and for a monitor that does not exist.
    for (const [operation, target] of [
      ['getGeoMonitor', path],
      ['listGeoMonitorRuns', `${path}/runs`],
      ['getGeoMonitorTrend', `${path}/trend`],
    ] as const) {
      const foreign = await server.call(target, { key: stranger });
      expect(foreign.status).toBe(404);
      expectContract(operation, foreign);
    }
    const foreignPatch = await server.call(path, { key: stranger, method: 'PATCH', json: { paused: true } });
    expect(foreignPatch.status).toBe(404);
    expectContract('updateGeoMonitor', foreignPatch);
    const missing = await server.call(`${monitors}/0192f9a0-11b3-7c4d-8e5f-6a7b8c9d0e1f`, { key });
    expect(missing.status).toBe(404);
    expectContract('getGeoMonitor', missing);

    // PATCH: pausing clears the next tick; resuming sets it to the next tick after now.
    server.clock.set(Date.parse('2025-01-22T12:00:00.000Z'));
    const paused = await server.call(path, { key, method: 'PATCH', json: { paused: true } });
    expectContract('updateGeoMonitor', paused);
    expect(paused.body.data).toMatchObject({ paused: true, nextRunAt: null, updatedAt: '2025-01-22T12:00:00.000Z' });
    server.clock.set(Date.parse('2025-03-28T12:00:00.000Z'));
    const resumed = await server.call(path, { key, method: 'PATCH', json: { paused: false } });
    expectContract('updateGeoMonitor', resumed);
    // Monday 31 March 09:00 in Berlin is already summer time: 07:00Z.
    expect(resumed.body.data).toMatchObject({ paused: false, nextRunAt: '2025-03-31T07:00:00.000Z' });
    // A change that is not the schedule leaves the next tick alone; a new schedule takes effect from now.
    const renamed = await server.call(path, { key, method: 'PATCH', json: { name: 'Bowls', samplesPerPrompt: 1, engines: ['fake'] } });
    expectContract('updateGeoMonitor', renamed);
    expect(renamed.body.data).toMatchObject({ name: 'Bowls', samplesPerPrompt: 1, callsPerRun: 4, nextRunAt: '2025-03-31T07:00:00.000Z' });
    const hourly = await server.call(path, { key, method: 'PATCH', json: { schedule: { intervalMinutes: 45 } } });
    expectContract('updateGeoMonitor', hourly);
    // Intervals count from the monitor's creation (09:30Z on 15 January): 45-minute ticks fall on 09:30, 10:15, 11:00, 11:45, 12:30… every day.
    expect(hourly.body.data).toMatchObject({ schedule: { intervalMinutes: 45 }, nextRunAt: '2025-03-28T12:30:00.000Z' });
    const badPatch = await server.call(path, { key, method: 'PATCH', json: { schedule: { cron: '0 9 * * 1', timezone: 'Nowhere/Land' } } });
    expect(badPatch.status).toBe(400);
    expectContract('updateGeoMonitor', badPatch);
    expect(badPatch.body.error.details[0].field).toBe('schedule.timezone');
    const badEngine = await server.call(path, { key, method: 'PATCH', json: { engines: ['other'] } });
    expect(badEngine.status).toBe(400);
    expect(badEngine.body.error.details[0].field).toBe('engines.0');
    // Paused with a new schedule: stored, no next tick.
    const pausedAgain = await server.call(path, { key, method: 'PATCH', json: { paused: true, schedule: { cron: '30 6 * * *' } } });
    expect(pausedAgain.body.data).toMatchObject({ paused: true, nextRunAt: null, schedule: { cron: '30 6 * * *', timezone: 'UTC' } });

    // DELETE: 404 for a stranger, 204 for the owner, then gone.
    const foreignDelete = await server.call(path, { key: stranger, method: 'DELETE' });
    expect(foreignDelete.status).toBe(404);
    expectContract('deleteGeoMonitor', foreignDelete);
    const deleted = await server.call(path, { key, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expectContract('deleteGeoMonitor', deleted);
    expect((await server.call(path, { key })).status).toBe(404);
  });

  it('creates a monitor once for one Idempotency-Key, and refuses a second on the starter plan with 403', async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await newProject(server, key);
    const body = { name: 'Bowls', prompts: ['Where?'], locales: ['en'], schedule: { intervalMinutes: 60 } };
    const first = await createMonitor(server, key, projectId, body, { 'idempotency-key': 'monitor-once' });
    const again = await createMonitor(server, key, projectId, body, { 'idempotency-key': 'monitor-once' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));

    const second = await createMonitor(server, key, projectId, { ...body, name: 'Another' });
    expect(second.status).toBe(403);
    expect(second.body.error.code).toBe('PLAN_LIMIT_EXCEEDED');
    expect(second.body.error.message).toContain('1 GEO monitor');
    const list = await server.call(`/projects/${projectId}/geo-monitor/monitors`, { key });
    expect(list.body.meta.total).toBe(1);
    const me = await server.call('/me', { key });
    expect(me.body.data.usage).toMatchObject({ monitors: 1, monitorLimit: 1 });
    // Out of the way of the other tests' ticks.
    expect((await server.call(`/projects/${projectId}/geo-monitor/monitors/${first.body.data.id}`, { key, method: 'DELETE' })).status).toBe(204);
  });

  it('runs the latest of 3 missed ticks once, with skippedTicks 2', async () => {
    const key = await server.createKey();
    const projectId = await newProject(server, key, 'Missed', 'https://missed.example');
    const createdAt = server.clock.now();
    const created = await createMonitor(server, key, projectId, { name: 'Hourly', prompts: ['Anything?'], locales: ['en'], schedule: { intervalMinutes: 60 } });
    const path = `/projects/${projectId}/geo-monitor/monitors/${created.body.data.id}`;
    expect(created.body.data.nextRunAt).toBe(new Date(createdAt + 60 * MIN).toISOString());

    // No scheduler ran at +60, +120 or +180 minutes; one comes back at +185 (and ticks twice).
    await tickAt(server, createdAt + 185 * MIN);
    await server.scheduler!.tick();
    const runs = await until('the run', async () => {
      const list = await runsOf(server, key, path);
      return list.length > 0 ? list : undefined;
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ scheduledFor: new Date(createdAt + 180 * MIN).toISOString(), skippedTicks: 2, callsPlanned: 1 });
    const monitor = (await server.call(path, { key })).body.data;
    expect(monitor).toMatchObject({ lastRunAt: new Date(createdAt + 180 * MIN).toISOString(), nextRunAt: new Date(createdAt + 240 * MIN).toISOString() });
    await finishedRun(server, key, `${path}/runs/${runs[0].id}`);
    expect((await server.call(path, { key, method: 'DELETE' })).status).toBe(204);
  });

  it('runs a monitor tick after tick: answers analysed for every tracked brand, figures, trend and webhook', async () => {
    const key = await server.createKey();
    await createEndpoint(server, key, receiver, `/monitor-${database}`, ['geo_monitor.run.completed']);
    const projectId = await newProject(server, key);
    const brand = await server.call(`/projects/${projectId}/brand`, {
      key,
      method: 'PUT',
      json: {
        aliases: ['ExShop'],
        domains: [],
        competitors: [
          { name: 'Kilnworks', aliases: ['Kilnworks Studio'], domains: ['kilnworks.com'] },
          { name: 'Café Müller', domains: ['cafe-mueller.de'] },
        ],
      },
    });
    expect(brand.status).toBe(200);
    const [kilnworks, cafe] = brand.body.data.competitors.map((c: { id: string }) => c.id);

    const createdAt = server.clock.now();
    const created = await createMonitor(server, key, projectId, {
      name: 'Bowls',
      prompts: PROMPTS,
      locales: ['en'],
      engines: ['fake'],
      samplesPerPrompt: 2,
      schedule: { intervalMinutes: 60 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.callsPerRun).toBe(4);
    const path = `/projects/${projectId}/geo-monitor/monitors/${created.body.data.id}`;
    const asked = engine.requests.length;

    // Run 1, at the first tick.
    await tickAt(server, createdAt + 60 * MIN);
    const [first] = await until('run 1', async () => {
      const runs = await runsOf(server, key, path);
      return runs.length === 1 ? runs : undefined;
    });
    const run1 = await finishedRun(server, key, `${path}/runs/${first.id}`);
    // Figures worked out by hand from the four scripted answers (see SCRIPT):
    //   project  A1 pos 3 cited, A2 pos 3 (alias ExShop), A3 pos 2 → 3/4 mention, (3+3+2)/3, 3 mentions, 1/4 cited
    //   Kilnworks A1 pos 2, A2 pos 1 (alias) cited by URL    → 2/4, 1.5, 2 mentions, 1/4 cited
    //   Café Müller A2 pos 2 (cafe muller), A3 pos 1          → 2/4, 1.5, 2 mentions, 0 cited
    //   share of voice over 3 + 2 + 2 = 7 mentions; citations: example.com (A1), kilnworks.com (A2).
    expect(run1).toMatchObject({
      status: 'completed',
      scheduledFor: new Date(createdAt + 60 * MIN).toISOString(),
      callsPlanned: 4,
      callsMade: 4,
      skippedTicks: 0,
      error: null,
      figures: {
        samples: 4,
        brands: [
          { competitorId: null, name: 'Example Shop', samples: 4, mentionRate: 0.75, avgPosition: 2.6667, mentions: 3, shareOfVoice: 0.4286, citedRate: 0.25 },
          { competitorId: kilnworks, name: 'Kilnworks', samples: 4, mentionRate: 0.5, avgPosition: 1.5, mentions: 2, shareOfVoice: 0.2857, citedRate: 0.25 },
          { competitorId: cafe, name: 'Café Müller', samples: 4, mentionRate: 0.5, avgPosition: 1.5, mentions: 2, shareOfVoice: 0.2857, citedRate: 0 },
        ],
        citations: [
          { domain: 'example.com', answers: 1, urls: 1 },
          { domain: 'kilnworks.com', answers: 1, urls: 1 },
        ],
      },
    });

    // Its answers, in prompt, locale, engine, sample order, each with what it says of every brand.
    const answers = await server.call(`${path}/runs/${first.id}/answers`, { key });
    expect(answers.status).toBe(200);
    expectContract('listGeoMonitorRunAnswers', answers);
    expect(answers.body.meta).toMatchObject({ total: 4, page: 1, hasNextPage: false });
    expect(answers.body.data.map((a: any) => [a.prompt, a.locale, a.engine, a.model, a.sample.index])).toEqual([
      [PROMPTS[0], 'en', 'fake', 'fake-1', 0],
      [PROMPTS[0], 'en', 'fake', 'fake-1', 1],
      [PROMPTS[1], 'en', 'fake', 'fake-1', 0],
      [PROMPTS[1], 'en', 'fake', 'fake-1', 1],
    ]);
    const byBrand = (a: any) => a.sample.brands.map((b: any) => [b.mentioned, b.position, b.mentionCount, b.cited]);
    expect(answers.body.data.map(byBrand)).toEqual([
      [
        [true, 3, 1, true],
        [true, 2, 1, false],
        [false, null, 0, false],
      ],
      [
        [true, 3, 1, false],
        [true, 1, 1, true],
        [true, 2, 1, false],
      ],
      [
        [true, 2, 1, false],
        [false, null, 0, false],
        [true, 1, 1, false],
      ],
      [
        [false, null, 0, false],
        [false, null, 0, false],
        [false, null, 0, false],
      ],
    ]);
    expect(answers.body.data[0].sample).toMatchObject({
      brandMentioned: true,
      firstMentionPosition: 3,
      mentionCount: 1,
      projectDomainCited: true,
      otherBrands: ['Etsy'],
      citedUrls: ['https://www.example.com/bowls'],
      citedDomains: ['example.com'],
    });
    expect(answers.body.data[1].sample.citedDomains).toEqual(['kilnworks.com']);
    const secondPage = await server.call(`${path}/runs/${first.id}/answers?page=2&pageSize=3`, { key });
    expectContract('listGeoMonitorRunAnswers', secondPage);
    expect(secondPage.body.data).toEqual([answers.body.data[3]]);
    expect(answers.body.data.map((a: any) => a.surface)).toEqual(['model', 'model', 'model', 'model']);

    // Run 1's totals carry their uncertainty and surfaces: Wilson's 3 of 4 is 0.3006 to 0.9544.
    expect(run1.figures.surfaces).toEqual(['model']);
    expect(run1.figures.brands[0].uncertainty.mentionRate).toEqual({ count: 3, n: 4, low: 0.3006, high: 0.9544 });
    // Its figures by prompt, by hand from SCRIPT: prompt 0 is A1 and A2 (the project named in both, cited in A1;
    // Kilnworks named in both, cited in A2; Café Müller in A2), prompt 1 is A3 and A4 (the project and Café Müller in A3).
    const byPrompt = await server.call(`${path}/runs/${first.id}/figures`, { key });
    expect(byPrompt.status).toBe(200);
    expectContract('listGeoMonitorRunFigures', byPrompt);
    expect(byPrompt.body).toMatchObject({ runId: first.id, by: 'prompt', surface: null, meta: { total: 2 } });
    const cells = (group: any) => group.brands.map((b: any) => [b.mentionRate, b.uncertainty.mentionRate.low, b.uncertainty.mentionRate.high, b.citedRate]);
    expect(byPrompt.body.data.map((g: any) => [g.key, g.samples, g.surfaces])).toEqual([
      [PROMPTS[0], 2, ['model']],
      [PROMPTS[1], 2, ['model']],
    ]);
    // Wilson's 2 of 2 is 0.3424 to 1, 1 of 2 is 0.0945 to 0.9055, 0 of 2 is 0 to 0.6576.
    expect(byPrompt.body.data.map(cells)).toEqual([
      [
        [1, 0.3424, 1, 0.5],
        [1, 0.3424, 1, 0.5],
        [0.5, 0.0945, 0.9055, 0],
      ],
      [
        [0.5, 0.0945, 0.9055, 0],
        [0, 0, 0.6576, 0],
        [0.5, 0.0945, 0.9055, 0],
      ],
    ]);
    // By engine and by surface: the one engine, the one surface, the run's totals again.
    for (const by of ['engine', 'surface'] as const) {
      const groups = await server.call(`${path}/runs/${first.id}/figures?by=${by}`, { key });
      expectContract('listGeoMonitorRunFigures', groups);
      expect(groups.body.data.map((g: any) => [g.key, g.samples])).toEqual([[by === 'engine' ? 'fake' : 'model', 4]]);
      expect(groups.body.data[0].brands).toEqual(run1.figures.brands);
    }
    const onlyGrounded = await server.call(`${path}/runs/${first.id}/figures?surface=grounded`, { key });
    expectContract('listGeoMonitorRunFigures', onlyGrounded);
    expect(onlyGrounded.body.data).toEqual([]);
    const badBy = await server.call(`${path}/runs/${first.id}/figures?by=brand`, { key });
    expect(badBy.status).toBe(400);
    expectContract('listGeoMonitorRunFigures', badBy);

    // Run 2, at the next tick.
    await tickAt(server, createdAt + 120 * MIN);
    const second = await until('run 2', async () => {
      const runs = await runsOf(server, key, path);
      return runs.length === 2 ? runs[0] : undefined;
    });
    const run2 = await finishedRun(server, key, `${path}/runs/${second.id}`);
    // By hand, over the three answers that came (the fourth was refused):
    //   project  B1 pos 1, 2 mentions, cited twice (shop. and www.example.com) → 1/3, 1, 2, 1/3
    //   Kilnworks B2 pos 1 (kilnworks.com as a name); B3 cited by URL only    → 1/3, 1, 1, 1/3
    //   Café Müller B2 pos 2 (CAFÉ MÜLLER)                                     → 1/3, 2, 1, 0
    //   share of voice over 2 + 1 + 1 = 4; citations: example.com 1 answer 2 URLs, kilnworks.com 1 answer 1 URL.
    expect(run2).toMatchObject({
      status: 'completed',
      scheduledFor: new Date(createdAt + 120 * MIN).toISOString(),
      callsPlanned: 4,
      callsMade: 4,
      figures: {
        samples: 3,
        brands: [
          { competitorId: null, name: 'Example Shop', samples: 3, mentionRate: 0.3333, avgPosition: 1, mentions: 2, shareOfVoice: 0.5, citedRate: 0.3333 },
          { competitorId: kilnworks, name: 'Kilnworks', samples: 3, mentionRate: 0.3333, avgPosition: 1, mentions: 1, shareOfVoice: 0.25, citedRate: 0.3333 },
          { competitorId: cafe, name: 'Café Müller', samples: 3, mentionRate: 0.3333, avgPosition: 2, mentions: 1, shareOfVoice: 0.25, citedRate: 0 },
        ],
        citations: [
          { domain: 'example.com', answers: 1, urls: 2 },
          { domain: 'kilnworks.com', answers: 1, urls: 1 },
        ],
      },
    });
    const answers2 = await server.call(`${path}/runs/${second.id}/answers`, { key });
    expectContract('listGeoMonitorRunAnswers', answers2);
    expect(answers2.body.data[3]).toMatchObject({ prompt: PROMPTS[1], sample: null, error: expect.stringContaining('refused by policy') });
    expect(engine.requests.length - asked).toBe(8);

    // The runs list: newest tick first.
    expect((await runsOf(server, key, path)).map((r) => r.id)).toEqual([second.id, first.id]);

    // The trend: both runs, oldest first, each with its brands' figures.
    const q = (ms: number | string) => encodeURIComponent(typeof ms === 'string' ? ms : new Date(ms).toISOString());
    const trend = await server.call(`${path}/trend?from=${q(createdAt)}&to=${q(createdAt + 180 * MIN)}`, { key });
    expect(trend.status).toBe(200);
    expectContract('getGeoMonitorTrend', trend);
    expect(trend.body.data).toEqual({
      monitorId: created.body.data.id,
      from: new Date(createdAt).toISOString(),
      to: new Date(createdAt + 180 * MIN).toISOString(),
      group: null,
      points: [
        { runId: first.id, scheduledFor: run1.scheduledFor, samples: 4, brands: run1.figures.brands, surfaces: ['model'] },
        { runId: second.id, scheduledFor: run2.scheduledFor, samples: 3, brands: run2.figures.brands, surfaces: ['model'] },
      ],
    });
    // One prompt, run by run: the groups the runs kept.
    const promptTrend = await server.call(`${path}/trend?from=${q(createdAt)}&to=${q(createdAt + 180 * MIN)}&prompt=${encodeURIComponent(PROMPTS[0]!)}`, {
      key,
    });
    expectContract('getGeoMonitorTrend', promptTrend);
    expect(promptTrend.body.data.group).toEqual({ by: 'prompt', key: PROMPTS[0], surface: null });
    expect(promptTrend.body.data.points.map((p: any) => [p.runId, p.samples, p.brands[0].mentionRate])).toEqual([
      [first.id, 2, 1],
      // B1 names the project, B2 does not.
      [second.id, 2, 0.5],
    ]);
    const grounded = await server.call(`${path}/trend?prompt=${encodeURIComponent(PROMPTS[0]!)}&surface=grounded`, { key });
    expect(grounded.body.data.points).toEqual([]);
    const twoGroups = await server.call(`${path}/trend?prompt=${encodeURIComponent(PROMPTS[0]!)}&engine=fake`, { key });
    expect(twoGroups.status).toBe(400);
    expectContract('getGeoMonitorTrend', twoGroups);
    // Default range: the 30 days up to now; a range that leaves out run 1; from after to; over 366 days.
    const byDefault = await server.call(`${path}/trend`, { key });
    expectContract('getGeoMonitorTrend', byDefault);
    expect(byDefault.body.data.points.map((p: { runId: string }) => p.runId)).toEqual([first.id, second.id]);
    expect(Date.parse(byDefault.body.data.to) - Date.parse(byDefault.body.data.from)).toBe(30 * 24 * 60 * MIN);
    const narrow = await server.call(`${path}/trend?from=${q(run2.scheduledFor)}`, { key });
    expect(narrow.body.data.points.map((p: { runId: string }) => p.runId)).toEqual([second.id]);
    // As the spec's example writes it: a timestamp's colons unencoded.
    const plain = await server.call(`${path}/trend?from=${run2.scheduledFor}`, { key });
    expect(plain.status).toBe(200);
    expect(plain.body.data.points.map((p: { runId: string }) => p.runId)).toEqual([second.id]);
    for (const query of [
      `from=${q('2025-02-01T00:00:00.000Z')}&to=${q('2025-01-01T00:00:00.000Z')}`,
      `from=${q('2024-01-01T00:00:00.000Z')}&to=${q('2025-01-02T00:00:00.000Z')}`,
    ]) {
      const bad = await server.call(`${path}/trend?${query}`, { key });
      expect(bad.status).toBe(400);
      expectContract('getGeoMonitorTrend', bad);
      expect(bad.body.error.details[0].field).toBe('from');
    }

    // geo_monitor.run.completed, signed, valid, carrying each run as the API returns it.
    const deliveries = await until('both completion events', async () => {
      const mine = receiver.deliveries.filter((d) => d.path === `/monitor-${database}`);
      return mine.length >= 2 ? mine : undefined;
    });
    for (const delivery of deliveries) {
      expect(delivery.verified).toBe(true);
      expect(eventViolations('geo_monitor.run.completed', delivery)).toEqual([]);
    }
    const events = deliveries.map((d) => d.payload as { type: string; data: { id: string } });
    expect(events.map((e) => e.type)).toEqual(['geo_monitor.run.completed', 'geo_monitor.run.completed']);
    expect(events.find((e) => e.data.id === first.id)!.data).toEqual(run1);
    expect(events.find((e) => e.data.id === second.id)!.data).toEqual(run2);

    // Deleting the monitor deletes its runs and answers.
    expect((await server.call(path, { key, method: 'DELETE' })).status).toBe(204);
    const gone = await server.call(`${path}/runs/${first.id}/answers`, { key });
    expect(gone.status).toBe(404);
    expectContract('listGeoMonitorRunAnswers', gone);
    const leftovers = await server.database.db.selectFrom('geo_monitor_answers').select('run_id').where('run_id', 'in', [first.id, second.id]).execute();
    expect(leftovers).toEqual([]);
  });

  it("fails a run whose calls do not fit the month's allowance, without calling the engine", async () => {
    const key = await server.createKey({ plan: 'starter' });
    const projectId = await newProject(server, key, 'Quota', 'https://quota.example');
    const createdAt = server.clock.now();
    // 25 prompts × 3 locales × 1 engine × 5 samples = 375 calls, over the starter plan's 300 a month.
    const created = await createMonitor(server, key, projectId, {
      name: 'Too big',
      prompts: Array.from({ length: 25 }, (_, i) => `Question ${i}?`),
      locales: ['en', 'de', 'fr'],
      samplesPerPrompt: 5,
      schedule: { intervalMinutes: 15 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.callsPerRun).toBe(375);
    const path = `/projects/${projectId}/geo-monitor/monitors/${created.body.data.id}`;
    const asked = engine.requests.length;

    await tickAt(server, createdAt + 15 * MIN);
    const [run] = await until('the run', async () => {
      const runs = await runsOf(server, key, path);
      return runs.length === 1 ? runs : undefined;
    });
    const failed = await finishedRun(server, key, `${path}/runs/${run.id}`);
    expect(failed).toMatchObject({ status: 'failed', callsPlanned: 375, callsMade: 0, figures: null });
    expect(failed.error).toContain('The starter plan allows 300 answer-engine calls a month; this needs 375 and 300 are left this month.');
    expect(engine.requests.length).toBe(asked);
    const me = await server.call('/me', { key });
    expect(me.body.data.usage).toMatchObject({ answerEngineCalls: 0, answerEngineCallLimit: 300 });
    const answers = await server.call(`${path}/runs/${run.id}/answers`, { key });
    expect(answers.body.meta.total).toBe(0);
  });
});
