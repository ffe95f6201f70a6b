// `seo-geo audits pause` and `resume`, and the crawl safeguard's options of `audits start`, against
// a reference server whose worker is stopped: audits stay pending, so a pause takes effect at once.
// (Pausing a running crawl, the resume and the safeguard tripping are tested over HTTP, in the
// server's test/http/audit-pause.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { safeguardOf } from '../src/safeguard-options.js';
import { runCli } from './support/run-cli.js';

describe('the safeguard options of audits start', () => {
  it('gives the server default without an option, sets what is given, and turns it off with --no-safeguard', () => {
    expect(safeguardOf({})).toBeUndefined();
    expect(safeguardOf({ safeguard: true })).toBeUndefined();
    expect(safeguardOf({ safeguardShare: 0.2 })).toEqual({ maxFailureShare: 0.2 });
    expect(safeguardOf({ safeguardShare: 0.2, safeguardWindow: 100 })).toEqual({ maxFailureShare: 0.2, window: 100 });
    expect(safeguardOf({ safeguard: false })).toBeNull();
    expect(() => safeguardOf({ safeguard: false, safeguardWindow: 100 })).toThrow(/--no-safeguard turns the safeguard off/);
  });
});

describe('seo-geo audits pause and resume', () => {
  let idle: TestServer;
  let env: NodeJS.ProcessEnv;
  const cli = (args: string[]) => runCli(args, env);

  beforeAll(async () => {
    idle = await startTestServer();
    await idle.worker!.stop();
    env = { SEO_GEO_API_KEY: await idle.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: idle.baseUrl, SEO_GEO_CONFIG: '/nonexistent/seo-geo.json' };
  }, 60_000);
  afterAll(() => idle?.close());

  it('starts with the safeguard asked for, pauses, says why, resumes, and refuses what cannot be', async () => {
    const project = JSON.parse((await cli(['projects', 'create', '--name', 'Kiln Co', '--domain', 'https://kilns.example', '--json'])).out).id as string;
    const started = await cli(['audits', 'start', project, '--safeguard-share', '0.2', '--safeguard-window', '100', '--json']);
    expect(started.code).toBe(0);
    const auditId = JSON.parse(started.out).auditRunId as string;
    expect(JSON.parse((await cli(['audits', 'get', project, auditId, '--json'])).out).safeguard).toEqual({ maxFailureShare: 0.2, window: 100 });
    const off = JSON.parse((await cli(['audits', 'start', project, '--no-safeguard', '--json'])).out).auditRunId as string;
    expect(JSON.parse((await cli(['audits', 'get', project, off, '--json'])).out).safeguard).toBeNull();

    const paused = await cli(['audits', 'pause', project, auditId]);
    expect(paused.err).toBe('');
    expect(paused.code).toBe(0);
    expect(paused.out).toMatch(/^status +paused$/m);
    expect(paused.out).toMatch(/^paused +on request$/m);
    const again = await cli(['audits', 'pause', project, auditId]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('409 INVALID_STATE The audit run is already paused; only pending or running audits can be paused.');

    const resumed = await cli(['audits', 'resume', project, auditId, '--json']);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.out)).toMatchObject({ id: auditId, status: 'pending', pauseReason: null });
    const notPaused = await cli(['audits', 'resume', project, auditId]);
    expect(notPaused.code).toBe(1);
    expect(notPaused.err).toContain('409 INVALID_STATE The audit run is pending; only paused audits can be resumed.');

    const refused = await cli(['audits', 'start', project, '--no-safeguard', '--safeguard-share', '0.2']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('--no-safeguard turns the safeguard off');
  });
});
