// The demo account is for `npm start` on a laptop: on an empty database a production start makes no
// account and prints no key, DEMO_ACCOUNT switches it either way, and a NODE_ENV that is neither
// production nor development (nor test) stops the start with one line, as other bad variables do.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/environment.js';
import { createDatabase } from '../src/storage/database.js';
import { startApi } from './faults/processes.js';

const dir = mkdtempSync(join(tmpdir(), 'seo-geo-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let databases = 0;
/** `npm start` on an empty SQLite file: what it printed, and the accounts it left in the database. */
async function startOnEmptyDatabase(env: Record<string, string>): Promise<{ output: string; accounts: string[] }> {
  const databaseUrl = `sqlite:${join(dir, `demo-${++databases}.db`)}`;
  const api = await startApi({ PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_URL: '', ...env });
  await api.kill();
  const database = await createDatabase(databaseUrl);
  try {
    const rows = await database.db.selectFrom('accounts').select('email').execute();
    return { output: api.output(), accounts: rows.map((row) => row.email) };
  } finally {
    await database.close();
  }
}

describe('the demo account', () => {
  it('is on outside production and off in production, unless DEMO_ACCOUNT says otherwise', () => {
    expect(loadConfig({}).demoAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoAccount).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoAccount).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_ACCOUNT: 'on' }).demoAccount).toBe(true);
    expect(loadConfig({ DEMO_ACCOUNT: 'off' }).demoAccount).toBe(false);
  });

  it('is not created by a production start on an empty database, and no key is printed', { timeout: 60_000 }, async () => {
    const { output, accounts } = await startOnEmptyDatabase({ NODE_ENV: 'production' });
    expect(accounts).toEqual([]);
    expect(output).not.toContain('sk_live_');
    expect(output).not.toContain('A demo account was created');
    // The start says how to make a key instead.
    expect(output).toContain('npm run admin -- keys create');
  });

  it('is created by a production start with DEMO_ACCOUNT=on, and by a development start', { timeout: 60_000 }, async () => {
    const starts: Array<Record<string, string>> = [{ NODE_ENV: 'production', DEMO_ACCOUNT: 'on' }, { NODE_ENV: 'development' }];
    for (const env of starts) {
      const { output, accounts } = await startOnEmptyDatabase(env);
      expect(accounts, JSON.stringify(env)).toEqual(['demo@seo-geo.example']);
      expect(output).toMatch(/A demo account was created .*\n\n {2}sk_live_\w+/);
    }
  });
});

describe('NODE_ENV', () => {
  it('stops the start with one line when it is mistyped', () => {
    const main = fileURLToPath(new URL('../src/processes/api.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, NODE_ENV: 'prod', PORT: '0', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: NODE_ENV must be production, development or test (got "prod")');
    expect(result.stdout).not.toContain('listening');
  });
});
