// A job whose workers kept dying is given up (worker_lost), and what it was working on must not
// stay `running`: every job kind says what its exhaustion means for its resource. A worker that
// died between giving the job up and failing its resource leaves an orphan, which a periodic
// reconcile finishes.
import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { startWorker } from '../../src/jobs/worker.js';
import { AUDIT_JOB_KIND } from '../../src/services/audits/service.js';
import { GEO_TEST_JOB_KIND } from '../../src/services/geo-tests/service.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { usageMonth } from '../../src/storage/repositories/usage.js';
import { uuidv7 } from '../../src/support/ids.js';
import type { Job } from '../../src/storage/repositories/jobs.js';
import { describeEachDatabase } from '../support/databases.js';
import { productWorkerKinds } from './support.js';

const NOW = Date.UTC(2025, 0, 15, 9, 30);
const job = (kind: string, payload: unknown): Job =>
  ({ id: uuidv7(), kind, payload, status: 'failed', attempts: 3, lastError: 'worker_lost' }) as unknown as Job;

describeEachDatabase('exhausted jobs', (database) => {
  const repos = () => createRepositories(database().handle.db, database().handle.dialect);
  const exhaust = () => productWorkerKinds(database().handle, new ManualClock(NOW + 60_000)).onExhausted;

  it('fail a GEO monitor test that was running, with a message saying why, giving back the calls it did not make', async () => {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://www.example.com', now: NOW });
    // Charged 3 calls; the lost worker made one of them.
    const month = usageMonth(NOW);
    await repos().usage.chargeCalls({ accountId: account.id, month, calls: 3, limit: 5_000 });
    const test = await repos().geoTests.create({
      id: uuidv7(),
      projectId: project.id,
      accountId: account.id,
      prompt: 'best kilns',
      locale: 'en',
      engines: ['e'],
      jobId: uuidv7(),
      callsPlanned: 3,
      chargedMonth: month,
      now: NOW,
    });
    await repos().geoTests.markRunning(test.id, NOW);
    expect(await repos().geoTests.recordCall(test.id)).toBe(true);
    await exhaust()(job(GEO_TEST_JOB_KIND, { geoTestId: test.id }));
    const stored = await repos().geoTests.find(test.id);
    expect(stored).toMatchObject({ status: 'failed', callsPlanned: 3, callsMade: 1 });
    expect(stored!.finishedAt).not.toBeNull();
    expect(JSON.stringify(stored)).toContain('interrupted');
    // The two calls it never made went back to the month, once however often it is given up.
    expect(await repos().usage.callsIn(account.id, month)).toBe(1);
    await exhaust()(job(GEO_TEST_JOB_KIND, { geoTestId: test.id }));
    expect(await repos().usage.callsIn(account.id, month)).toBe(1);
    // A call counted after the test ended is refused.
    expect(await repos().geoTests.recordCall(test.id)).toBe(false);
  });

  it('fail an audit run as worker_lost, as before', async () => {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://www.example.com', now: NOW });
    const run = await repos().auditRuns.create({
      id: uuidv7(),
      projectId: project.id,
      accountId: account.id,
      seedUrl: 'https://www.example.com/',
      maxPages: 5,
      jobId: uuidv7(),
      now: NOW,
    });
    await exhaust()(job(AUDIT_JOB_KIND, { auditRunId: run.id }));
    expect(await repos().auditRuns.find(run.id)).toMatchObject({ status: 'failed', error: { code: 'worker_lost' } });
  });

  it('reconcile finishes audits and GEO tests whose job ended without them, and nothing else', async () => {
    const handle = database().handle;
    const clock = new ManualClock(NOW + 60_000);
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: NOW })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://www.example.com', now: NOW });
    const jobs = repos().jobs;
    const newJob = (kind: string) => jobs.enqueue({ kind, accountId: account.id, payload: {}, concurrencyLimit: 10, now: NOW });
    const audit = async (jobId: string) =>
      (
        await repos().auditRuns.create({
          id: uuidv7(),
          projectId: project.id,
          accountId: account.id,
          seedUrl: 'https://www.example.com/',
          maxPages: 5,
          jobId,
          now: NOW,
        })
      ).id;
    // The state a worker leaves when it dies right after recoverExpired gave the job up.
    const giveUp = async (jobId: string) => {
      await handle.db.updateTable('jobs').set({ status: 'failed', last_error: 'worker_lost' }).where('id', '=', jobId).execute();
    };

    const lostAuditJob = await newJob(AUDIT_JOB_KIND);
    const orphanAudit = await audit(lostAuditJob.id);
    await repos().auditRuns.markRunning(orphanAudit, NOW);
    await giveUp(lostAuditJob.id);
    const lostGeoJob = await newJob(GEO_TEST_JOB_KIND);
    const orphanTest = (
      await repos().geoTests.create({
        id: uuidv7(),
        projectId: project.id,
        accountId: account.id,
        prompt: 'p',
        locale: 'en',
        engines: ['e'],
        jobId: lostGeoJob.id,
        callsPlanned: 3,
        chargedMonth: null,
        now: NOW,
      })
    ).id;
    await giveUp(lostGeoJob.id);
    // Still queued: its audit is waiting, not orphaned.
    const waitingAudit = await audit((await newJob(AUDIT_JOB_KIND)).id);

    // A worker reconciles when it starts (and then every reconcileIntervalMs of clock time).
    const worker = startWorker({ jobs, handlers: {}, clock, pollIntervalMs: 20, reconcile: productWorkerKinds(handle, clock).reconcile });
    try {
      await vi.waitFor(async () => expect((await repos().auditRuns.find(orphanAudit))?.status).toBe('failed'), { timeout: 5_000 });
      await vi.waitFor(async () => expect((await repos().geoTests.find(orphanTest))?.status).toBe('failed'), { timeout: 5_000 });
    } finally {
      await worker.stop();
    }
    expect(await repos().auditRuns.find(orphanAudit)).toMatchObject({ error: { code: 'worker_lost' } });
    expect((await repos().auditRuns.find(waitingAudit))?.status).toBe('pending');
    // `audit.failed` went into the outbox with the failure, as when the job is given up directly.
    const events = await handle.db.selectFrom('webhook_events').select(['type', 'payload']).execute();
    expect(events.some((e) => e.type === 'audit.failed' && e.payload.includes(orphanAudit))).toBe(true);
    expect(await productWorkerKinds(handle, clock).reconcile()).toBe(0);
  });
});
