// After a restart (no demo key to print), `npm start` prints how to create a key on the database
// it uses; run as printed, the key it makes is one this server accepts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startApi } from './faults/processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'seo-geo-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prints the admin command with the DATABASE_URL of this server, and that command works', { timeout: 90_000 }, async () => {
  const env = { PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(dir, 'hint.db')}`, REDIS_URL: '' };
  // `npm start` prints its banner, hint included, in one write, before it reports listening.
  await (await startApi(env)).kill();
  const restarted = await startApi(env);
  try {
    const hint = /^ {2}(DATABASE_URL=.*npm run admin -- keys create .*)$/m.exec(restarted.output())?.[1];
    expect(hint).toBe(`DATABASE_URL='${env.DATABASE_URL}' npm run admin -- keys create --email you@example.com --plan pro`);
    const created = await promisify(execFile)('sh', ['-c', `${hint!.replace('you@example.com', 'hint@example.com')} --json`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    // npm prints its own `> script` lines before the command's JSON.
    const { apiKey } = JSON.parse(created.stdout.slice(created.stdout.indexOf('{'))) as { apiKey: string };
    const me = await fetch(`${restarted.baseUrl}/me`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
  } finally {
    await restarted.kill();
  }
});
