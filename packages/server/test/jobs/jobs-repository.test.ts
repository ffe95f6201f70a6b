import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { toTimestamp } from '../../src/storage/timestamps.js';
import { describeEachDatabase } from '../support/databases.js';
import { T0, jobsOf, newAccount, uniqueKind } from './support.js';

const LEASE = 30_000;

describeEachDatabase('jobs repository', (database) => {
  const jobs = () => jobsOf(database().handle);
  const account = () => newAccount(database().handle);

  describe('enqueue and claim', () => {
    it('enqueues a queued job with its payload, and claims it with a lease', async () => {
      const kind = uniqueKind('enqueue');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: { url: 'https://a.test', n: [1, 2] }, concurrencyLimit: 2, now: T0 });
      expect(job).toMatchObject({
        kind,
        accountId,
        payload: { url: 'https://a.test', n: [1, 2] },
        status: 'queued',
        concurrencyLimit: 2,
        attempts: 0,
        maxAttempts: 3,
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: null,
        createdAt: toTimestamp(T0),
        updatedAt: toTimestamp(T0),
      });
      expect(await jobs().get(job.id)).toEqual(job);

      const claimed = await jobs().claim({ workerId: 'w1', kinds: [kind], leaseMs: LEASE, now: T0 + 5 });
      expect(claimed).toEqual({
        ...job,
        status: 'running',
        attempts: 1,
        leaseOwner: 'w1',
        leaseExpiresAt: toTimestamp(T0 + 5 + LEASE),
        updatedAt: toTimestamp(T0 + 5),
      });
      expect(await jobs().get(job.id)).toEqual(claimed);
      expect(await jobs().claim({ workerId: 'w1', kinds: [kind], leaseMs: LEASE, now: T0 + 6 })).toBeNull();
    });

    it('claims the oldest job first, by time and then by id', async () => {
      const kind = uniqueKind('order');
      const accountId = await account();
      const later = await jobs().enqueue({ kind, accountId, payload: 'later', concurrencyLimit: 10, now: T0 + 1_000 });
      const first = await jobs().enqueue({ kind, accountId, payload: 'first', concurrencyLimit: 10, now: T0 });
      const second = await jobs().enqueue({ kind, accountId, payload: 'second', concurrencyLimit: 10, now: T0 });
      const order = [];
      for (let i = 0; i < 3; i++) order.push((await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 2_000 }))?.id);
      expect(order).toEqual([first.id, second.id, later.id]);
    });

    it('claims only the kinds asked for', async () => {
      const wanted = uniqueKind('wanted');
      const other = uniqueKind('other');
      const accountId = await account();
      await jobs().enqueue({ kind: other, accountId, payload: null, concurrencyLimit: 5, now: T0 });
      const job = await jobs().enqueue({ kind: wanted, accountId, payload: null, concurrencyLimit: 5, now: T0 + 1 });
      expect(await jobs().claim({ workerId: 'w', kinds: [wanted, uniqueKind('none')], leaseMs: LEASE, now: T0 + 2 })).toMatchObject({ id: job.id });
      expect(await jobs().claim({ workerId: 'w', kinds: [wanted], leaseMs: LEASE, now: T0 + 2 })).toBeNull();
      expect(await jobs().claim({ workerId: 'w', kinds: [], leaseMs: LEASE, now: T0 + 2 })).toBeNull();
    });

    it('leaves a job whose spread key the worker runs to other workers', async () => {
      const kind = uniqueKind('spread');
      const accountId = await account();
      const keyed = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 5, spreadKey: 'run-1', now: T0 });
      const plain = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 5, now: T0 + 1 });
      expect(keyed.spreadKey).toBe('run-1');
      expect(plain.spreadKey).toBeNull();
      const claim = (avoidSpreadKeys: string[]) => jobs().claim({ workerId: 'w', kinds: [kind], avoidSpreadKeys, leaseMs: LEASE, now: T0 + 2 });
      expect(await claim(['run-1', 'run-9'])).toMatchObject({ id: plain.id });
      expect(await claim(['run-1'])).toBeNull();
      expect(await claim(['run-2'])).toMatchObject({ id: keyed.id, spreadKey: 'run-1' });
    });

    it('returns null when nothing is queued', async () => {
      expect(await jobs().claim({ workerId: 'w', kinds: [uniqueKind('empty')], leaseMs: LEASE, now: T0 })).toBeNull();
    });

    it('enqueues inside the caller’s transaction: a rollback leaves no job', async () => {
      const kind = uniqueKind('trx');
      const accountId = await account();
      const { db } = database().handle;
      let id = '';
      await expect(
        db.transaction().execute(async (trx) => {
          id = (await jobs().enqueue({ kind, accountId, payload: 1, concurrencyLimit: 1, now: T0 }, trx)).id;
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await jobs().get(id)).toBeNull();
      const kept = await db.transaction().execute((trx) => jobs().enqueue({ kind, accountId, payload: 2, concurrencyLimit: 1, now: T0 }, trx));
      expect(await jobs().get(kept.id)).toEqual(kept);
    });

    it('refuses a concurrency limit or max attempts below 1', async () => {
      const accountId = await account();
      await expect(jobs().enqueue({ kind: 'k', accountId, payload: null, concurrencyLimit: 0, now: T0 })).rejects.toThrow(RangeError);
      await expect(jobs().enqueue({ kind: 'k', accountId, payload: null, concurrencyLimit: 1, maxAttempts: 0, now: T0 })).rejects.toThrow(RangeError);
    });
  });

  describe('per-account concurrency', () => {
    it('claims only up to the limit per account and kind, while other accounts go ahead', async () => {
      const kind = uniqueKind('limit');
      const a = await account();
      const b = await account();
      const a1 = await jobs().enqueue({ kind, accountId: a, payload: 1, concurrencyLimit: 1, now: T0 });
      const a2 = await jobs().enqueue({ kind, accountId: a, payload: 2, concurrencyLimit: 1, now: T0 + 1 });
      const b1 = await jobs().enqueue({ kind, accountId: b, payload: 3, concurrencyLimit: 1, now: T0 + 2 });
      const claim = () => jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 10 });

      expect((await claim())?.id).toBe(a1.id);
      // a2 is older than b1, but account a is at its limit.
      expect((await claim())?.id).toBe(b1.id);
      expect(await claim()).toBeNull();

      expect(await jobs().finish({ jobId: a1.id, workerId: 'w', status: 'succeeded', now: T0 + 20 })).toBe(true);
      expect((await claim())?.id).toBe(a2.id);
    });

    it('counts running jobs of the same kind only', async () => {
      const audit = uniqueKind('audit');
      const other = uniqueKind('other');
      const a = await account();
      await jobs().enqueue({ kind: other, accountId: a, payload: null, concurrencyLimit: 1, now: T0 });
      const next = await jobs().enqueue({ kind: audit, accountId: a, payload: null, concurrencyLimit: 1, now: T0 + 1 });
      expect(await jobs().claim({ workerId: 'w', kinds: [other], leaseMs: LEASE, now: T0 + 2 })).not.toBeNull();
      expect((await jobs().claim({ workerId: 'w', kinds: [audit], leaseMs: LEASE, now: T0 + 2 }))?.id).toBe(next.id);
    });

    it('never exceeds the limit nor claims a job twice under parallel claims from separate pools', async (context) => {
      const concurrent = await database().openConcurrent();
      if (concurrent === null) {
        console.warn('SKIPPED: parallel claims need a second connection pool (PostgreSQL only)');
        context.skip();
        return;
      }
      const handles = [database().handle, concurrent, ...(await Promise.all([1, 2, 3].map(async () => (await database().openConcurrent())!)))];
      const kind = uniqueKind('race');
      const limits = [1, 3, 2];
      const accounts = await Promise.all(limits.map(() => account()));
      for (let i = 0; i < 5; i++) {
        for (const [n, accountId] of accounts.entries()) {
          await jobs().enqueue({ kind, accountId, payload: i, concurrencyLimit: limits[n]!, now: T0 + i });
        }
      }
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => jobsOf(handles[i % handles.length]!).claim({ workerId: `w${i}`, kinds: [kind], leaseMs: LEASE, now: T0 + 100 })),
      );
      const claimed = claims.filter((job) => job !== null);
      expect(new Set(claimed.map((job) => job.id)).size).toBe(claimed.length);
      for (const [n, accountId] of accounts.entries()) {
        expect(claimed.filter((job) => job.accountId === accountId)).toHaveLength(limits[n]!);
      }
      const { db } = database().handle;
      const running = await db.selectFrom('jobs').select(['account_id', 'lease_owner']).where('kind', '=', kind).where('status', '=', 'running').execute();
      expect(running).toHaveLength(6);
    });
  });

  describe('sharing between accounts', () => {
    it('leaves the jobs of the accounts the worker avoids (they hold their share of its slots)', async () => {
      const kind = uniqueKind('share');
      const a = await account();
      const b = await account();
      const a1 = await jobs().enqueue({ kind, accountId: a, payload: null, concurrencyLimit: 10, now: T0 });
      const b1 = await jobs().enqueue({ kind, accountId: b, payload: null, concurrencyLimit: 10, now: T0 + 1 });
      const claim = (avoidAccounts: string[]) => jobs().claim({ workerId: 'w', kinds: [kind], avoidAccounts, leaseMs: LEASE, now: T0 + 2 });
      expect(await claim([a])).toMatchObject({ id: b1.id });
      expect(await claim([a, b])).toBeNull();
      expect(await claim([b])).toMatchObject({ id: a1.id });
    });

    it('gives the next job to the account with the fewest running jobs, the oldest first among equals', async () => {
      const kind = uniqueKind('fewest');
      const [a, b, c] = [await account(), await account(), await account()];
      const enqueue = (accountId: string, at: number) => jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 10, now: T0 + at });
      const a1 = await enqueue(a, 0);
      const a2 = await enqueue(a, 1);
      const a3 = await enqueue(a, 2);
      const b1 = await enqueue(b, 3);
      const b2 = await enqueue(b, 4);
      const c1 = await enqueue(c, 5);
      const order = [];
      for (let i = 0; i < 7; i++) order.push((await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 10 }))?.id);
      // Running a-b-c: 0-0-0, 1-0-0, 1-1-0, 1-1-1, 2-1-1, 2-2-1, then a's last.
      expect(order).toEqual([a1.id, b1.id, c1.id, a2.id, b2.id, a3.id, undefined]);
    });

    it('counts an account’s running jobs of every kind, in every worker', async () => {
      const kind = uniqueKind('audit');
      const other = uniqueKind('geo');
      const a = await account();
      const b = await account();
      await jobs().enqueue({ kind: other, accountId: a, payload: null, concurrencyLimit: 10, now: T0 });
      expect(await jobs().claim({ workerId: 'elsewhere', kinds: [other], leaseMs: LEASE, now: T0 + 1 })).not.toBeNull();
      await jobs().enqueue({ kind, accountId: a, payload: null, concurrencyLimit: 10, now: T0 + 2 });
      const ofB = await jobs().enqueue({ kind, accountId: b, payload: null, concurrencyLimit: 10, now: T0 + 3 });
      expect(await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 4 })).toMatchObject({ id: ofB.id });
    });
  });

  describe('leases', () => {
    it('renews and finishes only for the lease holder', async () => {
      const kind = uniqueKind('lease');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
      await jobs().claim({ workerId: 'holder', kinds: [kind], leaseMs: LEASE, now: T0 });

      expect(await jobs().renew({ jobId: job.id, workerId: 'intruder', leaseMs: LEASE, now: T0 + 10_000 })).toBe(false);
      expect(await jobs().renew({ jobId: job.id, workerId: 'holder', leaseMs: LEASE, now: T0 + 10_000 })).toBe(true);
      expect((await jobs().get(job.id))?.leaseExpiresAt).toBe(toTimestamp(T0 + 10_000 + LEASE));

      expect(await jobs().finish({ jobId: job.id, workerId: 'intruder', status: 'succeeded', now: T0 + 11_000 })).toBe(false);
      expect(await jobs().finish({ jobId: job.id, workerId: 'holder', status: 'failed', error: 'boom', now: T0 + 11_000 })).toBe(true);
      expect(await jobs().get(job.id)).toMatchObject({
        status: 'failed',
        lastError: 'boom',
        leaseOwner: 'holder',
        leaseExpiresAt: null,
        updatedAt: toTimestamp(T0 + 11_000),
      });

      // Final states never change, not even by the former holder.
      expect(await jobs().finish({ jobId: job.id, workerId: 'holder', status: 'succeeded', now: T0 + 12_000 })).toBe(false);
      expect(await jobs().renew({ jobId: job.id, workerId: 'holder', leaseMs: LEASE, now: T0 + 12_000 })).toBe(false);
      expect(await jobs().cancelQueued(job.id, T0 + 12_000)).toBe(false);
      expect((await jobs().get(job.id))?.status).toBe('failed');
    });

    it('re-queues an expired job while attempts remain; the stale worker can no longer finish it', async () => {
      const kind = uniqueKind('expire');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, maxAttempts: 2, now: T0 });
      await jobs().claim({ workerId: 'stale', kinds: [kind], leaseMs: LEASE, now: T0 });

      // Not expired yet: exactly at now + lease - 1 nothing happens.
      expect(await jobs().recoverExpired(T0 + LEASE - 1)).toEqual({ requeued: [], exhausted: [] });

      const { requeued, exhausted } = await jobs().recoverExpired(T0 + LEASE);
      const mine = requeued.filter((j) => j.kind === kind);
      expect(mine).toEqual([expect.objectContaining({ id: job.id, status: 'queued', attempts: 1, leaseOwner: null, leaseExpiresAt: null })]);
      expect(exhausted.filter((j) => j.kind === kind)).toEqual([]);

      expect(await jobs().renew({ jobId: job.id, workerId: 'stale', leaseMs: LEASE, now: T0 + LEASE + 1 })).toBe(false);
      const again = await jobs().claim({ workerId: 'fresh', kinds: [kind], leaseMs: LEASE, now: T0 + LEASE + 2 });
      expect(again).toMatchObject({ id: job.id, attempts: 2, leaseOwner: 'fresh' });
      expect(await jobs().finish({ jobId: job.id, workerId: 'stale', status: 'succeeded', now: T0 + LEASE + 3 })).toBe(false);

      // The second attempt's lease expires too: out of attempts, the job fails as worker_lost.
      const later = T0 + 2 * LEASE + 2;
      const second = await jobs().recoverExpired(later);
      expect(second.requeued.filter((j) => j.kind === kind)).toEqual([]);
      expect(second.exhausted.filter((j) => j.kind === kind)).toEqual([
        expect.objectContaining({ id: job.id, status: 'failed', attempts: 2, lastError: 'worker_lost', leaseOwner: 'fresh', leaseExpiresAt: null }),
      ]);
      expect(await jobs().finish({ jobId: job.id, workerId: 'fresh', status: 'succeeded', now: later + 1 })).toBe(false);
      expect(await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: later + 1 })).toBeNull();
    });

    it('keeps a lease that passed but was not recovered yet, and a renewed lease is not recovered', async () => {
      const kind = uniqueKind('late');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
      await jobs().claim({ workerId: 'slow', kinds: [kind], leaseMs: LEASE, now: T0 });
      expect(await jobs().renew({ jobId: job.id, workerId: 'slow', leaseMs: LEASE, now: T0 + LEASE + 5 })).toBe(true);
      const recovered = await jobs().recoverExpired(T0 + LEASE + 6);
      expect([...recovered.requeued, ...recovered.exhausted].map((j) => j.id)).not.toContain(job.id);
      expect(await jobs().finish({ jobId: job.id, workerId: 'slow', status: 'succeeded', now: T0 + LEASE + 7 })).toBe(true);
    });

    it('hands a lease back with leaseMs 0: the next recovery re-queues at once', async () => {
      const kind = uniqueKind('handback');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
      await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 });
      expect(await jobs().renew({ jobId: job.id, workerId: 'w', leaseMs: 0, now: T0 + 1 })).toBe(true);
      const { requeued } = await jobs().recoverExpired(T0 + 1);
      expect(requeued.map((j) => j.id)).toContain(job.id);
    });

    it('hands a job back to the queue (a shutdown), its attempt not counted, by its lease holder only', async () => {
      const kind = uniqueKind('shutdown');
      const accountId = await account();
      const job = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, maxAttempts: 1, now: T0 });
      await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 });
      expect(await jobs().handBack({ jobId: job.id, workerId: 'other', now: T0 + 1 })).toBe(false);
      expect(await jobs().handBack({ jobId: job.id, workerId: 'w', now: T0 + 1 })).toBe(true);
      expect(await jobs().get(job.id)).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null, leaseExpiresAt: null });
      // Its one attempt is still there to be made.
      expect(await jobs().claim({ workerId: 'next', kinds: [kind], leaseMs: LEASE, now: T0 + 2 })).toMatchObject({ id: job.id, attempts: 1 });
    });

    it('returns each expired job to only one of two concurrent recoverers', async () => {
      const kind = uniqueKind('recover');
      const accountId = await account();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const job = await jobs().enqueue({ kind, accountId, payload: i, concurrencyLimit: 10, maxAttempts: i % 2 === 0 ? 1 : 3, now: T0 + i });
        ids.push(job.id);
        await jobs().claim({ workerId: 'lost', kinds: [kind], leaseMs: LEASE, now: T0 + 10 });
      }
      const other = (await database().openConcurrent()) ?? database().handle;
      const results = await Promise.all([jobs().recoverExpired(T0 + 2 * LEASE), jobsOf(other).recoverExpired(T0 + 2 * LEASE)]);
      const requeued = results.flatMap((r) => r.requeued).filter((j) => j.kind === kind);
      const exhausted = results.flatMap((r) => r.exhausted).filter((j) => j.kind === kind);
      expect(requeued.map((j) => j.id).sort()).toEqual([ids[1], ids[3], ids[5]].sort());
      expect(exhausted.map((j) => j.id).sort()).toEqual([ids[0], ids[2], ids[4]].sort());
    });
  });

  describe('cancelQueued', () => {
    it('cancels a queued job once, and never a running one', async () => {
      const kind = uniqueKind('cancel');
      const accountId = await account();
      const queued = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 });
      expect(await jobs().cancelQueued(queued.id, T0 + 1)).toBe(true);
      expect(await jobs().get(queued.id)).toMatchObject({ status: 'cancelled', updatedAt: toTimestamp(T0 + 1) });
      expect(await jobs().cancelQueued(queued.id, T0 + 2)).toBe(false);
      expect(await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 3 })).toBeNull();

      const running = await jobs().enqueue({ kind, accountId, payload: null, concurrencyLimit: 1, now: T0 + 4 });
      await jobs().claim({ workerId: 'w', kinds: [kind], leaseMs: LEASE, now: T0 + 5 });
      expect(await jobs().cancelQueued(running.id, T0 + 6)).toBe(false);
      expect((await jobs().get(running.id))?.status).toBe('running');
      expect(await jobs().cancelQueued('0190a0a0-0000-7000-8000-000000000000', T0)).toBe(false);
    });
  });

  it('stores every job in the jobs table with text timestamps (portable ordering)', async () => {
    const { db } = database().handle;
    const accountId = await account();
    const kind = uniqueKind('row');
    const job = await jobs().enqueue({ kind, accountId, payload: { a: 1 }, concurrencyLimit: 1, now: T0 });
    const row = await sql<{ payload: string; created_at: string }>`select payload, created_at from jobs where id = ${job.id}`.execute(db);
    expect(row.rows[0]).toEqual({ payload: '{"a":1}', created_at: '2025-01-20T08:00:00.000Z' });
  });
});
