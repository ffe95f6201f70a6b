// `seo-geo projects update` and `seo-geo audits delete` against a reference server: a project
// renamed or moved, and an audit deleted only with --yes, after saying what goes with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { startKilnSite, type KilnSite } from './support/kiln-site.js';
import { runCli } from './support/run-cli.js';

let server: TestServer;
let site: KilnSite;
let env: NodeJS.ProcessEnv;
const cli = (args: string[]) => runCli(args, env);

beforeAll(async () => {
  site = await startKilnSite(2);
  server = await startTestServer();
  env = { SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl, SEO_GEO_CONFIG: '/nonexistent/seo-geo.json' };
}, 60_000);
afterAll(async () => {
  await server?.close();
  site?.close();
});

describe('seo-geo projects update and audits delete', () => {
  it('renames a project and changes its domain; asks what to change when nothing is given', async () => {
    const id = JSON.parse((await cli(['projects', 'create', '--name', 'Kilns', '--domain', site.origin, '--json'])).out).id as string;
    const renamed = await cli(['projects', 'update', id, '--name', 'Kiln Co']);
    expect(renamed.code).toBe(0);
    expect(renamed.out).toMatch(/^name +Kiln Co$/m);
    const moved = await cli(['projects', 'update', id, '--domain', 'https://kilns.example', '--json']);
    expect(JSON.parse(moved.out)).toMatchObject({ name: 'Kiln Co', primaryDomain: 'https://kilns.example' });
    const nothing = await cli(['projects', 'update', id]);
    expect(nothing.code).toBe(2);
    expect(nothing.err).toContain('--name, --domain or both');
  });

  it('deletes an audit only with --yes, after saying what goes with it', async () => {
    const projectId = JSON.parse((await cli(['projects', 'create', '--name', 'Kilns', '--domain', site.origin, '--json'])).out).id as string;
    const started = await cli(['audits', 'start', projectId, '--max-pages', '3', '--wait', '--json']);
    expect(started.code).toBe(0);
    const auditId = JSON.parse(started.out).id as string;
    const asked = await cli(['audits', 'delete', projectId, auditId]);
    expect(asked.code).toBe(2);
    expect(asked.err).toMatch(/This deletes the completed audit \S+ of .* with its \d+ pages, its issues and its report/);
    expect(asked.err).toContain('Run it again with --yes');
    const deleted = await cli(['audits', 'delete', projectId, auditId, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toBe(`deleted audit ${auditId}`);
    const gone = await cli(['audits', 'get', projectId, auditId]);
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/404 NOT_FOUND/);
  }, 60_000);

  it('reads, changes and rotates the secret of a webhook endpoint', async () => {
    const created = JSON.parse((await cli(['webhooks', 'create', '--url', 'https://hooks.example.com/a', '--events', 'audit.completed', '--json'])).out);
    const changed = await cli(['webhooks', 'update', created.id, '--events', 'audit.completed,geo_monitor.alert', '--description', 'CMS']);
    expect(changed.code).toBe(0);
    expect(changed.out).toMatch(/^events +audit.completed geo_monitor.alert$/m);
    expect((await cli(['webhooks', 'get', created.id])).out).toMatch(/^description +CMS$/m);
    const rotated = await cli(['webhooks', 'rotate-secret', created.id, '--json']);
    expect(rotated.code).toBe(0);
    expect(JSON.parse(rotated.out).secret).not.toBe(created.secret);
    expect((await cli(['webhooks', 'update', created.id])).code).toBe(2);
  });

  it('answers an API error as JSON on stdout with --json, with exit code 1', async () => {
    const missing = await cli(['projects', 'get', '0192f8a2-1b4d-7c21-9d3e-000000000000', '--json']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.out)).toMatchObject({ error: { code: 'NOT_FOUND', status: 404, exitCode: 1, requestId: expect.any(String) } });
  });

  it('says a --timeout in seconds, and how to wait again or cancel', async () => {
    const projectId = JSON.parse((await cli(['projects', 'create', '--name', 'Kilns', '--domain', site.origin, '--json'])).out).id as string;
    const waited = await cli(['audits', 'start', projectId, '--max-pages', '3', '--wait', '--timeout', '0']);
    expect(waited.code).toBe(1);
    expect(waited.err).toMatch(/did not finish within 0 s \(--timeout 0\); it goes on running on the server/);
    expect(waited.err).toMatch(/Wait again with: seo-geo audits wait \S+ \S+; stop it with: seo-geo audits cancel/);
    expect(waited.err).not.toMatch(/ ms/);
  });

  it('writes check results as JUnit XML for CI', async () => {
    const projectId = JSON.parse((await cli(['projects', 'create', '--name', 'Kilns', '--domain', site.origin, '--json'])).out).id as string;
    const checked = await cli(['check', projectId, '--start', '--max-pages', '3', '--max-errors', '1000', '--format', 'junit']);
    expect(checked.code).toBe(0);
    expect(checked.out).toMatch(/^<\?xml/);
    expect(checked.out).toContain('<testcase classname="seo-geo.check" name="error issues"></testcase>');
  }, 60_000);
});
