// The GEO monitor scheduler against each backend, on a manual clock: due ticks become runs with
// their jobs, schedulers racing over the same monitors (two connections on PostgreSQL) create one
// run per tick, a stale read or a pause wins over the scheduler, and the run job's lifecycle (given
// up → worker_lost, orphans reconciled) leaves no run running.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { createMonitorScheduler, monitorSchedulerDeps, type MonitorScheduler } from '../../src/services/geo-monitors/scheduler.js';
import { pino } from 'pino';
import { ANSWER_ENGINE_POLICY } from '../../src/services/geo-tests/job.js';
import { createGeoMonitorRunJob, GEO_MONITOR_RUN_JOB_KIND } from '../../src/services/geo-monitors/run-job.js';
import { transactionRunner } from '../../src/storage/transaction.js';
import { createWebhookOutbox } from '../../src/webhooks/outbox.js';
import type { DatabaseHandle } from '../../src/storage/database.js';
import { uuidv7 } from '../../src/support/ids.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import type { Job } from '../../src/storage/repositories/jobs.js';
import { toTimestamp } from '../../src/storage/timestamps.js';
import { describeEachDatabase } from '../support/databases.js';
import { productWorkerKinds } from './support.js';

const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 15, 9, 30);

describeEachDatabase('GEO monitor scheduler', (database) => {
  const repos = (handle: DatabaseHandle = database().handle) => createRepositories(handle.db, handle.dialect);
  const schedulerOn = (handle: DatabaseHandle, clock: ManualClock): MonitorScheduler =>
    createMonitorScheduler({ ...monitorSchedulerDeps({ repositories: repos(handle), transaction: transactionRunner(handle.db), clock }), clock });

  /** A monitor of a fresh account, every `intervalMinutes` from T0. */
  async function newMonitor(intervalMinutes = 60, prompts = ['Where?']) {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'agency', now: T0 })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'Example Shop', primaryDomain: 'https://www.example.com', now: T0 });
    const monitor = await repos().geoMonitors.createWithinLimit({
      id: uuidv7(T0),
      projectId: project.id,
      accountId: account.id,
      name: 'M',
      prompts,
      locales: ['en'],
      engines: ['fake'],
      samplesPerPrompt: 2,
      schedule: { intervalMinutes },
      nextRunAt: toTimestamp(T0 + intervalMinutes * MIN),
      now: T0,
      maxMonitors: 50,
    });
    if (monitor === 'limit_exceeded') throw new Error('limit');
    return monitor;
  }

  const runsOf = async (monitorId: string) =>
    database().handle.db.selectFrom('geo_monitor_runs').selectAll().where('monitor_id', '=', monitorId).orderBy('scheduled_for').execute();

  it('turns a due tick into one run with its job, and nothing before the tick', async () => {
    const clock = new ManualClock(T0);
    const monitor = await newMonitor(60, ['Where?', 'Who?']);
    const scheduler = schedulerOn(database().handle, clock);
    clock.set(T0 + 60 * MIN - 1);
    expect((await scheduler.tick()).filter((r) => r.monitorId === monitor.id)).toEqual([]);
    clock.set(T0 + 60 * MIN);
    const created = (await scheduler.tick()).filter((r) => r.monitorId === monitor.id);
    expect(created).toEqual([
      { runId: expect.any(String), monitorId: monitor.id, jobId: expect.any(String), scheduledFor: toTimestamp(T0 + 60 * MIN), skippedTicks: 0 },
    ]);
    const run = await repos().geoMonitorRuns.find(created[0]!.runId);
    expect(run).toMatchObject({
      status: 'pending',
      callsPlanned: 4,
      callsMade: 0,
      chargedMonth: null,
      jobId: created[0]!.jobId,
      settings: { prompts: ['Where?', 'Who?'], locales: ['en'], engines: ['fake'], samplesPerPrompt: 2 },
      brands: [{ competitorId: null, name: 'Example Shop', aliases: [], domains: ['www.example.com'] }],
    });
    expect(await repos().jobs.get(created[0]!.jobId)).toMatchObject({ kind: GEO_MONITOR_RUN_JOB_KIND, payload: { runId: run!.id }, status: 'queued' });
    expect(await repos().geoMonitors.find(monitor.id)).toMatchObject({ lastRunAt: toTimestamp(T0 + 60 * MIN), nextRunAt: toTimestamp(T0 + 120 * MIN) });
    // Ticking again at the same time makes nothing more.
    expect((await scheduler.tick()).filter((r) => r.monitorId === monitor.id)).toEqual([]);
  });

  it('creates one run per tick when schedulers race over the same monitors', async () => {
    const clock = new ManualClock(T0);
    const monitors = await Promise.all([1, 2, 3, 4, 5, 6].map(() => newMonitor(30)));
    const other = await database().openConcurrent();
    const schedulers = [schedulerOn(database().handle, clock), schedulerOn(other ?? database().handle, clock), schedulerOn(database().handle, clock)];
    const created: string[] = [];
    for (let tick = 1; tick <= 5; tick++) {
      clock.set(T0 + tick * 30 * MIN);
      const results = await Promise.all(schedulers.map((s) => s.tick()));
      created.push(
        ...results
          .flat()
          .filter((r) => monitors.some((m) => m.id === r.monitorId))
          .map((r) => r.runId),
      );
    }
    expect(created).toHaveLength(30);
    for (const monitor of monitors) {
      const runs = await runsOf(monitor.id);
      expect(runs.map((r) => r.scheduled_for)).toEqual([1, 2, 3, 4, 5].map((k) => toTimestamp(T0 + k * 30 * MIN)));
      // Every run has its own job, and no job was enqueued for a run that was not created.
      expect(new Set(runs.map((r) => r.job_id)).size).toBe(5);
    }
    const jobs = await database()
      .handle.db.selectFrom('jobs')
      .select('id')
      .where('kind', '=', GEO_MONITOR_RUN_JOB_KIND)
      .where(
        'account_id',
        'in',
        monitors.map((m) => m.accountId),
      )
      .execute();
    expect(jobs).toHaveLength(30);
  });

  it('changes nothing from a stale read: a pause or another scheduler got there first', async () => {
    const clock = new ManualClock(T0 + 60 * MIN);
    const monitor = await newMonitor(60);
    // Another scheduler moved it on.
    const stale = await database()
      .handle.db.transaction()
      .execute((t) => repos().geoMonitors.advance(t, { id: monitor.id, expectedNextRunAt: toTimestamp(T0), nextRunAt: null, lastRunAt: toTimestamp(T0) }));
    expect(stale).toBe(false);
    // Paused meanwhile.
    await repos().geoMonitors.update(monitor.id, { paused: true, nextRunAt: null }, T0);
    expect(await schedulerOn(database().handle, clock).tick()).not.toContainEqual(expect.objectContaining({ monitorId: monitor.id }));
    expect(await runsOf(monitor.id)).toEqual([]);
    // A tick that already has its run (ON CONFLICT DO NOTHING) enqueues nothing.
    await repos().geoMonitors.update(monitor.id, { paused: false, nextRunAt: toTimestamp(T0 + 60 * MIN) }, T0);
    expect((await schedulerOn(database().handle, clock).tick()).filter((r) => r.monitorId === monitor.id)).toHaveLength(1);
    await repos().geoMonitors.update(monitor.id, { nextRunAt: toTimestamp(T0 + 60 * MIN) }, T0);
    expect((await schedulerOn(database().handle, clock).tick()).filter((r) => r.monitorId === monitor.id)).toEqual([]);
    expect(await runsOf(monitor.id)).toHaveLength(1);
    expect(await repos().geoMonitors.find(monitor.id)).toMatchObject({ nextRunAt: toTimestamp(T0 + 120 * MIN) });
  });

  const callsThisMonth = async (accountId: string) => repos().usage.callsIn(accountId, '2025-01');

  it('fails a run whose job was given up (worker_lost), giving back its calls not made, and reconciles a run whose job ended without it', async () => {
    const clock = new ManualClock(T0 + 60 * MIN);
    const monitor = await newMonitor(60);
    const [scheduled] = (await schedulerOn(database().handle, clock).tick()).filter((r) => r.monitorId === monitor.id);
    await repos().geoMonitorRuns.markRunning(scheduled!.runId, clock.now());
    // The lost worker had charged the run's 2 calls and stored one answer.
    await database()
      .handle.db.transaction()
      .execute(async (trx) => {
        await repos().usage.chargeCalls({ accountId: monitor.accountId, month: '2025-01', calls: 2, limit: 50_000 }, trx);
        await repos().geoMonitorRuns.markCharged(trx, scheduled!.runId, '2025-01');
      });
    await repos().geoMonitorRuns.storeAnswer(scheduled!.runId, {
      promptIndex: 0,
      localeIndex: 0,
      engineIndex: 0,
      sampleIndex: 0,
      model: 'fake-1',
      sample: null,
      error: 'timeout',
      surface: 'model',
    });
    expect(await callsThisMonth(monitor.accountId)).toBe(2);
    const kinds = productWorkerKinds(database().handle, clock);
    await kinds.onExhausted({ id: scheduled!.jobId, kind: GEO_MONITOR_RUN_JOB_KIND, payload: { runId: scheduled!.runId } } as Job);
    const failed = await repos().geoMonitorRuns.find(scheduled!.runId);
    expect(failed).toMatchObject({ status: 'failed', figures: null, callsMade: 1, chargedMonth: '2025-01' });
    expect(await callsThisMonth(monitor.accountId)).toBe(1);
    // Given up twice (a second worker recovering the same job), it is failed and refunded once.
    await kinds.onExhausted({ id: scheduled!.jobId, kind: GEO_MONITOR_RUN_JOB_KIND, payload: { runId: scheduled!.runId } } as Job);
    expect(await callsThisMonth(monitor.accountId)).toBe(1);
    expect(failed!.error).toContain('worker_lost');
    expect(failed!.finishedAt).not.toBeNull();

    // The next run's job ends (given up by a worker that then died) while the run is still pending.
    clock.set(T0 + 120 * MIN);
    const [next] = (await schedulerOn(database().handle, clock).tick()).filter((r) => r.monitorId === monitor.id);
    await database().handle.db.updateTable('jobs').set({ status: 'failed', last_error: 'worker_lost' }).where('id', '=', next!.jobId).execute();
    expect(await kinds.reconcile()).toBeGreaterThanOrEqual(1);
    expect(await repos().geoMonitorRuns.find(next!.runId)).toMatchObject({ status: 'failed' });
    // Final states never change.
    expect(await repos().geoMonitorRuns.markRunning(next!.runId, clock.now())).toBe(false);
  });

  it('charges a run once, stores an error for an engine no longer configured, and fails the run giving back the calls not made', async () => {
    const clock = new ManualClock(T0 + 60 * MIN);
    const monitor = await newMonitor(60, ['Where?', 'Who?']);
    const [scheduled] = (await schedulerOn(database().handle, clock).tick()).filter((r) => r.monitorId === monitor.id);
    const handle = database().handle;
    const r = repos();
    // The operator has removed the engine the monitor names.
    const job = createGeoMonitorRunJob({
      runs: r.geoMonitorRuns,
      accounts: r.accounts,
      usage: r.usage,
      monitors: r.geoMonitors,
      alerts: r.geoMonitorAlerts,
      citedPages: r.citedPages,
      engines: [],
      clock,
      logger: pino({ level: 'silent' }),
      policy: ANSWER_ENGINE_POLICY,
      transaction: transactionRunner(handle.db),
      webhooks: createWebhookOutbox({ webhooks: r.webhooks, clock }),
    });
    const outcome = await job({ id: scheduled!.jobId, kind: GEO_MONITOR_RUN_JOB_KIND, payload: { runId: scheduled!.runId } } as Job, {
      signal: new AbortController().signal,
    });
    expect(outcome).toBe('failed');
    const run = await r.geoMonitorRuns.find(scheduled!.runId);
    expect(run).toMatchObject({ status: 'failed', callsPlanned: 4, callsMade: 0, chargedMonth: '2025-01' });
    expect(run!.error).toBe('No answer engine answered. fake: The answer engine "fake" is no longer configured on this server.');
    expect((await r.geoMonitorRuns.answers(run!.id)).map((a) => [a.promptIndex, a.sampleIndex, a.sample, a.model])).toEqual([
      [0, 0, null, ''],
      [0, 1, null, ''],
      [1, 0, null, ''],
      [1, 1, null, ''],
    ]);
    expect(await callsThisMonth(monitor.accountId)).toBe(0);
    // A final run is not run again.
    expect(
      await job({ id: scheduled!.jobId, kind: GEO_MONITOR_RUN_JOB_KIND, payload: { runId: scheduled!.runId } } as Job, {
        signal: new AbortController().signal,
      }),
    ).toBe('cancelled');
  });

  it('keeps the monitor quota per account, atomically', async () => {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'starter', now: T0 })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://p.example', now: T0 });
    const input = (i: number) => ({
      id: uuidv7(T0 + i),
      projectId: project.id,
      accountId: account.id,
      name: `M${i}`,
      prompts: ['Q'],
      locales: ['en'],
      engines: ['fake'],
      samplesPerPrompt: 1,
      schedule: { intervalMinutes: 60 },
      nextRunAt: null,
      now: T0,
      maxMonitors: 2,
    });
    const results = await Promise.all([0, 1, 2, 3, 4].map((i) => repos().geoMonitors.createWithinLimit(input(i))));
    expect(results.filter((r) => r !== 'limit_exceeded')).toHaveLength(2);
    expect(await repos().usage.monitorCount(account.id)).toBe(2);
  });
});
