// Runs a suite against every database backend this machine offers: SQLite in memory and in a temp
// file always, PostgreSQL when DATABASE_URL is a postgres URL. Each suite (one describe per backend)
// gets its own database: a fresh in-memory one, a fresh temp file, or a fresh randomly named
// PostgreSQL schema that is dropped afterwards, so test files can run in parallel.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';

export type DatabaseBackendName = 'sqlite-memory' | 'sqlite-file' | 'postgres';

export interface TestDatabase {
  backend: DatabaseBackendName;
  /** The migrated database for this suite. */
  handle: DatabaseHandle;
  /** The URL (and schema) to reach the same database from another handle or process. */
  url: string;
  schema?: string;
  /**
   * Another handle on the same database with its own connections, to race against the first one
   * as a second server process would. Null for SQLite: better-sqlite3 is synchronous, so a second
   * in-process connection waiting on a lock (busy_timeout) blocks the very thread that holds the
   * lock; SQLite's cross-process locking is real but needs real processes (see the CLI tests).
   */
  openConcurrent(): Promise<DatabaseHandle | null>;
}

export interface DatabaseBackend {
  name: DatabaseBackendName;
  /** Why the backend is not available here; undefined when it is. */
  skipReason?: string;
  open(): Promise<{ database: TestDatabase; dispose(): Promise<void> }>;
}

export function postgresUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//i.test(url) ? url : undefined;
}

export function databaseBackends(): DatabaseBackend[] {
  const pgUrl = postgresUrl();
  return [
    { name: 'sqlite-memory', open: openSqliteMemory },
    { name: 'sqlite-file', open: openSqliteFile },
    pgUrl
      ? { name: 'postgres', open: () => openPostgres(pgUrl) }
      : { name: 'postgres', skipReason: 'DATABASE_URL is not set to a postgres:// URL', open: () => openPostgres('') },
  ];
}

/**
 * Declares `describe(\`${title} [backend]\`)` once per backend. `body` receives a getter for the
 * suite's migrated database (valid inside tests and hooks). An unavailable backend's suite is
 * skipped, and a warning says which and why.
 */
export function describeEachDatabase(title: string, body: (database: () => TestDatabase, backend: DatabaseBackendName) => void): void {
  for (const backend of databaseBackends()) {
    const suiteTitle = `${title} [${backend.name}]`;
    if (backend.skipReason !== undefined) {
      console.warn(`SKIPPED: "${suiteTitle}" — ${backend.skipReason}`);
    }
    describe.skipIf(backend.skipReason !== undefined)(suiteTitle, () => {
      let opened: Awaited<ReturnType<DatabaseBackend['open']>> | undefined;
      beforeAll(async () => {
        opened = await backend.open();
        await migrateToLatest(opened.database.handle.db);
      });
      afterAll(async () => {
        await opened?.dispose();
      });
      body(() => {
        if (!opened) throw new Error('The test database is opened in beforeAll');
        return opened.database;
      }, backend.name);
    });
  }
}

async function openSqliteMemory() {
  const url = 'sqlite::memory:';
  const handle = await createDatabase(url);
  const database: TestDatabase = { backend: 'sqlite-memory', handle, url, openConcurrent: async () => null };
  return { database, dispose: () => handle.close() };
}

async function openSqliteFile() {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-db-'));
  const url = `sqlite:${join(dir, 'nested', 'test.db')}`;
  const handle = await createDatabase(url);
  const database: TestDatabase = { backend: 'sqlite-file', handle, url, openConcurrent: async () => null };
  return {
    database,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string) {
  const schema = randomSchemaName();
  const handle = await createDatabase(url, { schema });
  const extra: DatabaseHandle[] = [];
  const database: TestDatabase = {
    backend: 'postgres',
    handle,
    url,
    schema,
    openConcurrent: async () => {
      const another = await createDatabase(url, { schema });
      extra.push(another);
      return another;
    },
  };
  return {
    database,
    dispose: async () => {
      await Promise.all([handle, ...extra].map((h) => h.close()));
      await dropSchema(url, schema);
    },
  };
}

export function randomSchemaName(): string {
  return `test_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
