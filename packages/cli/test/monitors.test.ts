// `seo-geo monitors` against a reference server with one answer engine (a fake chat server in the
// provider's shape; the product has no fake engine): a monitor with alert thresholds, its runs, the
// pages its answers cite joined with a real audit of a small loopback site, and the webhook events
// a user subscribes to for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, startFakeEngine, type FakeEngine } from '@seo-geo/engine/testing';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { startKilnSite, type KilnSite } from './support/kiln-site.js';
import { runCli } from './support/run-cli.js';

let server: TestServer;
let engine: FakeEngine;
let site: KilnSite;
let origin: string;
let env: NodeJS.ProcessEnv;

const cli = (args: string[]) => runCli(args, env);

beforeAll(async () => {
  site = await startKilnSite(2);
  origin = site.origin;
  // Both answers name the brand; they cite /p1 twice and /p2 once, and /p1 as engines tag it.
  const answers = [`Kiln Co sells them: ${origin}/p1?utm_source=chatgpt.com and ${origin}/p2.`, `Kiln Co explains it at ${origin}/p1.`];
  let asked = 0;
  engine = await startFakeEngine(() => completion(answers[asked++ % answers.length]!));
  server = await startTestServer({
    env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify([{ name: 'chat', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]) },
  });
  env = { SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl, SEO_GEO_CONFIG: '/nonexistent/seo-geo.json' };
}, 60_000);
afterAll(async () => {
  await server?.close();
  await engine?.close();
  site?.close();
});

