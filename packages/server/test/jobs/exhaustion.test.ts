// A job whose workers kept dying is given up (worker_lost), and what it was working on must not
// stay `running`: every job kind says what its exhaustion means for its resource.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { onJobExhausted } from '../../src/jobs/registry.js';
import { AUDIT_JOB_KIND } from '../../src/services/audits.js';
import { GEO_TEST_JOB_KIND } from '../../src/services/geo-monitor.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { uuidv7 } from '../../src/storage/ids.js';
import type { Job } from '../../src/storage/repositories/jobs.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 15, 9, 30);
const job = (kind: string, payload: unknown): Job => ({ id: uuidv7(), kind, payload, status: 'failed', attempts: 3, lastError: 'worker_lost' }) as unknown as Job;

describeEachDatabase('exhausted jobs', (database) => {
  const repos = () => createRepositories(database().handle.db, database().handle.dialect);
  const exhaust = () => onJobExhausted({ database: database().handle, clock: new ManualClock(NOW + 60_000) });

  it('fail a GEO monitor test that was running, with a message saying why', async () => {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://www.example.com', now: NOW });
    const test = await repos().geoTests.create({ id: uuidv7(), projectId: project.id, accountId: account.id, prompt: 'best kilns', locale: 'en', engines: ['e'], jobId: uuidv7(), now: NOW });
    await exhaust()(job(GEO_TEST_JOB_KIND, { geoTestId: test.id }));
    const stored = await repos().geoTests.find(test.id);
    expect(stored).toMatchObject({ status: 'failed' });
    expect(stored!.finishedAt).not.toBeNull();
    expect(JSON.stringify(stored)).toContain('interrupted');
  });

  it('fail an audit run as worker_lost, as before', async () => {
    const account = (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
    const project = await repos().projects.create({ accountId: account.id, name: 'P', primaryDomain: 'https://www.example.com', now: NOW });
    const run = await repos().auditRuns.create({ id: uuidv7(), projectId: project.id, accountId: account.id, seedUrl: 'https://www.example.com/', maxPages: 5, jobId: uuidv7(), now: NOW } as never);
    await exhaust()(job(AUDIT_JOB_KIND, { auditRunId: run.id }));
    expect(await repos().auditRuns.find(run.id)).toMatchObject({ status: 'failed', error: { code: 'worker_lost' } });
  });
});
