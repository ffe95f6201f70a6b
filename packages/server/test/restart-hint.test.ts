// After a restart (no demo key to print), `npm start` prints how to create a key on the database
// it uses; run as printed, the key it makes is one this server accepts.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'packages/server/src/main.ts');
const dir = mkdtempSync(join(tmpdir(), 'seo-geo-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `npm start`'s entry on a fresh port; resolves with what it printed once it listens. */
function startMain(env: NodeJS.ProcessEnv): Promise<{ output: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`no start within 30 s:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The banner is printed in one write, after the hint.
      if (/listening on/.test(output) && /(Try it|Create an API key)[\s\S]*\n\n/.test(output)) {
        clearTimeout(timer);
        ready({ output, stop: async () => void (child.kill('SIGTERM'), await exited) });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });
}

it('prints the admin command with the DATABASE_URL of this server, and that command works', { timeout: 90_000 }, async () => {
  const env = { PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(dir, 'hint.db')}`, REDIS_URL: '' };
  await (await startMain(env)).stop();
  const restarted = await startMain(env);
  try {
    const hint = /^ {2}(DATABASE_URL=.*npm run admin -- keys create .*)$/m.exec(restarted.output)?.[1];
    expect(hint).toBe(`DATABASE_URL='${env.DATABASE_URL}' npm run admin -- keys create --email you@example.com --plan pro`);
    const created = await promisify(execFile)('sh', ['-c', `${hint!.replace('you@example.com', 'hint@example.com')} --json`], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    // npm prints its own `> script` lines before the command's JSON.
    const { apiKey } = JSON.parse(created.stdout.slice(created.stdout.indexOf('{'))) as { apiKey: string };
    const url = /listening on (http:\/\/\S+)/.exec(restarted.output)![1]!;
    const me = await fetch(`${url}/api/public/v1/me`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
  } finally {
    await restarted.stop();
  }
});
