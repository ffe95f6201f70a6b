// `npm start`, `npm run worker` and `npm run admin` run what scripts/compile.js makes of the sources,
// on plain node; every other test runs the sources through tsx. This one runs the commands as
// package.json says, after the compile, and goes where compiled files differ from the sources: the
// packages' compiled exports (chosen by a node condition), the analysis threads loading the worker
// module beside the pool without tsx, the migrations, the OpenAPI document imported as JSON, the
// offline docs reading Redoc from node_modules.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type Site } from './faults/processes.js';
import { until } from './support/wait.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const dir = mkdtempSync(join(tmpdir(), 'seo-geo-compiled-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'compiled.db')}`,
  DATABASE_SCHEMA: '',
  REDIS_URL: '',
  PORT: '0',
  LOG_LEVEL: 'info',
  IN_PROCESS_WORKERS: 'false',
  CRAWLER_ALLOW_CIDRS: '127.0.0.0/8',
};

/**
 * `node scripts/compile.js && exec node <args>`: the part after the compile, as node arguments. The
 * shell npm runs the script in becomes node (`exec`), so the signals npm passes on reach node.
 */
function compiledCommand(script: string): string[] {
  const [compile, run, ...rest] = scripts[script]!.split(' && ');
  expect(compile).toBe('node scripts/compile.js');
  expect(rest).toEqual([]);
  const [exec, node, ...args] = run!.split(' ');
  expect([exec, node]).toEqual(['exec', 'node']);
  return args;
}

const compile = () => promisify(execFile)(process.execPath, ['scripts/compile.js'], { cwd: ROOT, timeout: 60_000 });

const children: ChildProcess[] = [];
/** Starts an npm script's compiled command and resolves with its output once `ready` matches it. */
function start(script: string, ready: RegExp): Promise<RegExpExecArray> {
  const child = spawn(process.execPath, compiledCommand(script), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run ${script} exited (${code}) before it was ready:\n${output}`)));
  });
}

let site: Site;
beforeAll(async () => {
  await compile();
  site = await startSite(4);
}, 90_000);

afterAll(async () => {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map((child) => new Promise((done) => child.once('exit', done).kill('SIGKILL'))));
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the compiled commands', () => {
  it('compile nothing when no source changed', async () => {
    const again = await compile();
    expect(again.stderr).toBe('');
  });

  it('make a key (admin), serve the API and its documents (start), and audit a site, pages analysed in threads (worker)', { timeout: 90_000 }, async () => {
    const admin = await promisify(execFile)(
      process.execPath,
      [...compiledCommand('admin'), 'keys', 'create', '--email', 'compiled@example.com', '--plan', 'pro', '--json'],
      {
        cwd: ROOT,
        env,
      },
    );
    const { apiKey } = JSON.parse(admin.stdout) as { apiKey: string };
    const [, url] = await start('start', /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await start('worker', /job worker running/);

    const baseUrl = `${url!}/api/public/v1`;
    const call = async (path: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: await response.json() };
    };
    expect((await fetch(`${baseUrl}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${url!}/docs`)).status).toBe(200);

    const project = await call('/projects', { name: 'Compiled', primaryDomain: site.origin });
    expect(project.status).toBe(201);
    const started = await call(`/projects/${project.body.data.id}/audits`, { maxPages: 5 });
    expect(started.status).toBe(202);
    const audit = await until(
      'the audit to end',
      async () => {
        const { body } = await call(`/projects/${project.body.data.id}/audits/${started.body.data.auditRunId}`);
        return ['pending', 'running'].includes(body.data.status) ? undefined : body.data;
      },
      60_000,
    );
    expect(audit).toMatchObject({ status: 'completed', summary: { pagesAudited: 5, pagesScored: 5 } });
  });
});
