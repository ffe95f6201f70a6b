// Opens the system of record: SQLite (embedded default) or PostgreSQL (at scale), chosen by URL.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresAdapter } from 'kysely';
import pg from 'pg';
import { PostgresSchemaDialect } from './postgres-schema-dialect.js';
import type { Database } from './schema.js';
import { LockWaitingSqliteDialect } from './sqlite-driver.js';
import { withPreparedStatementCache } from './sqlite-statements.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: keep every table in this schema (created if missing). Lets tests isolate. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  maxConnections?: number;
  /**
   * SQLite only: how long a statement waits (asynchronously) for another process's write lock
   * before failing with DatabaseBusyError. Default 5 s.
   */
  lockTimeoutMs?: number;
}

const DEFAULT_SQLITE_LOCK_TIMEOUT_MS = 5_000;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Accepted URLs: `postgres://…` / `postgresql://…`; `sqlite::memory:`; `sqlite:<path>`;
 * or a plain file path (taken as SQLite). Relative paths resolve against the current directory.
 */
export async function createDatabase(url: string, opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (/^postgres(ql)?:\/\//i.test(url)) return openPostgres(url, opts);
  if (opts.schema !== undefined) throw new Error('The schema option applies to PostgreSQL only');
  return openSqlite(sqlitePath(url), opts.lockTimeoutMs ?? DEFAULT_SQLITE_LOCK_TIMEOUT_MS);
}

/** The file a SQLite URL points at, or `:memory:`. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^sqlite:(\/\/(?=\/))?/i, '');
  if (path === '') throw new Error(`No SQLite file in database URL "${url}"`);
  return path;
}

function openSqlite(path: string, lockTimeoutMs: number): DatabaseHandle {
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  // WAL lets readers run beside the one writer; NORMAL sync is durable under WAL except on power loss.
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Never wait for a lock on the event loop: the dialect waits asynchronously instead.
  sqlite.pragma('busy_timeout = 0');
  const db = new Kysely<Database>({ dialect: new LockWaitingSqliteDialect(withPreparedStatementCache(sqlite), lockTimeoutMs) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(url: string, opts: DatabaseOptions): Promise<DatabaseHandle> {
  const config: pg.PoolConfig = { connectionString: url, max: opts.maxConnections ?? 10 };
  if (opts.schema !== undefined) {
    const schema = opts.schema;
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    // `pg` lets URL parameters override explicit config, so a URL `options` would silently win.
    if (new URL(url).searchParams.has('options')) {
      throw new Error('Give the schema either in the URL options or in the schema option, not both');
    }
    await createSchema(url, schema);
    // A startup parameter, so every pooled connection has it before its first query; if the schema
    // vanished, writes fail ("no schema selected") rather than landing in `public`.
    config.options = `-c search_path=${schema}`;
  }
  const pool = new pg.Pool(config);
  // A client whose connection dies emits 'error': on the pool while it is idle, on the client
  // itself while a request holds it. Unheard, either would end the process. The query in flight
  // fails on its own (and answers 503, see connection-lost.ts); the pool drops the broken client
  // when it is released and opens a new one for the next query.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresSchemaDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

async function createSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema}"`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}

/** Which dialect a Kysely instance speaks, for the few queries that differ (job claims). */
export function dialectOf(db: Kysely<Database>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
