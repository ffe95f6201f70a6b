// Another process (a backup, `npm run admin`, a second server) holding the SQLite write lock must
// not freeze the server: reads and /healthz keep answering, and a write still locked out at the
// deadline answers 503 SERVICE_UNAVAILABLE with Retry-After instead of a 500 "database is locked".
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
// Long enough that the reads below are answered well inside it, were they not blocked.
const LOCK_WAIT_MS = 3_000;

/** A separate process that takes the write lock and keeps it until told on stdin. */
function holdWriteLock(file: string): Promise<{ release(): Promise<void> }> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    process.stdin.on('data', () => { db.exec('rollback'); db.close(); process.exit(0); });
  `;
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['-e', script, file], { cwd: ROOT });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return new Promise((locked, failed) => {
    child.on('error', failed);
    child.stderr.on('data', (chunk: Buffer) => failed(new Error(chunk.toString())));
    child.stdout.on('data', () =>
      locked({
        async release() {
          child.stdin.write('go\n');
          await exited;
        },
      }),
    );
  });
}

describe('a SQLite write lock held by another process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-lock-'));
  const file = join(dir, 'locked.db');
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { DATABASE_URL: `sqlite:${file}`, DATABASE_LOCK_TIMEOUT_MS: String(LOCK_WAIT_MS) } });
    key = await server.createKey();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps reads and health checks answering, and refuses the write with 503 and Retry-After', async () => {
    const lock = await holdWriteLock(file);
    const answered: string[] = [];
    try {
      const write = server.call('/projects', { method: 'POST', key, json: { name: 'Locked out', primaryDomain: 'https://example.com' } });
      void write.then(() => answered.push('write'));
      const health = await fetch(`${server.url}/healthz`);
      answered.push('health');
      const list = await server.call('/projects', { key });
      answered.push('read');

      expect(health.status).toBe(200);
      expect(list.status).toBe(200);
      expectContract('listProjects', list);
      const refused = await write;
      // Before the fix the lock wait ran on the event loop: the reads came back after the write.
      expect(answered).toEqual(['health', 'read', 'write']);
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('1');
      expectContract('createProject', refused);
    } finally {
      await lock.release();
    }

    const retried = await server.call('/projects', { method: 'POST', key, json: { name: 'Locked out', primaryDomain: 'https://example.com' } });
    expect(retried.status).toBe(201);
  });

  it('lets a write through when the lock is released while it waits', async () => {
    const lock = await holdWriteLock(file);
    const write = server.call('/projects', { method: 'POST', key, json: { name: 'Waited', primaryDomain: 'https://example.org' } });
    // Answered while the lock is held: the write is still waiting, not failed.
    expect((await server.call('/projects', { key })).status).toBe(200);
    await lock.release();
    expect((await write).status).toBe(201);
  });
});
