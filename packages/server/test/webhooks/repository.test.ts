// The webhook outbox in storage, on every backend: fan-out to subscribed endpoints of the event's
// account only, leases (a claimed task is invisible until its lease passes, and only the current
// claim may record), and concurrent claimers never sharing a task (PostgreSQL: two pools).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createWebhooksRepository } from '../../src/storage/repositories/webhooks.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from '../../src/webhooks/backoff.js';
import { newEventId, type WebhookEventType } from '../../src/webhooks/events.js';
import { generateSigningSecret } from '../../src/webhooks/secret.js';
import { signedHeaders } from '../../src/webhooks/signing.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 2, 1);
const LEASE_MS = 60_000;

describeEachDatabase('webhooks repository', (database) => {
  const repos = () => createRepositories(database().handle.db);
  const newAccount = async () => (await repos().accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
  const newEndpoint = async (accountId: string, events: WebhookEventType[]) => {
    const created = await repos().webhooks.createEndpointWithinLimit({
      accountId,
      url: 'https://hooks.example.com/',
      events,
      description: null,
      secret: generateSigningSecret(),
      now: NOW,
      maxEndpoints: 10,
    });
    if (created === 'limit_exceeded') throw new Error('limit');
    return created;
  };
  const emit = (accountId: string, type: WebhookEventType = 'audit.completed', now = NOW) =>
    repos().webhooks.insertEvent({ id: newEventId(now), accountId, type, payload: '{"type":"x"}', now });
  /** Claims everything due, repeatedly, and hands the tasks back so other tests start clean. */
  const drain = async (now: number) => {
    for (;;) {
      const tasks = await repos().webhooks.claimDue({ now, leaseMs: LEASE_MS, limit: 100 });
      if (tasks.length === 0) return;
      for (const t of tasks) {
        await repos().webhooks.recordAttempt({
          deliveryId: t.deliveryId,
          claimToken: t.claimToken,
          attempt: t.attempt,
          outcome: 'succeeded',
          responseStatus: 204,
          error: null,
          attemptedAt: now,
          durationMs: 1,
          status: 'succeeded',
          nextAttemptAt: now,
        });
      }
    }
  };

  it('fans an event out to the subscribed endpoints of its account only', async () => {
    const account = await newAccount();
    const other = await newAccount();
    await drain(NOW + 10 ** 9);
    const all = await newEndpoint(account.id, ['audit.completed', 'audit.failed']);
    await newEndpoint(account.id, ['geo_monitor_test.completed']);
    await newEndpoint(other.id, ['audit.completed']);
    expect(await emit(account.id)).toBe(1);
    const tasks = await repos().webhooks.claimDue({ now: NOW, leaseMs: LEASE_MS, limit: 10 });
    expect(tasks.map((t) => [t.endpoint.id, t.attempt])).toEqual([[all.id, 1]]);
    expect(await emit(other.id, 'audit.failed')).toBe(0);
  });

  it('hides a claimed task until its lease passes; only the current claim records', async () => {
    const account = await newAccount();
    await drain(NOW + 10 ** 9);
    await newEndpoint(account.id, ['audit.failed']);
    await emit(account.id, 'audit.failed');
    const [first] = await repos().webhooks.claimDue({ now: NOW, leaseMs: LEASE_MS, limit: 10 });
    expect(first).toBeDefined();
    expect(await repos().webhooks.claimDue({ now: NOW + LEASE_MS - 1, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    const [second] = await repos().webhooks.claimDue({ now: NOW + LEASE_MS, leaseMs: LEASE_MS, limit: 10 });
    expect(second).toMatchObject({ deliveryId: first!.deliveryId, attempt: 1, event: first!.event });
    expect(second!.claimToken).not.toBe(first!.claimToken);

    const outcome = {
      attempt: 1,
      outcome: 'failed' as const,
      responseStatus: 500,
      error: null,
      attemptedAt: NOW + LEASE_MS,
      durationMs: 5,
      status: 'pending' as const,
      nextAttemptAt: NOW + 2 * LEASE_MS,
    };
    expect(await repos().webhooks.recordAttempt({ ...outcome, deliveryId: first!.deliveryId, claimToken: first!.claimToken })).toBe(false);
    expect(await repos().webhooks.recordAttempt({ ...outcome, deliveryId: second!.deliveryId, claimToken: second!.claimToken })).toBe(true);
    expect(await repos().webhooks.recordAttempt({ ...outcome, deliveryId: second!.deliveryId, claimToken: second!.claimToken })).toBe(false);
    expect(await repos().webhooks.claimDue({ now: NOW + 2 * LEASE_MS - 1, leaseMs: LEASE_MS, limit: 10 })).toEqual([]);
    const [retry] = await repos().webhooks.claimDue({ now: NOW + 2 * LEASE_MS, leaseMs: LEASE_MS, limit: 10 });
    expect(retry).toMatchObject({ deliveryId: first!.deliveryId, attempt: 2, event: { id: first!.event.id } });
  });

  it('never hands one task to two concurrent claimers', async () => {
    const account = await newAccount();
    const later = NOW + 10 ** 10;
    await drain(later);
    await newEndpoint(account.id, ['audit.completed']);
    for (let i = 0; i < 60; i++) await emit(account.id, 'audit.completed', later);
    // PostgreSQL: a second pool, as a second process has; SQLite: one process serialises anyway.
    const concurrent = await database().openConcurrent();
    const claimers = [repos().webhooks, createWebhooksRepository((concurrent ?? database().handle).db, database().handle.dialect)];
    const claimed = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const mine = [];
        for (;;) {
          const tasks = await claimers[i % 2]!.claimDue({ now: later, leaseMs: LEASE_MS, limit: 3 });
          if (tasks.length === 0) return mine;
          mine.push(...tasks.map((t) => t.deliveryId));
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(60);
    expect(new Set(all).size).toBe(60);
  });

  it('purges events past retention with their deliveries and attempts, never one still being delivered', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const OLD = NOW - 400 * DAY;
    const account = await newAccount();
    await newEndpoint(account.id, ['audit.completed']);
    const insert = async (now: number) => {
      const id = newEventId(now);
      await repos().webhooks.insertEvent({ id, accountId: account.id, type: 'audit.completed', payload: '{"type":"x"}', now });
      return id;
    };
    const delivered = await insert(OLD);
    const [task] = await repos().webhooks.claimDue({ now: OLD, leaseMs: LEASE_MS, limit: 1 });
    expect(task?.event.id).toBe(delivered);
    await repos().webhooks.recordAttempt({
      deliveryId: task!.deliveryId,
      claimToken: task!.claimToken,
      attempt: 1,
      outcome: 'succeeded',
      responseStatus: 204,
      error: null,
      attemptedAt: OLD,
      durationMs: 1,
      status: 'succeeded',
      nextAttemptAt: OLD,
    });
    const stillPending = await insert(OLD + 1);
    const young = await insert(NOW - 200 * DAY);

    expect(await repos().webhooks.purgeEventsBefore(NOW - 300 * DAY, 100)).toBe(1);
    const db = database().handle.db;
    const events = await db.selectFrom('webhook_events').select('id').where('id', 'in', [delivered, stillPending, young]).execute();
    expect(events.map((e) => e.id).sort()).toEqual([stillPending, young].sort());
    expect(await repos().webhooks.deliveriesOfEvent(delivered)).toEqual([]);
    expect(await db.selectFrom('webhook_delivery_attempts').select('id').where('event_id', '=', delivered).execute()).toEqual([]);
    expect(await repos().webhooks.purgeEventsBefore(NOW - 300 * DAY, 100)).toBe(0);
    await drain(NOW + 10 ** 9);
  });
});

describe('signing and backoff', () => {
  it('signs so that a Standard Webhooks verifier accepts the delivery, and only unchanged', () => {
    const secret = generateSigningSecret();
    const body = JSON.stringify({ type: 'audit.completed', timestamp: '2025-01-01T00:00:00.000Z', data: {} });
    const headers = signedHeaders({ secret, eventId: 'evt_0123abcd', body, at: new Date() });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('audit', 'Audit'), headers)).toThrow();
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow();
  });

  it('backs off exponentially within ±25%, about a day over the default attempts', () => {
    const nominal = (n: number) => DEFAULT_RETRY_POLICY.baseMs * DEFAULT_RETRY_POLICY.factor ** (n - 1);
    for (let n = 1; n < DEFAULT_RETRY_POLICY.maxAttempts; n++) {
      expect(retryDelayMs(n, DEFAULT_RETRY_POLICY, () => 0)).toBe(Math.round(nominal(n) * 0.75));
      expect(retryDelayMs(n, DEFAULT_RETRY_POLICY, () => 1)).toBe(Math.round(nominal(n) * 1.25));
    }
    let total = 0;
    for (let n = 1; n < DEFAULT_RETRY_POLICY.maxAttempts; n++) total += nominal(n);
    expect(total / 3_600_000).toBeGreaterThan(12);
    expect(total / 3_600_000).toBeLessThan(30);
  });
});
