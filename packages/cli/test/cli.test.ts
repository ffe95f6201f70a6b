// `seo-geo` against a started reference server and a small site on loopback: the commands a user
// runs, their output (table, JSON, CSV), the CI gate, and the exit codes. Most runs are in-process
// (run() with captured output); one spawns the real binary, as a pipeline would.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { startKilnSite, type KilnSite } from './support/kiln-site.js';
import { runCli, type Outcome } from './support/run-cli.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'packages/cli/src/bin.ts');

let server: TestServer;
let site: KilnSite;
let origin: string;
let env: NodeJS.ProcessEnv;
let configDir: string;
let siteVersion = 1;

function cli(args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string } = {}): Promise<Outcome> {
  return runCli(args, options.env ?? env, options.stdin);
}

beforeAll(async () => {
  // The site's second version loses /p2: the comparison of two audits has something to say.
  site = await startKilnSite(3, (n) => siteVersion === 2 && n === 2);
  origin = site.origin;
  server = await startTestServer();
  configDir = mkdtempSync(join(tmpdir(), 'seo-geo-cli-'));
  env = { SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl, SEO_GEO_CONFIG: join(configDir, 'config.json') };
});
afterAll(async () => {
  await server?.close();
  site?.close();
  rmSync(configDir, { recursive: true, force: true });
});

