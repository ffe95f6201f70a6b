// Shared helpers for the job tests: accounts to hang jobs on, and polling with a deadline instead
// of fixed sleeps.
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/storage/database.js';
import { createJobsRepository, type JobsRepository } from '../../src/storage/repositories/jobs.js';
import { createAccountsRepository } from '../../src/storage/repositories/accounts.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { transactionRunner } from '../../src/storage/transaction.js';
import { jobKinds, workerKinds } from '../../src/composition/job-kinds.js';
import { loadConfig } from '../../src/config/environment.js';
import { createLogger } from '../../src/http/logging.js';
import type { Clock } from '../../src/support/clock.js';

export const T0 = Date.UTC(2025, 0, 20, 8, 0, 0, 0);

export function jobsOf(handle: DatabaseHandle): JobsRepository {
  return createJobsRepository(handle.db, handle.dialect);
}

export async function newAccount(handle: DatabaseHandle): Promise<string> {
  const { account } = await createAccountsRepository(handle.db).create({
    email: `${randomUUID()}@example.com`,
    plan: 'pro',
    now: T0,
  });
  return account.id;
}

/** A unique kind per test, so tests sharing one database never claim each other's jobs. */
export function uniqueKind(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}`;
}

/** Resolves with the first truthy value of `probe`, polling every `everyMs`; fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  { timeoutMs = 10_000, everyMs = 10, what = 'condition' }: { timeoutMs?: number; everyMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A promise with its resolve function outside, to hold a handler until the test lets it go. */
export function gate<T = void>(): { promise: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The job kind of the test worker process (test-worker.ts). */
export const SLEEP_KIND = 'test.sleep';

/** Payload of a test.sleep job: how long to run on each attempt (the last entry repeats). */
export interface SleepPayload {
  msByAttempt: number[];
}

/** The product's job kinds over one database, as the worker runtime takes them (handlers, onExhausted, reconcile). */
export function productWorkerKinds(handle: DatabaseHandle, clock: Clock): ReturnType<typeof workerKinds> {
  const kinds = jobKinds({
    config: loadConfig({ DATABASE_URL: 'sqlite::memory:' }),
    repositories: createRepositories(handle.db, handle.dialect),
    transaction: transactionRunner(handle.db),
    clock,
    logger: createLogger('silent'),
  });
  return workerKinds(kinds);
}
