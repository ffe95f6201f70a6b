import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, sqlitePath } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import { describeEachDatabase } from '../support/databases.js';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-dbtest-'));
  tempDirs.push(dir);
  return dir;
}

describe('database URLs', () => {
  it.each([
    ['sqlite::memory:', ':memory:'],
    ['sqlite:./data/app.db', './data/app.db'],
    ['sqlite:data/app.db', 'data/app.db'],
    ['sqlite:/var/lib/app.db', '/var/lib/app.db'],
    ['sqlite:///var/lib/app.db', '/var/lib/app.db'],
    ['./plain.db', './plain.db'],
    ['/abs/plain.db', '/abs/plain.db'],
  ])('%s opens SQLite at %s', (url, path) => {
    expect(sqlitePath(url)).toBe(path);
  });

  it('rejects an empty SQLite path and a schema for SQLite', async () => {
    expect(() => sqlitePath('sqlite:')).toThrow(/No SQLite file/);
    await expect(createDatabase('sqlite::memory:', { schema: 'x' })).rejects.toThrow(/PostgreSQL only/);
  });

  it('rejects a schema name that would need quoting', async () => {
    await expect(createDatabase('postgres://127.0.0.1:1/x', { schema: 'bad name"; drop' })).rejects.toThrow(/Invalid schema/);
  });
});

describe('SQLite files', () => {
  it('creates the parent folders, uses WAL, enforces foreign keys and never waits for a lock on the event loop', async () => {
    const dir = tempDir();
    const file = join(dir, 'a', 'b', 'app.db');
    const { db, dialect, close } = await createDatabase(`sqlite:${file}`);
    try {
      expect(dialect).toBe('sqlite');
      expect(existsSync(file)).toBe(true);
      const pragma = async (name: string) => (await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(db)).rows[0];
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
      // Lock waits happen between statements, asynchronously (test/http/sqlite-lock.test.ts).
      expect(await pragma('busy_timeout')).toEqual({ timeout: 0 });
    } finally {
      await close();
    }
  });

  it('accepts a relative plain path, resolved against the current directory', async () => {
    const dir = tempDir();
    const file = relative(process.cwd(), join(dir, 'sub', 'plain.db'));
    const handle = await createDatabase(file);
    await migrateToLatest(handle.db);
    await handle.close();
    expect(existsSync(join(dir, 'sub', 'plain.db'))).toBe(true);
  });
});

describeEachDatabase('migrations', (database, backend) => {
  it('creates the tables of 0001 and is a no-op when run again', async () => {
    const { db } = database().handle;
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['accounts', 'api_keys', 'projects', 'idempotency_keys']));
  });

  it('enforces foreign keys', async () => {
    const { db } = database().handle;
    const now = new Date().toISOString();
    await expect(
      db.insertInto('projects').values({ id: 'p-orphan', account_id: 'missing', name: 'x', primary_domain: 'https://x.test', created_at: now }).execute(),
    ).rejects.toThrow();
  });

  it('rejects an unknown idempotency state', async () => {
    const { db } = database().handle;
    const now = new Date().toISOString();
    await db.insertInto('accounts').values({ id: 'acc-state', email: 'state@example.com', plan: 'pro', created_at: now }).execute();
    await expect(
      db
        .insertInto('idempotency_keys')
        .values({
          account_id: 'acc-state',
          key: 'k',
          operation_id: 'op',
          request_hash: 'h',
          state: 'weird' as 'completed',
          response_status: null,
          response_body: null,
          response_location: null,
          created_at: now,
          expires_at: now,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it.skipIf(backend !== 'postgres')('keeps a PostgreSQL suite inside its own schema', async () => {
    const { handle, schema } = database();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
    expect(rows[0]?.schema).toBe(schema);
  });

  it.skipIf(backend !== 'postgres')(
    'lists only its own schema, and migrates while other schemas come and go',
    async () => {
      const { handle, schema, url } = database();
      const admin = new pg.Client({ connectionString: url });
      admin.on('error', () => undefined);
      await admin.connect();
      const other = `${schema}_other`;
      let stop = false;
      // Another process creating and dropping schemas: Kysely's own introspector looked every schema
      // up by name and failed now and then ("schema ... does not exist"), and a server's start with it.
      const churn = (async () => {
        for (let i = 0; !stop; i++) {
          await admin.query(`create schema "${other}_${i}"; create table "${other}_${i}".t (id serial primary key)`);
          await admin.query(`drop schema "${other}_${i}" cascade`);
        }
      })();
      try {
        for (let i = 0; i < 1000; i++) {
          const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
          expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
          expect(tables.map((t) => t.name)).toContain('kysely_migration');
          if (i % 250 === 0) expect(await migrateToLatest(handle.db)).toEqual([]);
        }
      } finally {
        stop = true;
        await churn;
        await admin.end();
      }
      const accounts = (await handle.db.introspection.getTables()).find((t) => t.name === 'accounts');
      expect(accounts?.columns.find((c) => c.name === 'email')).toMatchObject({ isNullable: false, dataType: 'text' });
      expect((await handle.db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
      // A thousand introspections take some 10 s alone and three times that on a loaded machine.
    },
    120_000,
  );
});