describe('seo-geo monitors', () => {
  let projectId: string;
  let monitorId: string;

  it('creates a monitor with alert thresholds, in fractions or points', async () => {
    projectId = JSON.parse((await cli(['projects', 'create', '--name', 'Kiln Co', '--domain', origin, '--json'])).out).id;
    expect((await cli(['audits', 'start', projectId, '--max-pages', '10', '--wait'])).code).toBe(0);
    const created = await cli([
      'monitors',
      'create',
      projectId,
      '--name',
      'Kilns',
      '--prompt',
      'Best kilns?',
      'Who sells kilns?',
      '--every',
      '60',
      '--alert-visibility',
      '10%',
      '--alert-citation-share',
      '0.25',
    ]);
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^alerts +visibility ± 10 points, citation share ± 25 points, significant at 95%$/m);
    // What it costs, said up front: 2 prompts × 1 locale × 1 engine × 1 sample; hourly, 720 runs in 30 days.
    expect(created.out).toMatch(/^calls a run +2$/m);
    expect(created.out).toMatch(/^runs a month +720$/m);
    expect(created.out).toMatch(/^calls a month +1440$/m);
    expect(created.out).toMatch(/^monthly cap +none$/m);
    monitorId = /^monitor +(\S+)$/m.exec(created.out)![1]!;
    const monitor = await server.call(`/projects/${projectId}/geo-monitor/monitors/${monitorId}`, { key: env.SEO_GEO_API_KEY! });
    expect(monitor.body.data.alerts).toEqual({ visibility: 0.1, citationShare: 0.25, confidenceLevel: 0.95 });
  });

  it('changes one threshold, turns one off, and refuses a threshold the contract does not allow', async () => {
    const changed = await cli(['monitors', 'alerts', projectId, monitorId, '--citation-share', 'off', '--json']);
    expect(changed.err).toBe('');
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.out).alerts).toEqual({ visibility: 0.1, citationShare: null, confidenceLevel: 0.95 });
    const bad = await cli(['monitors', 'alerts', projectId, monitorId, '--visibility', '150%']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--visibility must be a change between 0.01 and 1 \(or 1% and 100%\), or off \(got "150%"\)/);
    // Without an option: the alerts it raised (none yet).
    const listed = await cli(['monitors', 'alerts', projectId, monitorId]);
    expect(listed.code).toBe(0);
    expect(listed.out).toBe('no alert raised yet');
    const sure = await cli(['monitors', 'alerts', projectId, monitorId, '--confidence', '99%', '--json']);
    expect(JSON.parse(sure.out).alerts).toEqual({ visibility: 0.1, citationShare: null, confidenceLevel: 0.99 });
    expect((await cli(['monitors', 'alerts', projectId, monitorId, '--confidence', '0.3'])).code).toBe(2);
  });

  it('lists a run with its citation share, and the pages the answers cite with their audit', async () => {
    const createdAt = server.clock.now();
    server.clock.set(createdAt + 60 * 60_000);
    await server.scheduler!.tick();
    const deadline = Date.now() + 30_000;
    let runs = '';
    while (Date.now() < deadline && !/completed/.test(runs)) {
      runs = (await cli(['monitors', 'runs', projectId, monitorId, '--format', 'csv'])).out;
      await new Promise((next) => setTimeout(next, 50));
    }
    const [header, row] = runs.split('\n');
    expect(header).toBe('id,tick,status,visibility,share of voice,citation share,error');
    // Three citations, all of the project's own pages.
    expect(row).toMatch(/,completed,100%,100%,100%,$/);

    // The trend shows rates as percentages; JSON keeps the numbers.
    const trend = (await cli(['monitors', 'trend', projectId, monitorId])).out;
    // Each rate with its 95% interval and answers: 2 of 2 answers is Wilson's 34.2% to 100%; the
    // shares rest on 2 mentions and 3 citations (the only tracked brand, so Wilson's 2 of 2 and 3 of 3, 43.9% to 100%).
    expect(trend).toMatch(/│ Kiln Co +│ 100% \[34\.2–100\] n=2 +│ 1 ±0 n=2 +│ 100% \[34\.2–100\] n=2 +│ 100% \[34\.2–100\] n=2 +│ 100% \[43\.9–100\] n=2 +│/);
    expect(JSON.parse((await cli(['monitors', 'trend', projectId, monitorId, '--json'])).out).points[0].brands[0].mentionRate).toBe(1);

    const cited = JSON.parse((await cli(['monitors', 'cited-pages', projectId, monitorId, '--json'])).out) as Array<{
      url: string;
      citations: number;
      audit: unknown;
    }>;
    expect(cited.map((p) => [p.url, p.citations, p.audit !== null])).toEqual([
      [`${origin}/p1`, 2, true],
      [`${origin}/p2`, 1, true],
    ]);
    const table = (await cli(['monitors', 'cited-pages', projectId, monitorId])).out;
    expect(table).toMatch(/│ url +│ citations │ engines │ GEO score │ issues +│/);
    const never = JSON.parse((await cli(['monitors', 'cited-pages', projectId, monitorId, '--never-cited', '--json'])).out) as Array<{ url: string }>;
    expect(never.map((p) => p.url)).toEqual([`${origin}/`]);
  });

  it('runs a monitor now, and lists the run once a worker has completed it', async () => {
    server.clock.set(server.clock.now() + 5 * 60_000);
    const started = await cli(['monitors', 'run', projectId, monitorId, '--json']);
    expect(started.code).toBe(0);
    const run = JSON.parse(started.out) as { id: string; status: string };
    expect(run.status).toBe('pending');
    const deadline = Date.now() + 30_000;
    let runs = '';
    while (Date.now() < deadline && !new RegExp(`${run.id},[^,]+,completed`).test(runs)) {
      runs = (await cli(['monitors', 'runs', projectId, monitorId, '--format', 'csv'])).out;
      await new Promise((next) => setTimeout(next, 50));
    }
    expect(runs).toMatch(new RegExp(`^${run.id},[^,]+,completed,`, 'm'));
  });

  it('runs a monitor and waits: the figures with their intervals, the prompt × brand table and the surfaces', async () => {
    server.clock.set(server.clock.now() + 5 * 60_000);
    const done = await cli(['monitors', 'run', projectId, monitorId, '--wait']);
    expect(done.err).toMatch(/^run \S+ started \(2 calls\); waiting…$/);
    expect(done.code).toBe(0);
    expect(done.out).toMatch(/^status +completed$/m);
    expect(done.out).toMatch(/^calls +2 made of 2 planned$/m);
    expect(done.out).toMatch(/^surfaces +model$/m);
    // Two answers naming the brand: Wilson's 2 of 2 is 34.2% to 100%.
    expect(done.out).toMatch(/│ Kiln Co +│ 100% \[34\.2–100\] n=2 +│/);
    // One row per prompt, each one answer: Wilson's 1 of 1 is 20.7% to 100%.
    expect(done.out).toMatch(/│ prompt +│ Kiln Co +│ surfaces │/);
    expect(done.out).toMatch(/│ Best kilns\? +│ 100% \[20\.7–100\] n=1 +│ model +│/);
    expect(done.out).toMatch(/│ Who sells kilns\? +│ 100% \[20\.7–100\] n=1 +│ model +│/);

    const table = await cli(['monitors', 'answers', projectId, monitorId, '--figure', 'citation-share', '--format', 'csv']);
    expect(table.code).toBe(0);
    expect(table.out.split('\n')).toEqual([
      'prompt,Kiln Co,answers,surfaces',
      expect.stringMatching(/^Best kilns\?,100% \[\d+\.?\d*–100\] n=1,1,model$/),
      expect.stringMatching(/^Who sells kilns\?,100% \[\d+\.?\d*–100\] n=1,1,model$/),
    ]);
    const bySurface = JSON.parse((await cli(['monitors', 'answers', projectId, monitorId, '--by', 'surface', '--json'])).out) as Array<{
      key: string;
      samples: number;
    }>;
    expect(bySurface.map((g) => [g.key, g.samples])).toEqual([['model', 2]]);

    const capped = await cli(['monitors', 'cap', projectId, monitorId, '2']);
    expect(capped.code).toBe(0);
    expect(capped.out).toMatch(/^monthly cap +2$/m);
    expect(capped.out).toMatch(/^calls this month +\d+$/m);
    const refused = await cli(['monitors', 'run', projectId, monitorId, '--wait']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("409 INVALID_STATE The monitor's monthly call cap is 2");
    expect((await cli(['monitors', 'cap', projectId, monitorId, 'off', '--json'])).out).toMatch(/"monthlyCallCap": null/);
  });

  it('prints a GEO test with its figures per tracked brand, rates as percentages', async () => {
    const tested = await cli(['geo', 'test', projectId, '--prompt', 'Who sells kilns?', '--wait']);
    expect(tested.code).toBe(0);
    expect(tested.out).toMatch(/^mention rate +100%$/m);
    expect(tested.out).toMatch(/│ brand +│ visibility +│ avg position +│ share of voice +│ cited rate +│ citation share +│/);
    expect(tested.out).toMatch(/^surfaces +model$/m);
    // One answer: Wilson's 1 of 1 is 20.7% to 100%; its two citations, 2 of 2, 34.2% to 100%.
    expect(tested.out).toMatch(/│ Kiln Co +│ 100% \[20\.7–100\] n=1 +│ 1 n=1 +│ 100% \[20\.7–100\] n=1 +│ 100% \[20\.7–100\] n=1 +│ 100% \[34\.2–100\] n=1 +│/);
  });

  it('subscribes a webhook endpoint to the monitor events, and names the events when one is unknown', async () => {
    const all = JSON.parse((await cli(['webhooks', 'create', '--url', 'https://hooks.example.com/geo', '--json'])).out);
    expect(all.events).toEqual([
      'audit.completed',
      'audit.failed',
      'audit.paused',
      'geo_monitor_test.completed',
      'geo_monitor.run.completed',
      'geo_monitor.alert',
    ]);
    const alerts = await cli(['webhooks', 'create', '--url', 'https://hooks.example.com/alerts', '--events', 'geo_monitor.alert', '--json']);
    expect(JSON.parse(alerts.out).events).toEqual(['geo_monitor.alert']);
    const unknown = await cli(['webhooks', 'create', '--url', 'https://hooks.example.com/x', '--events', 'geo_monitor.alerts']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown event "geo_monitor.alerts": the events are audit.completed, .*geo_monitor.alert$/);
  });
  it('deletes a monitor only with --yes, after naming it, as projects delete does', async () => {
    const asked = await cli(['monitors', 'delete', projectId, monitorId]);
    expect(asked.code).toBe(2);
    expect(asked.err).toContain('This deletes the monitor "Kilns"');
    expect(asked.err).toContain('Run it again with --yes');
    expect((await cli(['monitors', 'runs', projectId, monitorId])).code).toBe(0);
    const deleted = await cli(['monitors', 'delete', projectId, monitorId, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toBe(`monitor ${monitorId} deleted`);
    expect((await cli(['monitors', 'runs', projectId, monitorId])).code).toBe(1);
  });

  it('states the bounds of --every in the help', async () => {
    const help = await cli(['monitors', 'create', '--help']);
    expect(help.out).toMatch(/--every <minutes>\s+run every so many minutes: at least 15, at\s+most 43200/);
  });
});

describe('seo-geo cancelling GEO work', () => {
  // No worker runs here: runs and tests stay pending until they are cancelled.
  let idle: TestServer;
  let idleEnv: NodeJS.ProcessEnv;
  beforeAll(async () => {
    idle = await startTestServer({
      env: { MONITOR_SCHEDULER_INTERVAL_MS: '600000', GEO_ENGINES: JSON.stringify([{ name: 'chat', baseUrl: engine.baseUrl, model: 'fake-1', samples: 1 }]) },
    });
    await idle.worker!.stop();
    idleEnv = { SEO_GEO_API_KEY: await idle.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: idle.baseUrl, SEO_GEO_CONFIG: '/nonexistent/seo-geo.json' };
  }, 60_000);
  afterAll(() => idle?.close());

  it('cancels a pending run and a pending GEO test, and says why a final one cannot be', async () => {
    const idleCli = (args: string[]) => runCli(args, idleEnv);
    const project = JSON.parse((await idleCli(['projects', 'create', '--name', 'Kiln Co', '--domain', 'https://kilns.example', '--json'])).out).id as string;
    const monitor = (await idleCli(['monitors', 'create', project, '--name', 'Kilns', '--prompt', 'Best kilns?', '--every', '60', '--json'])).out;
    const monitorId = JSON.parse(monitor).id as string;
    const run = JSON.parse((await idleCli(['monitors', 'run', project, monitorId, '--json'])).out) as { id: string };

    const cancelled = await idleCli(['monitors', 'cancel-run', project, monitorId, run.id]);
    expect(cancelled.err).toBe('');
    expect(cancelled.code).toBe(0);
    expect(cancelled.out).toMatch(/^status +cancelled$/m);
    expect(cancelled.out).toMatch(/^calls made +0$/m);
    const again = await idleCli(['monitors', 'cancel-run', project, monitorId, run.id]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('409 INVALID_STATE The monitor run is already cancelled; only pending or running runs can be cancelled.');

    const test = JSON.parse((await idleCli(['geo', 'test', project, '--prompt', 'Who sells kilns?', '--json'])).out) as { testId: string };
    const stopped = await idleCli(['geo', 'cancel', project, test.testId, '--json']);
    expect(stopped.code).toBe(0);
    expect(JSON.parse(stopped.out)).toMatchObject({ id: test.testId, status: 'cancelled' });
    // The test's call was given back: nothing of the month is used.
    expect(JSON.parse((await idleCli(['whoami', '--json'])).out).usage.answerEngineCalls).toBe(0);
  });
});
