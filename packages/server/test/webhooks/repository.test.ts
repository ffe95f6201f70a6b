// The webhook outbox in storage, on every backend: fan-out to subscribed endpoints of the event's
// account only, leases (a claimed delivery is invisible until its lease passes, and only the current
// claim may record), concurrent claimers never sharing a delivery (PostgreSQL: two pools), and claims
// that share the attempts out between endpoints and accounts.
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
/** The delivery loop's bounds on attempts in flight. */
const BOUNDS = { perEndpoint: 2, perAccount: 8 };

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
  /** Claims everything due, repeatedly, and hands the deliveries back so other tests start clean. */
  const drain = async (now: number) => {
    for (;;) {
      const deliveries = await repos().webhooks.claimDue({ now, leaseMs: LEASE_MS, ...BOUNDS, limit: 100 });
      if (deliveries.length === 0) return;
      for (const t of deliveries) {
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
    const deliveries = await repos().webhooks.claimDue({ now: NOW, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 });
    expect(deliveries.map((t) => [t.endpoint.id, t.attempt])).toEqual([[all.id, 1]]);
    expect(await emit(other.id, 'audit.failed')).toBe(0);
  });

  it('hides a claimed delivery until its lease passes; only the current claim records', async () => {
    const account = await newAccount();
    await drain(NOW + 10 ** 9);
    await newEndpoint(account.id, ['audit.failed']);
    await emit(account.id, 'audit.failed');
    const [first] = await repos().webhooks.claimDue({ now: NOW, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 });
    expect(first).toBeDefined();
    expect(await repos().webhooks.claimDue({ now: NOW + LEASE_MS - 1, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 })).toEqual([]);
    const [second] = await repos().webhooks.claimDue({ now: NOW + LEASE_MS, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 });
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
    expect(await repos().webhooks.claimDue({ now: NOW + 2 * LEASE_MS - 1, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 })).toEqual([]);
    const [retry] = await repos().webhooks.claimDue({ now: NOW + 2 * LEASE_MS, leaseMs: LEASE_MS, ...BOUNDS, limit: 10 });
    expect(retry).toMatchObject({ deliveryId: first!.deliveryId, attempt: 2, event: { id: first!.event.id } });
  });

  it('never hands one delivery to two concurrent claimers', async () => {
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
          // Bounds above the 60 deliveries of the one endpoint: only the race between claimers is tested here.
          const deliveries = await claimers[i % 2]!.claimDue({ now: later, leaseMs: LEASE_MS, perEndpoint: 60, perAccount: 60, limit: 3 });
          if (deliveries.length === 0) return mine;
          mine.push(...deliveries.map((t) => t.deliveryId));
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(60);
    expect(new Set(all).size).toBe(60);
  });

  describe('sharing attempts between endpoints and accounts', () => {
    const record = (delivery: { deliveryId: string; claimToken: string; attempt: number }, at: number) =>
      repos().webhooks.recordAttempt({
        ...delivery,
        outcome: 'failed',
        responseStatus: null,
        error: 'timeout: no complete response within 15000 ms',
        attemptedAt: at,
        durationMs: 15_000,
        status: 'pending',
        nextAttemptAt: at + 10 ** 8,
      });

    it('leases at most `limit` deliveries however many are due', async () => {
      const later = NOW + 10 ** 11;
      await drain(later);
      const account = await newAccount();
      for (let i = 0; i < 10; i++) await newEndpoint(account.id, ['audit.completed']);
      for (let i = 0; i < 6; i++) await emit(account.id, 'audit.completed', later);
      const deliveries = await repos().webhooks.claimDue({ now: later, leaseMs: LEASE_MS, perEndpoint: 10, perAccount: 100, limit: 8 });
      expect(deliveries).toHaveLength(8);
      await drain(later + LEASE_MS);
    });

    it('keeps at most perEndpoint attempts in flight to an endpoint, over every claimer, until recorded or their lease passes', async () => {
      const later = NOW + 2 * 10 ** 11;
      await drain(later);
      const account = await newAccount();
      const endpoint = await newEndpoint(account.id, ['audit.completed']);
      for (let i = 0; i < 5; i++) await emit(account.id, 'audit.completed', later);
      const concurrent = await database().openConcurrent();
      const other = createWebhooksRepository((concurrent ?? database().handle).db, database().handle.dialect);
      const claim = (now: number, repository = repos().webhooks) => repository.claimDue({ now, leaseMs: LEASE_MS, perEndpoint: 2, perAccount: 100, limit: 10 });

      const first = await claim(later);
      expect(first.map((t) => t.endpoint.id)).toEqual([endpoint.id, endpoint.id]);
      expect(await claim(later, other)).toEqual([]);
      // One attempt ends (recorded, retried much later): one more may be sent.
      expect(await record(first[0]!, later + 1)).toBe(true);
      expect(await claim(later + 2, other)).toHaveLength(1);
      expect(await claim(later + 3)).toEqual([]);
      // The leases passed (their loops died): the deliveries are due again, and none is in flight.
      expect(await claim(later + 3 + LEASE_MS)).toHaveLength(2);
      await drain(later + 10 ** 9);
    });

    it('takes due deliveries in turns, every endpoint’s and every account’s first before a second, and at most perAccount of an account', async () => {
      const later = NOW + 3 * 10 ** 11;
      await drain(later);
      const a = await newAccount();
      const b = await newAccount();
      const ofA = [];
      for (let i = 0; i < 3; i++) ofA.push((await newEndpoint(a.id, ['audit.completed'])).id);
      // Nine of A's deliveries (three events to three endpoints), all due before B's one.
      for (let i = 0; i < 3; i++) await emit(a.id, 'audit.completed', later + i);
      const ofB = (await newEndpoint(b.id, ['audit.completed'])).id;
      await emit(b.id, 'audit.completed', later + 10);
      const claim = (limit: number) => repos().webhooks.claimDue({ now: later + 20, leaseMs: LEASE_MS, perEndpoint: 2, perAccount: 3, limit });

      // A's oldest delivery, B's, then A's next oldest on another endpoint: one turn each before a second.
      const first = await claim(3);
      const endpoints = first.map((t) => t.endpoint.id);
      expect(endpoints).toContain(ofB);
      expect(new Set(endpoints).size).toBe(3);
      // Both of A's from its first event, the oldest.
      expect(new Set(first.filter((t) => t.endpoint.id !== ofB).map((t) => t.event.id)).size).toBe(1);
      // A's third endpoint has its first turn before any endpoint's second; then A has its three.
      const second = await claim(10);
      expect(second.map((t) => t.endpoint.id)).toEqual(ofA.filter((id) => !first.some((t) => t.endpoint.id === id)));
      expect(await claim(10)).toEqual([]);
      await drain(later + 10 ** 9);
    });
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
    const [delivery] = await repos().webhooks.claimDue({ now: OLD, leaseMs: LEASE_MS, ...BOUNDS, limit: 1 });
    expect(delivery?.event.id).toBe(delivered);
    await repos().webhooks.recordAttempt({
      deliveryId: delivery!.deliveryId,
      claimToken: delivery!.claimToken,
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