describe('seo-geo', () => {
  let projectId: string;
  let auditId: string;

  it('creates a project and lists it', async () => {
    const created = await cli(['projects', 'create', '--name', 'Kilns', '--domain', origin, '--json']);
    expect(created.code).toBe(0);
    projectId = JSON.parse(created.out).id;
    const listed = await cli(['projects', 'list']);
    expect(listed.out).toContain(projectId);
    expect(listed.out).toMatch(/│ Kilns +│/);
  });

  it('deletes a project only with --yes, after saying what goes with it', async () => {
    const doomed = JSON.parse((await cli(['projects', 'create', '--name', 'Old kilns', '--domain', origin, '--json'])).out).id as string;
    const asked = await cli(['projects', 'delete', doomed]);
    expect(asked.code).toBe(2);
    expect(asked.err).toContain('This deletes the project "Old kilns"');
    expect(asked.err).toContain('Run it again with --yes');
    expect((await cli(['projects', 'get', doomed])).code).toBe(0);
    const deleted = await cli(['projects', 'delete', doomed, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.out).toBe(`deleted project ${doomed} (Old kilns)`);
    const gone = await cli(['projects', 'get', doomed]);
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/404 NOT_FOUND/);
  });

  it('starts an audit with --wait, reporting progress on stderr, and prints its summary', async () => {
    const started = await cli(['audits', 'start', projectId, '--max-pages', '10', '--wait']);
    expect(started.code).toBe(0);
    expect(started.err).toMatch(/audit \S+ started/);
    expect(started.err).toMatch(/audit completed: 4 pages crawled/);
    expect(started.out).toMatch(/status +completed/);
    expect(started.out).toMatch(/average GEO score +\d/);
    auditId = /^id +(\S+)$/m.exec(started.out)![1]!;
  });

  it('says on Ctrl-C during --wait that the audit goes on running, and how to stop it', async () => {
    // Its own project, so that the other tests' audits keep their order.
    const other = JSON.parse((await cli(['projects', 'create', '--name', 'Kilns again', '--domain', origin, '--json'])).out).id as string;
    // The terminal's interrupt, standing in: it comes as soon as the command starts waiting.
    const interrupted = await runCli(['audits', 'start', other, '--max-pages', '10', '--wait'], env, '', { onInterrupt: (handler) => (handler(), () => {}) });
    const id = /audit (\S+) started/.exec(interrupted.err)![1]!;
    expect(interrupted.err).toContain(`stopped waiting: audit ${id} goes on running on the server; stop it with: seo-geo audits cancel ${other} ${id}`);
  });

  it('starts an audit that checks resources with --check-resources, and lists its broken ones with --kind resource', async () => {
    // Its own project, so that the other tests' audits keep their order.
    const other = JSON.parse((await cli(['projects', 'create', '--name', 'Kiln resources', '--domain', origin, '--json'])).out).id as string;
    const started = await cli(['audits', 'start', other, '--max-pages', '10', '--check-resources', '--wait', '--json']);
    expect(started.code).toBe(0);
    const run = JSON.parse(started.out);
    // The kiln pages load nothing: checked, and nothing found.
    expect(run).toMatchObject({ status: 'completed', checkResources: true, summary: { site: { resources: { checked: 0, broken: 0, notChecked: 0 } } } });
    const targets = await cli(['audits', 'link-targets', other, run.id, '--kind', 'resource']);
    expect(targets.code).toBe(0);
    expect(targets.out).toMatch(/│ url +│ status +│ pages using it +│/);
  });

  it('lists the pages with filters, as a table, JSON or CSV', async () => {
    const all = await cli(['pages', projectId, auditId, '--format', 'json']);
    const pages = JSON.parse(all.out) as Array<{ url: string; geoScore: number }>;
    expect(pages.map((p) => p.url)).toEqual([`${origin}/`, `${origin}/p1`, `${origin}/p2`, `${origin}/p3`]);
    const threshold = Math.min(...pages.map((p) => p.geoScore));
    const filtered = JSON.parse((await cli(['pages', projectId, auditId, '--min-score', String(threshold), '--json'])).out) as unknown[];
    expect(filtered.length).toBe(pages.filter((p) => p.geoScore > threshold).length);
    const csv = (await cli(['pages', projectId, auditId, '--format', 'csv'])).out.split('\n');
    expect(csv[0]).toBe('url,status,GEO score,schema,indexable,words,issues');
    expect(csv).toHaveLength(5);
    expect((await cli(['pages', projectId, auditId, '--no-schema', '--limit', '2', '--json'])).out).toMatch(/"hasSchema": false/);
  });

  it("takes the list's sort and the technical filters, and refuses a value the API would not", async () => {
    type Listed = { url: string; geoScore: number; indexable: boolean; depth: number | null; statusCode: number };
    const json = async (...args: string[]) => JSON.parse((await cli(['pages', projectId, auditId, ...args, '--json'])).out) as Listed[];
    const all = await json();
    const best = await json('--sort', '-geoScore');
    expect(best.map((p) => p.geoScore)).toEqual(all.map((p) => p.geoScore).sort((a, b) => b - a));
    const shallow = all.filter((p) => p.statusCode === 200 && p.depth !== null && p.depth <= 1 && new URL(p.url).pathname.startsWith('/p'));
    expect(shallow.length).toBeGreaterThan(0);
    expect((await json('--status', '2xx', '--max-depth', '1', '--path', '/p')).map((p) => p.url)).toEqual(shallow.map((p) => p.url));
    expect((await json('--indexable')).every((p) => p.indexable)).toBe(true);
    expect(await json('--indexability', 'noindex')).toEqual([]);
    for (const wrong of [
      ['--sort', 'title'],
      ['--status', '2XX'],
      ['--indexability', 'nofollow'],
      ['--path', 'blog/'],
      ['--indexable', '--not-indexable'],
    ]) {
      const refused = await cli(['pages', projectId, auditId, ...wrong]);
      expect(refused.code, wrong.join(' ')).toBe(2);
    }
    const withBom = await cli(['export', projectId, auditId, '--bom', '--status', '2xx']);
    expect(withBom.raw.startsWith('\uFEFFurl,final_url,')).toBe(true);
    // The export sorts as the list does.
    const sortedExport = await cli(['export', projectId, auditId, '--sort', '-geoScore']);
    expect(
      sortedExport.raw
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]),
    ).toEqual(best.map((p) => p.url));
  });

  it('shows the audit by issue, the pages of one issue, and exports the pages as CSV', async () => {
    const issues = JSON.parse((await cli(['issues', projectId, auditId, '--json'])).out) as Array<{ code: string; pagesAffected: number }>;
    const pages = JSON.parse((await cli(['pages', projectId, auditId, '--json'])).out) as Array<{ url: string; issues: Array<{ code: string }> }>;
    const code = issues[0]!.code;
    expect(issues[0]!.pagesAffected).toBe(pages.filter((p) => p.issues.some((i) => i.code === code)).length);
    const table = (await cli(['issues', projectId, auditId])).out;
    expect(table).toMatch(new RegExp(`│ ${code} +│`));
    expect((await cli(['issues', projectId, auditId, '--severity', 'fatal'])).code).toBe(2);
    const ofIssue = JSON.parse((await cli(['pages', projectId, auditId, '--issue', code, '--json'])).out) as Array<{ url: string }>;
    expect(ofIssue.map((p) => p.url)).toEqual(pages.filter((p) => p.issues.some((i) => i.code === code)).map((p) => p.url));

    const exported = await cli(['export', projectId, auditId]);
    expect(exported.code).toBe(0);
    const lines = exported.raw.split('\r\n');
    expect(lines[0]).toMatch(/^url,final_url,status_code,title,/);
    expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(pages.map((p) => p.url));
    const file = join(configDir, 'pages.csv');
    expect((await cli(['export', projectId, auditId, '--issue', code, '--output', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8').split('\r\n').length - 2).toBe(ofIssue.length);
  });

  it("lists a page's outlinks and a URL's inlinks, the broken targets, and the issue catalogue", async () => {
    const outlinks = JSON.parse((await cli(['audits', 'outlinks', projectId, auditId, `${origin}/`, '--json'])).out) as Array<{
      source: string;
      target: string;
    }>;
    expect(outlinks.map((l) => l.target)).toContain(`${origin}/p1`);
    expect(outlinks.every((l) => l.source === `${origin}/`)).toBe(true);
    const inlinks = JSON.parse((await cli(['audits', 'inlinks', projectId, auditId, `${origin}/p1`, '--json'])).out) as Array<{ source: string }>;
    expect(inlinks.map((l) => l.source)).toContain(`${origin}/`);
    expect((await cli(['audits', 'inlinks', projectId, auditId, `${origin}/p1`])).out).toMatch(/│ source +│ anchor text +│ rel +│ followed +│/);
    expect((await cli(['audits', 'link-targets', projectId, auditId, '--json'])).code).toBe(0);
    expect((await cli(['audits', 'link-targets', projectId, auditId, '--kind', 'nope'])).code).toBe(2);
    const catalogue = JSON.parse((await cli(['issue-codes', '--json'])).out) as Array<{ code: string; priority: number }>;
    expect(catalogue.map((d) => d.code)).toEqual(expect.arrayContaining(['broken_internal_link', 'title_missing']));
    expect(catalogue[0]!.priority).toBe(1);
  });

  it('gates a pipeline: exit 3 when a threshold is missed, 0 when all pass', async () => {
    const failing = await cli(['check', projectId, '--min-score', '99', '--max-errors', '0']);
    expect(failing.code).toBe(3);
    expect(failing.out).toMatch(/FAIL {2}average GEO score: [\d.]+ \(at least 99\)/);
    expect(failing.out).toMatch(/PASS {2}error issues: 0 \(at most 0\)/);
    const passing = await cli(['check', projectId, '--audit', auditId, '--min-score', '1', '--json']);
    expect(passing.code).toBe(0);
    expect(JSON.parse(passing.out)).toMatchObject({ auditId, passed: true, results: [{ name: 'average GEO score', actual: expect.any(Number) }] });
  });

  it('names the issues behind a failed count, as numbers in JSON', async () => {
    const warned = await cli(['check', projectId, '--audit', auditId, '--max-warnings', '0']);
    expect(warned.code).toBe(3);
    expect(warned.out).toMatch(/FAIL {2}warning issues: \d+ \(at most 0\)\n(?: {6}[a-z_]+: \d+ pages?\n?)+/);
    const json = JSON.parse((await cli(['check', projectId, '--audit', auditId, '--max-warnings', '0', '--json'])).out);
    const [result] = json.results as Array<{ actual: number; issues: Array<{ code: string; pagesAffected: number }> }>;
    expect(typeof result!.actual).toBe('number');
    expect(result!.issues.length).toBeGreaterThan(0);
    // The codes listed are the warnings the audit found, each with its page count.
    const issues = JSON.parse((await cli(['issues', projectId, auditId, '--severity', 'warning', '--json'])).out) as Array<{
      code: string;
      pagesAffected: number;
    }>;
    expect(result!.issues).toEqual(issues.map((i) => ({ code: i.code, pagesAffected: i.pagesAffected })));
  });

  it('says why there is nothing to check when the audit it started failed', async () => {
    const unreachable = JSON.parse((await cli(['projects', 'create', '--name', 'Gone', '--domain', 'http://127.0.0.1:9/', '--json'])).out).id as string;
    const checked = await cli(['check', unreachable, '--start', '--min-score', '50']);
    expect(checked.code).toBe(1);
    // Nothing answers there, robots.txt included: RFC 9309 then lets no page be requested.
    expect(checked.err).toMatch(
      /The audit \S+ failed \(robots_unreachable: http:\/\/127\.0\.0\.1:9\/robots\.txt was unreachable \(.+\): .*RFC 9309.*\): nothing to check/,
    );
  });

  it('runs briefs, drafts, reports and webhooks', async () => {
    const brief = JSON.parse(
      (await cli(['briefs', 'create', projectId, '--topic', 'Choosing a kiln', '--audience', 'potters', '--goal', 'consideration', '--json'])).out,
    );
    expect(brief.draftId).toBeTruthy();
    expect((await cli(['drafts', 'get', projectId, brief.draftId, '--content'])).out.length).toBeGreaterThan(100);
    expect((await cli(['reports', projectId])).out).toContain(auditId);
    const endpoint = await cli(['webhooks', 'create', '--url', 'https://hooks.example.com/seo', '--events', 'audit.completed', '--json']);
    expect(JSON.parse(endpoint.out).secret).toMatch(/^whsec_/);
    const listed = (await cli(['webhooks', 'list'])).out;
    expect(listed).toContain('https://hooks.example.com/seo');
    expect(listed).toMatch(/│ health +│ waiting +│/);
    expect(listed).toMatch(/│ unused +│ 0 +│/);
    // Nothing was delivered yet: an attempt id the endpoint does not have is refused by the API (exit 1).
    const id = JSON.parse(endpoint.out).id as string;
    const refused = await cli(['webhooks', 'redeliver', id, '0192f8f2-a4e5-75bb-91c8-f36e7f8091a2']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not found/i);
    // A test event is queued for the endpoint (the host does not resolve here; the attempt fails later).
    const tested = JSON.parse((await cli(['webhooks', 'test', id, '--json'])).out) as { eventId: string; eventType: string };
    expect(tested).toMatchObject({ eventId: expect.stringMatching(/^evt_/), eventType: 'webhook.test' });
  });

  it('sets and shows the brand profile; a monitor needs an answer engine the server lacks (exit 1)', async () => {
    const set = await cli([
      'brand',
      'set',
      projectId,
      '--alias',
      'Kiln Co',
      '--competitor',
      'Kilnworks=Kilnworks Studio@kilnworks.com',
      'Etsy@etsy.com',
      '--json',
    ]);
    expect(set.code).toBe(0);
    const profile = JSON.parse(set.out);
    expect(profile.competitors.map((c: { name: string; aliases: string[]; domains: string[] }) => [c.name, c.aliases, c.domains])).toEqual([
      ['Kilnworks', ['Kilnworks Studio'], ['kilnworks.com']],
      ['Etsy', [], ['etsy.com']],
    ]);
    // Setting again keeps a competitor's id by its name.
    const again = JSON.parse((await cli(['brand', 'set', projectId, '--competitor', 'Etsy@etsy.com', '--json'])).out);
    expect(again.competitors[0].id).toBe(profile.competitors[1].id);
    expect((await cli(['brand', 'get', projectId])).out).toMatch(/│ Etsy +│/);
    expect((await cli(['brand', 'get', projectId])).out).toMatch(/^brand +.+ \(the project's name\)$/m);
    // The brand renamed apart from the project, then named after it again.
    const renamed = JSON.parse((await cli(['brand', 'set', projectId, '--name', 'Kiln Shop', '--competitor', 'Etsy@etsy.com', '--json'])).out);
    expect(renamed).toMatchObject({ name: 'Kiln Shop', nameIsProjectName: false });
    expect((await cli(['brand', 'get', projectId])).out).toMatch(/^brand +Kiln Shop$/m);
    expect(JSON.parse((await cli(['brand', 'set', projectId, '--json'])).out)).toMatchObject({ nameIsProjectName: true });
    const monitor = await cli(['monitors', 'create', projectId, '--name', 'Kilns', '--prompt', 'Best kilns?', '--every', '60']);
    expect(monitor.code).toBe(1);
    expect(monitor.err).toMatch(/503 ANSWER_ENGINE_NOT_CONFIGURED/);
    expect((await cli(['monitors', 'create', projectId, '--name', 'Kilns', '--prompt', 'Best kilns?'])).code).toBe(2);
  });

  it('answers mistakes with exit 2 and API refusals with exit 1, readably', async () => {
    expect((await cli(['pages', projectId])).code).toBe(2);
    expect((await cli(['pages', projectId, auditId, '--min-score', 'high'])).err).toMatch(/--min-score must be a whole number/);
    expect((await cli(['check', projectId])).code).toBe(2);
    const missing = await cli(['projects', 'get', '0192f8a2-1b4d-7c21-9d3e-000000000000']);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^error: 404 NOT_FOUND .+ \(request [0-9a-f-]{36}\)$/);
    const noKey = await cli(['whoami'], { env: { SEO_GEO_CONFIG: join(configDir, 'none.json') } });
    expect(noKey.code).toBe(2);
    expect(noKey.err).toMatch(/No API key/);
  });

  it('refuses an option value outside its list, and a base URL that cannot be the API, with exit 2 at once', async () => {
    const xml = await cli(['projects', 'list', '--format', 'xml']);
    expect(xml.code).toBe(2);
    expect(xml.err).toMatch(/argument 'xml' is invalid\. Allowed choices are table, json, csv/);
    const notUrl = await cli(['--base-url', 'not-a-url', 'whoami']);
    expect(notUrl.code).toBe(2);
    expect(notUrl.err).toContain('--base-url is not a URL (got "not-a-url")');
    const origin = new URL(server.baseUrl).origin;
    const noPath = await cli(['--base-url', origin, 'whoami']);
    expect(noPath.code).toBe(2);
    expect(noPath.err).toContain(`--base-url must end in /api/public/v1 (got "${origin}"); did you mean ${origin}/api/public/v1?`);
    const configEnv = { SEO_GEO_CONFIG: join(configDir, 'base-url.json'), SEO_GEO_API_KEY: env.SEO_GEO_API_KEY };
    const stored = await cli(['config', 'set', 'base-url', origin], { env: configEnv });
    expect(stored.code).toBe(2);
    expect(stored.err).toContain('did you mean');
    expect((await cli(['config', 'set', 'base-url', `${server.baseUrl}/`], { env: configEnv })).code).toBe(0);
    expect((await cli(['whoami'], { env: configEnv })).code).toBe(0);
  });

  it('stores the key from stdin in a file only its owner can read', async () => {
    const configEnv = { SEO_GEO_CONFIG: join(configDir, 'stored.json'), SEO_GEO_BASE_URL: server.baseUrl };
    expect((await cli(['config', 'set', 'api-key', env.SEO_GEO_API_KEY!], { env: configEnv })).code).toBe(2);
    expect((await cli(['config', 'set', 'api-key'], { env: configEnv, stdin: `${env.SEO_GEO_API_KEY}\n` })).code).toBe(0);
    expect(statSync(configEnv.SEO_GEO_CONFIG).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configEnv.SEO_GEO_CONFIG, 'utf8')).apiKey).toBe(env.SEO_GEO_API_KEY);
    expect((await cli(['whoami'], { env: configEnv })).out).toMatch(/\(pro plan\)/);
    expect((await cli(['config', 'show'], { env: configEnv })).out).not.toContain(env.SEO_GEO_API_KEY);
  });

  it('asks for the key at a terminal, masked, instead of waiting on stdin', async () => {
    const configEnv = { SEO_GEO_CONFIG: join(configDir, 'asked.json'), SEO_GEO_BASE_URL: server.baseUrl };
    const prompts: string[] = [];
    const asked = await runCli(['config', 'set', 'api-key'], configEnv, '', {
      readSecret: async (prompt) => (prompts.push(prompt), `${env.SEO_GEO_API_KEY}\n`),
      readStdin: async () => {
        throw new Error('stdin is not read at a terminal');
      },
    });
    expect(asked.code).toBe(0);
    expect(prompts).toEqual(['API key (sk_live_…): ']);
    expect(JSON.parse(readFileSync(configEnv.SEO_GEO_CONFIG, 'utf8')).apiKey).toBe(env.SEO_GEO_API_KEY);
    expect(asked.out).not.toContain(env.SEO_GEO_API_KEY);
    const typo = await runCli(['config', 'set', 'api-key'], configEnv, '', { readSecret: async () => 'sk_live_short' });
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('That is not an API key');
  });

  it('runs as a binary in a pipe: no colour, no progress bar, meaningful exit codes', async () => {
    const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', BIN, 'check', projectId, '--min-score', '99'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    );
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^FAIL {2}average GEO score/m);
    // eslint-disable-next-line no-control-regex -- ESC opens every ANSI colour sequence
    expect(result.stdout + result.stderr).not.toMatch(/\u001b\[/);
  });

  it('compares a second audit with the first: issues new and fixed, pages that declined', async () => {
    siteVersion = 2;
    const second = await cli(['audits', 'start', projectId, '--max-pages', '10', '--wait', '--json']);
    const secondId = JSON.parse(second.out).id as string;
    const compared = JSON.parse((await cli(['audits', 'compare', projectId, secondId, '--json'])).out);
    expect(compared.baselineAuditRunId).toBe(auditId);
    // /p2 answers 404 now: its page is an HTTP error, and /p1 links to it.
    expect(compared.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'http_status_4xx', status: 'new', pagesNew: 1 }),
        expect.objectContaining({ code: 'broken_internal_link', status: 'new', pagesNew: 1 }),
      ]),
    );
    const table = (await cli(['audits', 'compare', projectId, secondId])).out;
    expect(table).toMatch(/baseline +\S+/);
    expect(table).toMatch(/│ http_status_4xx +│ error +│ new +│/);
    const declined = JSON.parse((await cli(['audits', 'changes', projectId, secondId, '--change', 'declined', '--json'])).out) as Array<{
      url: string;
      issuesNew: string[];
    }>;
    expect(declined.map((c) => c.url)).toContain(`${origin}/p2`);
    expect(declined.find((c) => c.url === `${origin}/p2`)!.issuesNew).toContain('http_status_4xx');
    expect((await cli(['audits', 'changes', projectId, secondId, '--change', 'worse'])).code).toBe(2);
    siteVersion = 1;
  });
});
