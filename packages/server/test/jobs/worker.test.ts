// The worker runtime in-process: handlers run, leases are renewed while they run and lost leases
// abort them, stop() waits (then aborts after its grace period). Lease time is a ManualClock;
// heartbeats and polling are real (short) timers, so the tests wait on conditions, never sleeps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { LeaseLostError, WorkerStoppingError, startWorker, type JobHandler, type RunningWorker, type WorkerOptions } from '../../src/jobs/worker.js';
import { createDatabase } from '../../src/storage/database.js';
import { migrateToLatest } from '../../src/storage/migrate.js';
import type { Job } from '../../src/storage/repositories/jobs.js';
import { toTimestamp } from '../../src/storage/timestamps.js';
import { describeEachDatabase } from '../support/databases.js';
import { T0, eventually, gate, jobsOf, newAccount, uniqueKind } from './support.js';

const LEASE = 10_000;

describeEachDatabase('job worker', (database) => {
  const jobs = () => jobsOf(database().handle);
  const started: RunningWorker[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.stop()));
  });

  function worker(clock: ManualClock, handlers: Record<string, JobHandler>, extra: Partial<WorkerOptions> = {}): RunningWorker {
    const w = startWorker({ jobs: jobs(), handlers, clock, leaseMs: LEASE, renewIntervalMs: 10, pollIntervalMs: 20, stopGraceMs: 5_000, ...extra });
    started.push(w);
    return w;
  }

  const status = async (id: string) => (await jobs().get(id))?.status;

  it('runs a handler with the job and records its outcome', async () => {
    const kind = uniqueKind('run');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: { n: 7 }, concurrencyLimit: 1, now: T0 });
    const seen: Array<{ job: Job; workerId: string }> = [];
    const w = worker(new ManualClock(T0), {
      [kind]: async (claimed, { workerId }) => {
        seen.push({ job: claimed, workerId });
        return 'succeeded';
      },
    });
    await eventually(async () => (await status(job.id)) === 'succeeded', { what: 'the job to succeed' });
    expect(seen).toEqual([{ job: expect.objectContaining({ id: job.id, payload: { n: 7 }, attempts: 1 }), workerId: w.workerId }]);
    expect(await jobs().get(job.id)).toMatchObject({ leaseOwner: w.workerId, lastError: null });
  });

  it('records a thrown error as failed with its message, and does not retry it', async () => {
    const kind = uniqueKind('throw');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
    let calls = 0;
    const w = worker(new ManualClock(T0), {
      [kind]: async () => {
        calls++;
        throw new Error('site unreachable');
      },
    });
    await eventually(async () => (await status(job.id)) === 'failed', { what: 'the job to fail' });
    expect(await jobs().get(job.id)).toMatchObject({ lastError: 'site unreachable', attempts: 1 });
    w.wake();
    await eventually(() => w.running === 0);
    expect(calls).toBe(1);
  });

  it('runs up to `concurrency` jobs at once, and the rest as slots free up', async () => {
    const kind = uniqueKind('slots');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const accountId = await newAccount(database().handle);
      ids.push((await jobs().enqueue({ kind, accountId, payload: i, concurrencyLimit: 10, now: T0 + i })).id);
    }
    const release = gate();
    const w = worker(new ManualClock(T0), { [kind]: async () => (await release.promise, 'succeeded') }, { concurrency: 2 });
    await eventually(() => w.running === 2, { what: 'two running jobs' });
    expect(await status(ids[2]!)).toBe('queued');
    release.open();
    await eventually(async () => (await Promise.all(ids.map(status))).every((s) => s === 'succeeded'), { what: 'all jobs to succeed' });
  });

  it('leaves a slot to other accounts: one account runs at most concurrency - 1 jobs, and another’s starts at once', async () => {
    const kind = uniqueKind('share');
    const a = await newAccount(database().handle);
    const b = await newAccount(database().handle);
    const ofA: string[] = [];
    for (let i = 0; i < 4; i++) ofA.push((await jobs().enqueue({ kind, accountId: a, payload: i, concurrencyLimit: 10, now: T0 + i })).id);
    const started = new Map<unknown, () => void>();
    const handler: JobHandler = async (job) => {
      const release = gate();
      started.set(job.payload, () => release.open());
      await release.promise;
      return 'succeeded';
    };
    const finish = async (payload: unknown) => (await eventually(() => started.get(payload), { what: `job ${String(payload)} to start` }))();
    const w = worker(new ManualClock(T0), { [kind]: handler }, { concurrency: 3 });
    await eventually(() => w.running === 2, { what: 'two of A’s jobs to run' });

    const ofB = await jobs().enqueue({ kind, accountId: b, payload: 'b', concurrencyLimit: 10, now: T0 + 10 });
    w.wake();
    await eventually(async () => (await status(ofB.id)) === 'running', { what: 'B’s job to start beside A’s' });
    // A's third job, older than B's, was left for the last slot: A holds two of three.
    expect(await Promise.all(ofA.map(status))).toEqual(['running', 'running', 'queued', 'queued']);
    expect(w.running).toBe(3);

    // A slot A frees goes back to A (B runs one already), within A's share.
    await finish(0);
    await eventually(async () => (await status(ofA[2]!)) === 'running', { what: 'A’s third job' });
    expect(await Promise.all([...ofA, ofB.id].map(status))).toEqual(['succeeded', 'running', 'running', 'queued', 'running']);
    for (const payload of [1, 2, 'b', 3]) await finish(payload);
    await eventually(async () => (await Promise.all([...ofA, ofB.id].map(status))).every((s) => s === 'succeeded'), { what: 'all jobs to succeed' });
  });

  it('lets one account use the only slot of a worker with one', async () => {
    const kind = uniqueKind('single');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 10, now: T0 });
    worker(new ManualClock(T0), { [kind]: async () => 'succeeded' }, { concurrency: 1 });
    await eventually(async () => (await status(job.id)) === 'succeeded', { what: 'the job to succeed' });
  });

  it('runs jobs that share a spread key in different workers, never two in one', async () => {
    const kind = uniqueKind('spread');
    const accountId = await newAccount(database().handle);
    const lead = await jobs().enqueue({ kind, accountId, payload: 'lead', concurrencyLimit: 10, spreadKey: 'run-1', now: T0 });
    const helper = await jobs().enqueue({ kind, accountId, payload: 'helper', concurrencyLimit: 10, spreadKey: 'run-1', now: T0 + 1 });
    const other = await jobs().enqueue({ kind, accountId, payload: 'other', concurrencyLimit: 10, spreadKey: 'run-2', now: T0 + 2 });
    const release = gate();
    const ranBy = new Map<unknown, string>();
    const handler: JobHandler = async (job, { workerId }) => {
      ranBy.set(job.payload, workerId);
      await release.promise;
      return 'succeeded';
    };
    // Three slots, so that the account may hold two.
    const first = worker(new ManualClock(T0), { [kind]: handler }, { concurrency: 3 });
    // Its two slots: the lead, then the job of another run; the helper is left queued for another worker.
    await eventually(() => first.running === 2, { what: 'two running jobs' });
    expect(await status(helper.id)).toBe('queued');
    expect([ranBy.get('lead'), ranBy.get('other')]).toEqual([first.workerId, first.workerId]);
    const second = worker(new ManualClock(T0), { [kind]: handler }, { concurrency: 3 });
    await eventually(async () => (await status(helper.id)) === 'running', { what: 'the helper to run in the second worker' });
    expect(ranBy.get('helper')).toBe(second.workerId);
    release.open();
    await eventually(async () => (await Promise.all([lead, helper, other].map((j) => status(j.id)))).every((s) => s === 'succeeded'), {
      what: 'all jobs to succeed',
    });
  });

  it('renews the lease while the handler runs, past the original lease', async () => {
    const kind = uniqueKind('renew');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
    const clock = new ManualClock(T0);
    const release = gate();
    const w = worker(clock, { [kind]: async () => (await release.promise, 'succeeded') });
    await eventually(() => w.running === 1, { what: 'the job to start' });

    // Four steps of 0.6 leases each: 2.4 leases in all; each step waits for a heartbeat.
    for (let step = 0; step < 4; step++) {
      clock.advance(LEASE * 0.6);
      const expected = toTimestamp(clock.now() + LEASE);
      await eventually(async () => (await jobs().get(job.id))?.leaseExpiresAt === expected, { what: 'a renewal' });
    }
    expect(clock.now() - T0).toBeGreaterThan(2 * LEASE);
    const recovered = await jobs().recoverExpired(clock.now());
    expect([...recovered.requeued, ...recovered.exhausted].map((j) => j.id)).not.toContain(job.id);

    release.open();
    await eventually(async () => (await status(job.id)) === 'succeeded', { what: 'the job to succeed' });
    expect((await jobs().get(job.id))?.attempts).toBe(1);
  });

  it('aborts the handler when its lease is lost, and drops its result', async () => {
    const kind = uniqueKind('lost');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
    const clock = new ManualClock(T0);
    const aborted = gate<unknown>();
    // A long heartbeat, so the lease can be taken over before this worker renews.
    const w = worker(
      clock,
      {
        [kind]: async (_job, { signal }) => {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          aborted.open(signal.reason);
          return 'succeeded';
        },
      },
      { renewIntervalMs: 300, pollIntervalMs: 60_000 },
    );
    await eventually(() => w.running === 1, { what: 'the job to start' });
    // Stopping keeps the running job but claims nothing new: otherwise this worker, woken when its
    // run ends, could claim the re-queued job itself between the recovery and the other's claim.
    const stopped = w.stop();

    clock.advance(LEASE + 1);
    const { requeued } = await jobs().recoverExpired(clock.now());
    expect(requeued.map((j) => j.id)).toContain(job.id);
    expect(await jobs().claim({ workerId: 'other', kinds: [kind], leaseMs: LEASE, now: clock.now() })).toMatchObject({ id: job.id, attempts: 2 });

    expect(await aborted.promise).toBeInstanceOf(LeaseLostError);
    await stopped;
    expect(w.running).toBe(0);
    // The handler said succeeded, but the job belongs to the other worker now.
    expect(await jobs().get(job.id)).toMatchObject({ status: 'running', leaseOwner: 'other' });
  });

  it('recovers expired jobs of lost workers and reports exhausted ones once', async () => {
    const kind = uniqueKind('exhaust');
    const accountId = await newAccount(database().handle);
    const retry = await jobs().enqueue({ kind, accountId, payload: 'retry', concurrencyLimit: 5, maxAttempts: 2, now: T0 });
    const last = await jobs().enqueue({ kind, accountId, payload: 'last', concurrencyLimit: 5, maxAttempts: 1, now: T0 + 1 });
    await jobs().claim({ workerId: 'crashed', kinds: [kind], leaseMs: LEASE, now: T0 });
    await jobs().claim({ workerId: 'crashed', kinds: [kind], leaseMs: LEASE, now: T0 });

    const clock = new ManualClock(T0 + LEASE);
    const exhausted: Job[] = [];
    const ran: unknown[] = [];
    worker(
      clock,
      { [kind]: async (job) => (ran.push(job.payload), 'succeeded') },
      {
        onExhausted: async (job) => {
          exhausted.push(job);
        },
      },
    );
    await eventually(async () => (await status(retry.id)) === 'succeeded', { what: 'the retried job to succeed' });
    expect(ran).toEqual(['retry']);
    expect(exhausted.filter((j) => j.kind === kind)).toEqual([expect.objectContaining({ id: last.id, status: 'failed', lastError: 'worker_lost' })]);
    expect(await jobs().get(last.id)).toMatchObject({ status: 'failed', lastError: 'worker_lost' });
  });

  it('stop() waits for running jobs, and claims nothing new meanwhile', async () => {
    const kind = uniqueKind('stop');
    const accountId = await newAccount(database().handle);
    const first = await jobs().enqueue({ kind, accountId, payload: 1, concurrencyLimit: 5, now: T0 });
    const release = gate();
    let signal: AbortSignal | undefined;
    const w = worker(
      new ManualClock(T0),
      {
        [kind]: async (_job, context) => {
          signal = context.signal;
          await release.promise;
          return 'succeeded';
        },
      },
      { concurrency: 1 },
    );
    await eventually(() => w.running === 1, { what: 'the job to start' });

    let stopped = false;
    const stopping = w.stop().then(() => (stopped = true));
    const second = await jobs().enqueue({ kind, accountId, payload: 2, concurrencyLimit: 5, now: T0 + 1 });
    w.wake();
    // Still waiting for the running job after several poll intervals, and it was not aborted.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false);
    expect(signal?.aborted).toBe(false);

    release.open();
    await stopping;
    expect(await status(first.id)).toBe('succeeded');
    expect(await status(second.id)).toBe('queued');
    expect(w.running).toBe(0);
  });

  it('stop() aborts running jobs after its grace period and hands them back', async () => {
    const kind = uniqueKind('grace');
    const accountId = await newAccount(database().handle);
    const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
    const clock = new ManualClock(T0);
    let reason: unknown;
    const w = worker(
      clock,
      {
        [kind]: async (_job, { signal }) => {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          reason = signal.reason;
          return 'cancelled';
        },
      },
      { stopGraceMs: 50 },
    );
    await eventually(() => w.running === 1, { what: 'the job to start' });
    await w.stop();
    expect(reason).toBeInstanceOf(WorkerStoppingError);
    // Not cancelled: interrupted, and back in the queue at once for any worker, the attempt not counted.
    expect(await jobs().get(job.id)).toMatchObject({ status: 'queued', leaseOwner: null, leaseExpiresAt: null, attempts: 0 });
  });
});

