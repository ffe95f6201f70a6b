// A unit of work: one request's writes, committed or rolled back as one. Every POST runs in one
// (http/unit-of-work), so what an idempotent POST creates and the response stored for its key
// commit together: a crash in between leaves neither, and a retry with the same key (once the
// claim's lease has passed) runs afresh instead of creating the resource twice.
//
// The repositories are built once, on a Kysely that joins the unit of the request in progress
// (found through AsyncLocalStorage), so no service or repository needs to know about it. A
// transaction opened inside a unit becomes a savepoint of it. On SQLite, with its one
// connection, other requests' queries wait while a unit is open: a POST's few milliseconds.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import { isConnectionLost } from './connection-lost.js';
import type { Database } from './schema.js';

interface OpenUnit {
  transaction: ControlledTransaction<Database>;
  open: boolean;
  savepoints: number;
}

export interface UnitOfWork {
  /** Runs `work` (and everything it starts) inside the unit. */
  run<T>(work: () => T): T;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

const current = new AsyncLocalStorage<OpenUnit>();

export async function startUnitOfWork(db: Kysely<Database>): Promise<UnitOfWork> {
  const unit: OpenUnit = { transaction: await db.startTransaction().execute(), open: true, savepoints: 0 };
  const end = async (how: 'commit' | 'rollback') => {
    if (!unit.open) return;
    unit.open = false;
    try {
      await (how === 'commit' ? unit.transaction.commit() : unit.transaction.rollback()).execute();
    } catch (error) {
      // A transaction whose connection is gone was rolled back by the server with it; failing
      // the rollback too would skip what the caller does after it (freeing an idempotency key).
      if (how === 'commit' || !isConnectionLost(error)) throw error;
    }
  };
  return {
    run: (work) => current.run(unit, work),
    commit: () => end('commit'),
    rollback: () => end('rollback'),
  };
}

/**
 * `db` as the repositories should hold it: inside a unit of work its queries run in the unit's
 * transaction; outside (workers, GETs, POSTs without a key) it is `db` itself.
 */
export function joiningUnitsOfWork(db: Kysely<Database>): Kysely<Database> {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(db, {
    get(target, property) {
      const unit = current.getStore();
      if (unit?.open) return property === 'transaction' ? () => savepointBuilder(unit) : member(unit.transaction, property);
      let value = bound.get(property);
      if (value === undefined) {
        value = member(target, property);
        if (typeof value === 'function') bound.set(property, value);
      }
      return value;
    },
  });
}

/** Kysely keeps its state in private fields, so methods must run on the real object, not the proxy. */
function member(target: object, property: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/** What `db.transaction()` gives inside a unit: the same `execute(work)`, on a savepoint. */
function savepointBuilder(unit: OpenUnit): { execute<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> } {
  return {
    async execute(work) {
      const name = `unit_savepoint_${++unit.savepoints}`;
      const savepoint = await unit.transaction.savepoint(name).execute();
      try {
        const result = await work(savepoint);
        await savepoint.releaseSavepoint(name).execute();
        return result;
      } catch (error) {
        await savepoint.rollbackToSavepoint(name).execute();
        throw error;
      }
    },
  };
}
