// The durable job queue. A worker claims a queued job under a lease (owner + expiry), renews the
// lease while it runs, and finishes it; a job whose lease passes belongs to a lost worker and is
// re-queued (or, out of attempts, failed). Every state change is one conditional statement (or,
// for a PostgreSQL claim, one short transaction), so concurrent workers and processes never both
// win the same job, and the per-account concurrency limit holds across all of them.
//
// Among the claimable jobs, the account with the fewest running jobs (all kinds) goes first, then
// the oldest job: a worker's freed slot goes to an account that waits rather than to the one
// holding the most. The worker says which accounts already hold their share of its slots.
//
// Lease times come from the caller's `now` (a Clock), never from the database, so tests can move
// time by hand and both dialects compare the same ISO text.
import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import { uuidv7 } from '../../support/ids.js';
import type { Database, JobsTable } from '../schema.js';
import { toTimestamp } from '../timestamps.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  kind: string;
  accountId: string;
  payload: unknown;
  status: JobStatus;
  concurrencyLimit: number;
  attempts: number;
  maxAttempts: number;
  /** The lease holder while running; once final, the worker that finished it. */
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  lastError: string | null;
  /** Jobs with the same spread key run in different workers. */
  spreadKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface EnqueueInput {
  kind: string;
  accountId: string;
  /** Any JSON value. */
  payload: unknown;
  /** Jobs of this kind the account may have running at once. */
  concurrencyLimit: number;
  /** Claims allowed before a lost lease fails the job; default 3. */
  maxAttempts?: number;
  /** A worker running a job with this key does not claim this one (another worker does). */
  spreadKey?: string;
  now: number;
}

export interface ClaimInput {
  workerId: string;
  kinds: string[];
  /** The spread keys of the jobs this worker runs: jobs with one of them are left to other workers. */
  avoidSpreadKeys?: readonly string[];
  /** Accounts that hold their share of this worker's slots: their jobs are left to other workers, or to later. */
  avoidAccounts?: readonly string[];
  leaseMs: number;
  now: number;
}