describe('job worker timers', () => {
  let handle: Awaited<ReturnType<typeof createDatabase>> | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await handle?.close();
  });

  it('leaves no timer behind after stop(), idle or after running jobs', async () => {
    handle = await createDatabase('sqlite::memory:');
    await migrateToLatest(handle.db);
    const kind = uniqueKind('timers');
    const accountId = await newAccount(handle);
    const jobs = jobsOf(handle);
    // Fake timers count exactly the timers the worker leaves pending.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });

    const idle = startWorker({ jobs, handlers: { [kind]: async () => 'succeeded' }, clock: new ManualClock(T0), pollIntervalMs: 5 });
    await vi.advanceTimersByTimeAsync(50);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await idle.stop();
    expect(vi.getTimerCount()).toBe(0);

    const release = gate();
    const busy = startWorker({
      jobs,
      handlers: { [kind]: async () => (await release.promise, 'succeeded') },
      clock: new ManualClock(T0),
      pollIntervalMs: 5,
      renewIntervalMs: 1,
    });
    const job = await jobs.enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
    busy.wake();
    while (busy.running === 0) await vi.advanceTimersByTimeAsync(5);
    await vi.advanceTimersByTimeAsync(20); // heartbeats and polls pending
    const stopping = busy.stop();
    await vi.advanceTimersByTimeAsync(5);
    release.open();
    await stopping;
    expect((await jobs.get(job.id))?.status).toBe('succeeded');
    expect(vi.getTimerCount()).toBe(0);
    // stop() is idempotent.
    await busy.stop();
  });
});
