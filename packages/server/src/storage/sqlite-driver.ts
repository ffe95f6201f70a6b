// Kysely's own SQLite driver, changed in one respect: it never waits for another process's lock
// on the event loop. better-sqlite3 is synchronous, so SQLite's busy_timeout would stall every
// request (health checks included) while, say, `npm run admin` or a backup holds the write lock.
// Here busy_timeout is 0 and a statement that finds the database locked is retried after an async
// pause, with the connection released meanwhile: reads (which WAL lets run beside a writer) keep
// answering, and a write still locked out at the deadline fails with DatabaseBusyError (a 503).
import { setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type SqliteDatabase } from 'kysely';

/** Another process held the SQLite write lock past the wait; the caller may retry shortly. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  constructor(waitedMs: number) {
    super(`The database stayed locked by another process for ${waitedMs} ms`);
  }
}

const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
};

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export class LockWaitingSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  readonly #lockTimeoutMs: number;

  constructor(database: SqliteDatabase, lockTimeoutMs: number) {
    super({ database });
    this.#database = database;
    this.#lockTimeoutMs = lockTimeoutMs;
  }

  override createDriver(): Driver {
    return new LockWaitingSqliteDriver(this.#database, this.#lockTimeoutMs);
  }
}

/** One connection, shared: the mutex keeps a transaction's statements from interleaving with others. */
class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class LockWaitingSqliteDriver implements Driver {
  readonly #database: SqliteDatabase;
  readonly #mutex = new ConnectionMutex();
  readonly #connection: LockWaitingConnection;

  constructor(database: SqliteDatabase, lockTimeoutMs: number) {
    this.#database = database;
    this.#connection = new LockWaitingConnection(database, this.#mutex, lockTimeoutMs);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  releaseConnection(): Promise<void> {
    this.#mutex.unlock();
    return Promise.resolve();
  }

  // IMMEDIATE takes the write lock at BEGIN, where waiting is safe; a deferred transaction would
  // meet the lock at its first write, after reads, where SQLite can only fail it.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#endTransaction(connection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#endTransaction(connection, 'rollback');
  }

  // Savepoints (a transaction inside a unit of work) are only issued inside our own transaction.
  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  destroy(): Promise<void> {
    this.#database.close();
    return Promise.resolve();
  }

  async #endTransaction(connection: DatabaseConnection, command: 'commit' | 'rollback'): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw(command));
    } finally {
      this.#connection.inTransaction = false;
    }
  }
}

/**
 * Statements kept prepared, by SQL text: preparing costs more than running the small queries of an
 * API request, and a server runs the same few dozen statements over and over. SQLite prepares a
 * kept statement again by itself when the schema changes.
 */
const PREPARED_STATEMENTS = 500;

class LockWaitingConnection implements DatabaseConnection {
  inTransaction = false;
  readonly #statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  readonly #database: SqliteDatabase;
  readonly #mutex: ConnectionMutex;
  readonly #lockTimeoutMs: number;

  constructor(database: SqliteDatabase, mutex: ConnectionMutex, lockTimeoutMs: number) {
    this.#database = database;
    this.#mutex = mutex;
    this.#lockTimeoutMs = lockTimeoutMs;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.#run<R>(query));
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on what the driver threw, unchanged
      if (!isBusy(error)) return Promise.reject(error);
      // Inside our own transaction the lock is already ours (BEGIN IMMEDIATE); giving the
      // connection away mid-transaction would let other statements into it.
      if (this.inTransaction) return Promise.reject(new DatabaseBusyError(0));
      return this.#retryWhileLocked<R>(query);
    }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite here');
  }

  async #retryWhileLocked<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = Date.now();
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      // The caller holds the connection; hand it over during the pause, take it back to retry.
      this.#mutex.unlock();
      await sleep(pause);
      await this.#mutex.lock();
      try {
        return this.#run<R>(query);
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
      const waited = Date.now() - started;
      if (waited >= this.#lockTimeoutMs) throw new DatabaseBusyError(waited);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }

  #prepared(sql: string): ReturnType<SqliteDatabase['prepare']> {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#database.prepare(sql);
      // The oldest first: Maps iterate in insertion order.
      if (this.#statements.size >= PREPARED_STATEMENTS) this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #run<R>(query: CompiledQuery): QueryResult<R> {
    const statement = this.#prepared(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }
}
