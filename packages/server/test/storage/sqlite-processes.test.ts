// SQLite across processes: each process has its own connection, and the file's locks (WAL,
// busy_timeout) must keep the atomic operations atomic. In-process tests cannot show this:
// better-sqlite3 is synchronous, so one process holds only one connection at a time.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { createRepositories } from '../../src/storage/repositories/index.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const WORKER = join(ROOT, 'packages/server/test/storage/fixtures/race-worker.ts');
const PROCESSES = 3;

describe('SQLite shared by several processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-race-'));
  const url = `sqlite:${join(dir, 'race.db')}`;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createDatabase(url);
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function race(operation: 'begin' | 'project', accountId: string, key: string, perProcess: number): Promise<string[]> {
    const workers = Array.from({ length: PROCESSES }, () => {
      const child = spawn(TSX, [WORKER, url, operation, accountId, key, String(perProcess)], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
      let output = '';
      const ready = new Promise<void>((done) =>
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.startsWith('ready\n')) done();
        }),
      );
      const finished = new Promise<string[]>((done, fail) =>
        child.on('close', (code) => {
          if (code !== 0) return fail(new Error(`race worker exited with ${code}`));
          done(JSON.parse(output.split('\n')[1] ?? '[]') as string[]);
        }),
      );
      return { child, ready, finished };
    });
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.end('go\n');
    return (await Promise.all(workers.map((w) => w.finished))).flat();
  }

  const newAccount = async () =>
    (await createRepositories(handle.db).accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: Date.now() })).account.id;

  it('gives exactly one of 51 concurrent idempotent requests from 3 processes the start', async () => {
    const states = await race('begin', await newAccount(), randomUUID(), 17);
    expect(states).toHaveLength(51);
    expect(states.filter((s) => s === 'started')).toHaveLength(1);
    expect(states.filter((s) => s === 'in_progress')).toHaveLength(50);
  });

  it('keeps the project limit when 3 processes create projects at once', async () => {
    const accountId = await newAccount();
    const outcomes = await race('project', accountId, 'p', 4);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(3);
    expect(await createRepositories(handle.db).projects.countForAccount(accountId)).toBe(3);
  });
});