export interface JobsRepository {
  /** Inside the caller's transaction when given (so an audit run and its job are created together). */
  enqueue(input: EnqueueInput, trx?: Transaction<Database>): Promise<Job>;
  /**
   * Claims a queued job of these kinds whose account has fewer than the job's concurrencyLimit
   * jobs of the same kind running, is not one of `avoidAccounts`, and whose spread key is none of
   * those this worker runs: of the account with the fewest running jobs (all kinds), the oldest
   * (the oldest overall among accounts running as many). Status running, this worker's lease until
   * now + leaseMs, attempts + 1. Null when nothing is claimable.
   */
  claim(input: ClaimInput): Promise<Job | null>;
  /**
   * Extends the lease to now + leaseMs; false when this worker no longer holds it (recovered,
   * taken by another worker, or finished). A lease that passed but that nobody recovered yet is
   * still held: no one else can be running the job. leaseMs 0 hands the lease back at once.
   */
  renew(input: { jobId: string; workerId: string; leaseMs: number; now: number }): Promise<boolean>;
  /**
   * Back to queued, by the lease holder only, its attempt not counted: a worker that shuts down
   * gives its unfinished jobs back (the job did not fail; a worker that dies loses the lease and
   * its attempt counts). False when this worker no longer holds the lease.
   */
  handBack(input: { jobId: string; workerId: string; now: number }): Promise<boolean>;
  /** Final state, only by the lease holder (conditional update); false otherwise. */
  finish(input: { jobId: string; workerId: string; status: 'succeeded' | 'failed' | 'cancelled'; error?: string; now: number }): Promise<boolean>;
  /** Cancels a job that is still queued (conditional); true when it was queued. */
  cancelQueued(jobId: string, now: number, trx?: Transaction<Database>): Promise<boolean>;
  /**
   * Running jobs whose lease has passed: back to queued while attempts < maxAttempts, else failed
   * with lastError 'worker_lost'. Each job is returned to exactly one concurrent caller.
   */
  recoverExpired(now: number): Promise<{ requeued: Job[]; exhausted: Job[] }>;
  get(jobId: string): Promise<Job | null>;
  /** When the job queued longest became queued (enqueued, given back or recovered); null when none is. */
  oldestQueuedSince(): Promise<string | null>;
  /** The account's running jobs of this kind (what its concurrency limit counts). */
  countRunning(input: { accountId: string; kind: string }): Promise<number>;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
export const WORKER_LOST = 'worker_lost';

/**
 * A PostgreSQL claim whose candidate's account turned out to be full (another worker claimed for
 * it between our scan and our account lock) tries again; each retry excludes that account and
 * kind, so the loop ends, and the bound keeps one call short under heavy contention.
 */
const MAX_CLAIM_ROUNDS = 8;

type Candidate = { id: string; account_id: string; kind: string; concurrency_limit: number };

/** `dialect` picks the claim strategy: row locks on PostgreSQL, one write statement on SQLite. */
export function createJobsRepository(db: Kysely<Database>, dialect: DialectName): JobsRepository {
  return {
    async enqueue({ kind, accountId, payload, concurrencyLimit, maxAttempts = DEFAULT_MAX_ATTEMPTS, spreadKey, now }, trx) {
      positiveInteger(concurrencyLimit, 'concurrencyLimit');
      positiveInteger(maxAttempts, 'maxAttempts');
      const nowText = toTimestamp(now);
      const row: Selectable<JobsTable> = {
        id: uuidv7(now),
        kind,
        account_id: accountId,
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- JSON.stringify(undefined) is undefined whatever its type says; the assertion keeps the fallback from looking dead
        payload: (JSON.stringify(payload) as string | undefined) ?? 'null',
        status: 'queued',
        concurrency_limit: concurrencyLimit,
        attempts: 0,
        max_attempts: maxAttempts,
        lease_owner: null,
        lease_expires_at: null,
        last_error: null,
        spread_key: spreadKey ?? null,
        created_at: nowText,
        updated_at: nowText,
      };
      await (trx ?? db).insertInto('jobs').values(row).execute();
      return toJob(row);
    },

    async claim(input) {
      if (input.kinds.length === 0) return null;
      if (!(input.leaseMs > 0)) throw new RangeError(`leaseMs must be positive (got ${input.leaseMs})`);
      return dialect === 'postgres' ? claimPostgres(db, input) : claimSqlite(db, input);
    },

    async renew({ jobId, workerId, leaseMs, now }) {
      if (!(leaseMs >= 0)) throw new RangeError(`leaseMs must not be negative (got ${leaseMs})`);
      const result = await db
        .updateTable('jobs')
        .set({ lease_expires_at: toTimestamp(now + leaseMs), updated_at: toTimestamp(now) })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async handBack({ jobId, workerId, now }) {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', lease_owner: null, lease_expires_at: null, attempts: eb('attempts', '-', 1), updated_at: toTimestamp(now) }))
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async finish({ jobId, workerId, status, error, now }) {
      const result = await db
        .updateTable('jobs')
        .set({ status, last_error: error ?? null, lease_expires_at: null, updated_at: toTimestamp(now) })
        .where('id', '=', jobId)
        .where('status', '=', 'running')
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async cancelQueued(jobId, now, trx) {
      const result = await (trx ?? db)
        .updateTable('jobs')
        .set({ status: 'cancelled', updated_at: toTimestamp(now) })
        .where('id', '=', jobId)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recoverExpired(now) {
      const nowText = toTimestamp(now);
      // Both dialects re-check the WHERE on the row they update (PostgreSQL after waiting for a
      // concurrent renew's row lock), so a lease renewed meanwhile is left alone and two recoverers
      // never both return one job.
      const exhausted = await db
        .updateTable('jobs')
        .set({ status: 'failed', last_error: WORKER_LOST, lease_expires_at: null, updated_at: nowText })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<=', nowText)
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .returningAll()
        .execute();
      const requeued = await db
        .updateTable('jobs')
        .set({ status: 'queued', lease_owner: null, lease_expires_at: null, updated_at: nowText })
        .where('status', '=', 'running')
        .where('lease_expires_at', '<=', nowText)
        .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
        .returningAll()
        .execute();
      return { requeued: requeued.map(toJob).sort(byAge), exhausted: exhausted.map(toJob).sort(byAge) };
    },

    async get(jobId) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
      return row ? toJob(row) : null;
    },

    async oldestQueuedSince() {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('updated_at').as('since'))
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return row?.since ?? null;
    },

    async countRunning({ accountId, kind }) {
      const { count } = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('account_id', '=', accountId)
        .where('kind', '=', kind)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

/**
 * SQLite: one UPDATE picks and claims the job. A write statement takes the database's write lock
 * before it reads anything (BEGIN IMMEDIATE semantics), so the count of running jobs it checks
 * cannot change under it, in this process or another one sharing the file.
 */
async function claimSqlite(db: Kysely<Database>, input: ClaimInput): Promise<Job | null> {
  const row = await db
    .updateTable('jobs')
    .set((eb) => leaseColumns(eb, input))
    .where('id', '=', claimable(db, input).select('j.id'))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

/**
 * PostgreSQL, under READ COMMITTED: (1) lock the first candidate in claim order whose account looks
 * below its limit, skipping rows other claimers hold (SKIP LOCKED); (2) lock the account row, which every
 * claimer for that account takes, so they line up; (3) count the account's running jobs again in a
 * new statement, which now sees every claim committed before our lock; (4) claim. The transaction
 * never waits for anything after the account lock, so it cannot deadlock with another claimer.
 */
async function claimPostgres(db: Kysely<Database>, input: ClaimInput): Promise<Job | null> {
  const full: Array<{ accountId: string; kind: string }> = [];
  for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
    const outcome = await db.transaction().execute(async (trx): Promise<Job | Candidate | null> => {
      const candidate = await claimable(trx, input, full)
        .select(['j.id', 'j.account_id', 'j.kind', 'j.concurrency_limit'])
        .forUpdate('j')
        .skipLocked()
        .executeTakeFirst();
      if (!candidate) return null;

      await trx.selectFrom('accounts').select('id').where('id', '=', candidate.account_id).forUpdate().execute();
      const { count } = await trx
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('account_id', '=', candidate.account_id)
        .where('kind', '=', candidate.kind)
        .where('status', '=', 'running')
        .executeTakeFirstOrThrow();
      if (Number(count) >= candidate.concurrency_limit) return candidate;

      const row = await trx
        .updateTable('jobs')
        .set((eb) => leaseColumns(eb, input))
        .where('id', '=', candidate.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toJob(row);
    });
    if (outcome === null) return null;
    if ('status' in outcome) return outcome;
    full.push({ accountId: outcome.account_id, kind: outcome.kind });
  }
  return null;
}

/**
 * The job to claim, as a query to select its columns from: queued, of these kinds, of an account
 * below its limit for the kind (and not one of `full`), not avoided; of the account with the
 * fewest running jobs, then the oldest. The running jobs are counted once per account (and kind)
 * in two small aggregates, not once per queued job: the whole queue is read to find the account
 * with the fewest.
 */
function claimable(executor: Kysely<Database> | Transaction<Database>, input: ClaimInput, full: ReadonlyArray<{ accountId: string; kind: string }> = []) {
  const running = executor.selectFrom('jobs').where('status', '=', 'running');
  const byKind = running
    .select(['account_id', 'kind', (eb) => eb.fn.countAll<number>().as('running')])
    .groupBy(['account_id', 'kind'])
    .as('rk');
  const byAccount = running
    .select(['account_id', (eb) => eb.fn.countAll<number>().as('running')])
    .groupBy('account_id')
    .as('ra');
  let queued = executor
    .selectFrom('jobs as j')
    .where('j.status', '=', 'queued')
    .where('j.kind', 'in', input.kinds)
    .where((eb) => notAvoided(eb, input));
  for (const { accountId, kind } of full) {
    queued = queued.where((eb) => eb.not(eb.and([eb('j.account_id', '=', accountId), eb('j.kind', '=', kind)])));
  }
  return queued
    .leftJoin(byKind, (join) => join.onRef('rk.account_id', '=', 'j.account_id').onRef('rk.kind', '=', 'j.kind'))
    .leftJoin(byAccount, (join) => join.onRef('ra.account_id', '=', 'j.account_id'))
    .where((eb) => eb(eb.fn.coalesce('rk.running', eb.lit(0)), '<', eb.ref('j.concurrency_limit')))
    .orderBy((eb) => eb.fn.coalesce('ra.running', eb.lit(0)))
    .orderBy('j.created_at')
    .orderBy('j.id')
    .limit(1);
}

/** The candidate `j` is of no account this worker avoids, and has no spread key or one this worker does not run. */
function notAvoided(eb: ExpressionBuilder<Database & { j: JobsTable }, 'j'>, { avoidSpreadKeys = [], avoidAccounts = [] }: ClaimInput) {
  const conditions = [];
  if (avoidAccounts.length > 0) conditions.push(eb('j.account_id', 'not in', avoidAccounts));
  if (avoidSpreadKeys.length > 0) conditions.push(eb.or([eb('j.spread_key', 'is', null), eb('j.spread_key', 'not in', avoidSpreadKeys)]));
  return conditions.length === 0 ? eb.lit(true) : eb.and(conditions);
}

function leaseColumns(eb: ExpressionBuilder<Database, 'jobs'>, { workerId, leaseMs, now }: ClaimInput) {
  return {
    status: 'running' as const,
    lease_owner: workerId,
    lease_expires_at: toTimestamp(now + leaseMs),
    attempts: eb('attempts', '+', 1),
    last_error: null,
    updated_at: toTimestamp(now),
  };
}

function positiveInteger(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer (got ${value})`);
}

function byAge(a: Job, b: Job): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function toJob(row: Selectable<JobsTable>): Job {
  return {
    id: row.id,
    kind: row.kind,
    accountId: row.account_id,
    payload: JSON.parse(row.payload) as unknown,
    status: row.status,
    concurrencyLimit: Number(row.concurrency_limit),
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    lastError: row.last_error,
    spreadKey: row.spread_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
