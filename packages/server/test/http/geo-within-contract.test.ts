// Whatever an answer engine says, the GEO tests and monitor runs that store it stay within the
// contract: an answer ten times longer than GeoSample's bound, naming hundreds of brands and citing
// URLs longer than a URL may be, is stored cut (the answer ending with …), and every view of it
// answers 200 within the contract, with the server validating its responses and without.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, providerError, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { contractBounds } from '@seo-geo/types/bounds';
import { expectContract, startTestServer, type ApiResponse, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const ANSWER_BOUND = contractBounds.GeoSample.properties.answer.maxLength;
/** An answer of ten times the bound: brands in a list, each citing its own site, one URL far too long. */
const ANSWER = (() => {
  const lines = ['The best places to buy bowls:', `See https://www.example.com/${'x'.repeat(10_000)} too.`];
  for (let i = 0; lines.join('\n').length < 10 * ANSWER_BOUND; i++) lines.push(`${i + 1}. **Bowlmaker${i}** — https://bowlmaker${i}.example/shop, fine bowls.`);
  return lines.join('\n');
})();

let engine: FakeEngine;
beforeAll(async () => {
  engine = await startFakeEngine(() => completion(ANSWER));
});
afterAll(() => engine?.close());

const engines = () => JSON.stringify([{ name: 'fake', baseUrl: engine.baseUrl, model: 'fake-1', samples: 2 }]);

describe.each([
  { mode: 'development', env: {} },
  { mode: 'production', env: { NODE_ENV: 'production', VALIDATE_RESPONSES: 'false' } },
])('answers far over the bounds, $mode', ({ env }) => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer({ env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: engines(), ...env } });
    key = await server.createKey({ plan: 'agency' });
  }, 30_000);
  afterAll(() => server?.close());

  const read = async (operationId: string, path: string): Promise<ApiResponse> => {
    const response = await server.call(path, { key });
    expect(response.status, `${operationId} ${path}`).toBe(200);
    expectContract(operationId, response);
    return response;
  };

  it('are stored cut, and a GEO test and a monitor run read back within the contract', async () => {
    const project = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id as string;
    const base = `/projects/${project}/geo-monitor`;
    const test = await server.call(`${base}/tests`, { key, method: 'POST', json: { prompt: 'Where to buy bowls?', locale: 'en' } });
    expect(test.status).toBe(202);
    const testPath = `${base}/tests/${test.body.data.testId as string}`;
    await until('the GEO test', async () => ((await server.repositories.geoTests.find(test.body.data.testId))?.status === 'completed' ? true : undefined));
    const sample = (await read('getGeoMonitorTest', testPath)).body.data.results[0].samples[0];
    expect(Array.from(sample.answer as string)).toHaveLength(ANSWER_BOUND);
    expect(sample.answer).toMatch(/…$/);
    expect((sample.citedUrls as string[]).every((url) => url.length <= 4096)).toBe(true);
    await read('listGeoMonitorTests', `${base}/tests`);

    const monitor = await server.call(`${base}/monitors`, {
      key,
      method: 'POST',
      json: { name: 'Bowls', prompts: ['Where to buy bowls?'], locales: ['en'], schedule: { intervalMinutes: 60 } },
    });
    expect(monitor.status).toBe(201);
    const monitorPath = `${base}/monitors/${monitor.body.data.id as string}`;
    const run = await server.call(`${monitorPath}/runs`, { key, method: 'POST' });
    expect(run.status).toBe(202);
    const runPath = `${monitorPath}/runs/${run.body.data.id as string}`;
    await until('the monitor run', async () => ((await server.call(runPath, { key })).body.data.status === 'completed' ? true : undefined));
    await read('getGeoMonitorRun', runPath);
    const answers = (await read('listGeoMonitorRunAnswers', `${runPath}/answers`)).body.data as Array<{ sample: { answer: string } }>;
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.sample.answer).toMatch(/…$/);
    await read('listGeoMonitorRuns', `${monitorPath}/runs`);
    await read('getGeoMonitorTrend', `${monitorPath}/trend`);
    await read('listGeoMonitorCitedPages', `${monitorPath}/cited-pages`);
  });
});

describe('a monitor run that no engine answers, each failing with its own long error', () => {
  const failing: FakeEngine[] = [];
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    // Eight engines, each refusing with a message of its own as long as a provider's error is kept (500 characters).
    for (let i = 0; i < 8; i++) failing.push(await startFakeEngine(() => providerError(400, `Engine ${i} refuses: ${'no '.repeat(300)}`)));
    const configured = failing.map((fake, i) => ({ name: `failing-${i}`, baseUrl: fake.baseUrl, model: 'fake-1', samples: 1 }));
    server = await startTestServer({ env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify(configured) } });
    key = await server.createKey({ plan: 'agency' });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await Promise.all(failing.map((fake) => fake.close()));
  });

  it('fails with an error held to its bound, read back within the contract', async () => {
    const project = (await server.call('/projects', { key, method: 'POST', json: { name: 'Example Shop', primaryDomain: 'https://www.example.com' } })).body
      .data.id as string;
    const monitor = await server.call(`/projects/${project}/geo-monitor/monitors`, {
      key,
      method: 'POST',
      json: {
        name: 'Bowls',
        prompts: ['Where to buy bowls?'],
        locales: ['en'],
        schedule: { intervalMinutes: 60 },
        engines: failing.map((_, i) => `failing-${i}`),
      },
    });
    expect(monitor.status, JSON.stringify(monitor.body)).toBe(201);
    const runs = `/projects/${project}/geo-monitor/monitors/${monitor.body.data.id as string}/runs`;
    const started = await server.call(runs, { key, method: 'POST' });
    expect(started.status).toBe(202);
    const run = await until('the run to fail', async () => {
      const read = await server.call(`${runs}/${started.body.data.id as string}`, { key });
      return read.body.data.status === 'failed' ? read : undefined;
    });
    expectContract('getGeoMonitorRun', run);
    expect(Array.from(run.body.data.error as string)).toHaveLength(contractBounds.GeoMonitorRun.properties.error.maxLength);
    expect(run.body.data.error).toMatch(/^No answer engine answered\. failing-0: .*…$/s);
  });
});
