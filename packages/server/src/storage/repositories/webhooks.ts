// Webhook storage: endpoints (with the per-account limit), the event outbox with its fan-out to
// delivery tasks, the claim of due tasks under a lease, and the recording of attempts.
//
// Claims follow the job queue's rule: one write statement picks and leases the tasks, so two
// delivery loops (threads of one process or processes on one database) never hold the same task
// at once. PostgreSQL adds FOR UPDATE SKIP LOCKED so concurrent claimers pass each other's rows
// instead of waiting; SQLite's write statement takes the database write lock before reading.
// An attempt is recorded only under the claim token that leased it, in one transaction with the
// task's new state, so a claim that lost its lease can never record a second outcome.
//
// A claim shares the attempts out between receivers: it takes the due tasks in turns, the first
// of every endpoint before a second of any, and the first of every account before a second of
// any, and leaves an endpoint or an account that has its bound of attempts in flight (leased by
// any claimer, lease not passed). One account's receivers that never answer then hold their own
// attempts only, and another account's task is claimed as soon as a loop has one free.
import type { components } from '@seo-geo/types';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DialectName } from '../database.js';
import { uuidv7 } from '../../support/ids.js';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import { lockAccount } from '../account-lock.js';
import type { Database } from '../schema.js';
import type {
  WebhookAttemptOutcome,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookDeliveryStatus,
  WebhookEndpointsTable,
} from '../schema-webhooks.js';
import { PLAIN_SECRETS, type SecretBox } from '../secret-box.js';
import { toTimestamp } from '../timestamps.js';
import { endpointHealth, nextAttempts, type EndpointHealth } from './webhook-health.js';

type Executor = Kysely<Database> | Transaction<Database>;

export type WebhookEventType = components['schemas']['WebhookEventType'];

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  createdAt: string;
}

/** An endpoint as the API reads it back: with how deliveries to it have gone. */
export type WebhookEndpointWithHealth = WebhookEndpoint & { health: EndpointHealth };

/** Only the creation result carries the secret; reads never return it. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface NewWebhookEndpoint {
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secret: string;
  now: number;
}

export interface NewWebhookEvent {
  id: string;
  accountId: string;
  type: WebhookEventType;
  /** The exact body to send. */
  payload: string;
  now: number;
}

export interface WebhookDeliveryAttempt {
  id: string;
  deliveryId: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  attempt: number;
  outcome: WebhookAttemptOutcome;
  responseStatus: number | null;
  error: string | null;
  attemptedAt: string;
  durationMs: number;
  /** When its delivery is next tried, on the latest attempt of a delivery still pending (see webhook-health.ts). */
  nextAttemptAt: string | null;
}

/** An event queued to be delivered again (the contract's WebhookRedelivery). */
export interface Redelivery {
  eventId: string;
  eventType: WebhookEventType;
  attempt: number;
  nextAttemptAt: string;
}

/** The contract's bound on an attempt's number (WebhookDelivery.attempt): no redelivery past it. */
export const MAX_ATTEMPTS = 100;

/** A leased task with what sending it needs. */
export interface ClaimedDelivery {
  deliveryId: string;
  claimToken: string;
  /** The number of this attempt (attempts recorded so far + 1). */
  attempt: number;
  event: { id: string; type: WebhookEventType; payload: string };
  endpoint: { id: string; url: string; secret: string };
}

export interface AttemptRecord {
  deliveryId: string;
  claimToken: string;
  attempt: number;
  outcome: WebhookAttemptOutcome;
  responseStatus: number | null;
  error: string | null;
  attemptedAt: number;
  durationMs: number;
  /** The task's state after this attempt; `nextAttemptAt` matters only while pending. */
  status: WebhookDeliveryStatus;
  nextAttemptAt: number;
}

export interface ClaimDueInput {
  now: number;
  leaseMs: number;
  /** Tasks leased by this claim at most. */
  limit: number;
  /** Attempts in flight to one endpoint at most, counting every claimer's. */
  perEndpoint: number;
  /** Attempts in flight to one account's endpoints at most, counting every claimer's. */
  perAccount: number;
}

export interface WebhookDeliveryTask {
  id: string;
  eventId: string;
  endpointId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
}

export interface WebhooksRepository {
  /** Creates the endpoint only while the account has fewer than `maxEndpoints`; atomic per account. */
  createEndpointWithinLimit(input: NewWebhookEndpoint & { maxEndpoints: number }): Promise<CreatedWebhookEndpoint | 'limit_exceeded'>;
  /** Null when it does not exist or belongs to another account: callers answer 404 alike. */
  findEndpoint(accountId: string, id: string): Promise<WebhookEndpoint | null>;
  /** Newest first: created_at desc, then id desc. */
  listEndpoints(accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** False when there was no such endpoint of this account. */
  deleteEndpoint(accountId: string, id: string): Promise<boolean>;
  /**
   * Queues the event of the endpoint's attempt `attemptId` to be delivered again at `now`: its task
   * pending once more, with the attempts it had. `pending`: it still is; `exhausted`: attempted
   * MAX_ATTEMPTS times; null: no such attempt of the endpoint.
   */
  redeliver(endpointId: string, attemptId: string, now: number): Promise<Redelivery | 'pending' | 'exhausted' | null>;
  /** Changes the fields given of the account's endpoint; null when it has no such endpoint. */
  updateEndpoint(
    accountId: string,
    id: string,
    changes: { url?: string; events?: WebhookEventType[]; description?: string | null },
  ): Promise<WebhookEndpoint | null>;
  /** Replaces the endpoint's signing secret (sealed as on creation); null when the account has no such endpoint. */
  rotateSecret(accountId: string, id: string, secret: string): Promise<CreatedWebhookEndpoint | null>;
  /** Attempts to one endpoint, newest first (attempted_at desc, then id desc). */
  listAttempts(endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryAttempt>>;
  /** How deliveries to the endpoint have gone (webhook-health.ts). */
  health(endpointId: string): Promise<EndpointHealth>;
  /**
   * Writes the event and one pending task, due now, for every endpoint of the account subscribed
   * to its type; inside the caller's transaction when given. Returns the number of tasks.
   */
  insertEvent(event: NewWebhookEvent, trx?: Transaction<Database>): Promise<number>;
  /**
   * Leases up to `limit` due pending tasks until now + leaseMs under a fresh claim token, in turns
   * across endpoints and accounts, none beyond `perEndpoint` or `perAccount` attempts in flight.
   */
  claimDue(input: ClaimDueInput): Promise<ClaimedDelivery[]>;
  /** False (and nothing written) when the claim no longer holds the task, or the task is gone. */
  recordAttempt(record: AttemptRecord): Promise<boolean>;
  /** The tasks of one event (tests and diagnostics). */
  deliveriesOfEvent(eventId: string): Promise<WebhookDeliveryTask[]>;
  /**
   * Deletes up to `limit` events created before `before` (with their deliveries and attempts)
   * whose deliveries have all ended; returns how many events it deleted.
   */
  purgeEventsBefore(before: number, limit: number): Promise<number>;
}

export function createWebhooksRepository(db: Kysely<Database>, dialect: DialectName, secrets: SecretBox = PLAIN_SECRETS): WebhooksRepository {
  return {
    async createEndpointWithinLimit({ maxEndpoints, ...input }) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, input.accountId);
        if ((await countEndpoints(trx, input.accountId)) >= maxEndpoints) return 'limit_exceeded' as const;
        const id = uuidv7(input.now);
        const row: WebhookEndpointsTable = {
          id,
          account_id: input.accountId,
          url: input.url,
          events: JSON.stringify(input.events),
          description: input.description,
          secret: secrets.seal(input.secret, id),
          created_at: toTimestamp(input.now),
        };
        await trx.insertInto('webhook_endpoints').values(row).execute();
        return { ...toEndpoint(row), secret: input.secret };
      });
    },

    async findEndpoint(accountId, id) {
      const row = await db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },

    listEndpoints: (accountId, page) =>
      newestFirstPage(db, 'webhook_endpoints', { column: 'account_id', id: accountId }, page, toEndpoint, { columns: ENDPOINT_COLUMNS }),

    async updateEndpoint(accountId, id, changes) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({
          ...(changes.url !== undefined && { url: changes.url }),
          ...(changes.events !== undefined && { events: JSON.stringify(changes.events) }),
          ...(changes.description !== undefined && { description: changes.description }),
        })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },

    async rotateSecret(accountId, id, secret) {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({ secret: secrets.seal(secret, id) })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returning(ENDPOINT_COLUMNS)
        .executeTakeFirst();
      return row ? { ...toEndpoint(row), secret } : null;
    },

    async redeliver(endpointId, attemptId, now) {
      return db.transaction().execute(async (trx) => {
        const attempt = await trx
          .selectFrom('webhook_delivery_attempts')
          .select(['delivery_id', 'event_id', 'event_type'])
          .where('id', '=', attemptId)
          .where('endpoint_id', '=', endpointId)
          .executeTakeFirst();
        if (!attempt) return null;
        const task = await trx.selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', attempt.delivery_id).executeTakeFirstOrThrow();
        if (task.status === 'pending') return 'pending';
        if (Number(task.attempts) >= MAX_ATTEMPTS) return 'exhausted';
        const nextAttemptAt = toTimestamp(now);
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'pending', next_attempt_at: nextAttemptAt, claim_token: null, updated_at: nextAttemptAt })
          .where('id', '=', attempt.delivery_id)
          .where('status', '!=', 'pending')
          .execute();
        return { eventId: attempt.event_id, eventType: attempt.event_type, attempt: Number(task.attempts) + 1, nextAttemptAt };
      });
    },

    async deleteEndpoint(accountId, id) {
      const result = await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async listAttempts(endpointId, page) {
      const found = await newestFirstPage(db, 'webhook_delivery_attempts', { column: 'endpoint_id', id: endpointId }, page, toAttempt, {
        orderBy: 'attempted_at',
      });
      const next = await nextAttempts(db, found.items);
      return { ...found, items: found.items.map((attempt, i) => ({ ...attempt, nextAttemptAt: next[i] ?? null })) };
    },

    health: (endpointId) => endpointHealth(db, endpointId),

    async insertEvent(event, trx) {
      const executor: Executor = trx ?? db;
      const now = toTimestamp(event.now);
      await executor
        .insertInto('webhook_events')
        .values({ id: event.id, account_id: event.accountId, type: event.type, payload: event.payload, created_at: now })
        .execute();
      const endpoints = await executor.selectFrom('webhook_endpoints').select(['id', 'events']).where('account_id', '=', event.accountId).execute();
      const subscribed = endpoints.filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(event.type));
      if (subscribed.length === 0) return 0;
      const tasks: WebhookDeliveriesTable[] = subscribed.map((endpoint) => ({
        id: uuidv7(event.now),
        event_id: event.id,
        endpoint_id: endpoint.id,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        claim_token: null,
        created_at: now,
        updated_at: now,
      }));
      await executor.insertInto('webhook_deliveries').values(tasks).execute();
      return tasks.length;
    },

    async claimDue({ now, leaseMs, limit, perEndpoint, perAccount }) {
      if (!(leaseMs > 0)) throw new RangeError(`leaseMs must be positive (got ${leaseMs})`);
      for (const [name, value] of Object.entries({ limit, perEndpoint, perAccount })) {
        if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer (got ${value})`);
      }
      const claimToken = uuidv7(now);
      const nowText = toTimestamp(now);
      // PostgreSQL locks the picked tasks once, in a materialised CTE: a LIMIT … FOR UPDATE SKIP
      // LOCKED subquery under the UPDATE may be scanned again, each scan skipping the rows the
      // statement has already updated and locking further ones (a claim of 8 leased 60 tasks).
      // The UPDATE checks the state again on the row it updates, so a task claimed meanwhile is
      // never taken twice.
      const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const { rows: claimed } = await sql<{ id: string; attempts: number | string }>`
        WITH ${inTurns(nowText, { limit, perEndpoint, perAccount })},
        picked AS MATERIALIZED (
          SELECT d.id FROM webhook_deliveries d
          WHERE d.id IN (SELECT id FROM turns) AND d.status = 'pending' AND d.next_attempt_at <= ${nowText}
          ${lock}
        )
        UPDATE webhook_deliveries SET claim_token = ${claimToken}, next_attempt_at = ${toTimestamp(now + leaseMs)}, updated_at = ${nowText}
        WHERE id IN (SELECT id FROM picked) AND status = 'pending' AND next_attempt_at <= ${nowText}
        RETURNING id, attempts`.execute(db);
      if (claimed.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
        .innerJoin('webhook_endpoints as p', 'p.id', 'd.endpoint_id')
        .select(['d.id as deliveryId', 'e.id as eventId', 'e.type as eventType', 'e.payload', 'p.id as endpointId', 'p.url', 'p.secret'])
        .where(
          'd.id',
          'in',
          claimed.map((row) => row.id),
        )
        .where('d.claim_token', '=', claimToken)
        .execute();
      const attempts = new Map(claimed.map((row) => [row.id, Number(row.attempts)]));
      return rows.map((row) => ({
        deliveryId: row.deliveryId,
        claimToken,
        attempt: (attempts.get(row.deliveryId) ?? 0) + 1,
        event: { id: row.eventId, type: row.eventType, payload: row.payload },
        endpoint: { id: row.endpointId, url: row.url, secret: secrets.open(row.secret, row.endpointId) },
      }));
    },

    async recordAttempt(record) {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('webhook_deliveries')
          .set({
            status: record.status,
            attempts: record.attempt,
            next_attempt_at: toTimestamp(record.nextAttemptAt),
            claim_token: null,
            updated_at: toTimestamp(record.attemptedAt),
          })
          .where('id', '=', record.deliveryId)
          .where('claim_token', '=', record.claimToken)
          .where('status', '=', 'pending')
          .where('attempts', '=', record.attempt - 1)
          .returning(['endpoint_id', 'event_id'])
          .executeTakeFirst();
        if (!updated) return false;
        const event = await trx.selectFrom('webhook_events').select('type').where('id', '=', updated.event_id).executeTakeFirstOrThrow();
        await trx
          .insertInto('webhook_delivery_attempts')
          .values({
            id: uuidv7(record.attemptedAt),
            delivery_id: record.deliveryId,
            endpoint_id: updated.endpoint_id,
            event_id: updated.event_id,
            event_type: event.type,
            attempt: record.attempt,
            outcome: record.outcome,
            response_status: record.responseStatus,
            error: record.error,
            attempted_at: toTimestamp(record.attemptedAt),
            duration_ms: record.durationMs,
          })
          .execute();
        return true;
      });
    },

    async purgeEventsBefore(before, limit) {
      // Deliveries and attempts go with their event (ON DELETE CASCADE). A subquery picks the
      // batch: neither dialect takes LIMIT on DELETE everywhere.
      const result = await db
        .deleteFrom('webhook_events')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('webhook_events as e')
            .select('e.id')
            .where('e.created_at', '<', toTimestamp(before))
            .where((inner) =>
              inner.not(
                inner.exists(inner.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.status', '=', 'pending')),
              ),
            )
            .orderBy('e.created_at')
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deliveriesOfEvent(eventId) {
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).orderBy('id').execute();
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        endpointId: row.endpoint_id,
        status: row.status,
        attempts: Number(row.attempts),
        nextAttemptAt: row.next_attempt_at,
      }));
    },
  };
}

/**
 * The common table expressions of a claim's picks, ending with `turns` (the ids to lease). The due
 * tasks of endpoints and accounts below their bounds of attempts in flight (so an endpoint whose
 * receiver hangs, with thousands of tasks waiting behind its attempts, is left before anything is
 * sorted) are numbered per endpoint after the endpoint's attempts in flight (endpoint_turn); those
 * within `perEndpoint` are numbered per account after the account's attempts in flight
 * (account_turn); those within `perAccount` go in turn order, the oldest due first within a turn.
 * A task has a claim token only while it is pending (recording its attempt clears it), so the
 * attempts in flight are read from webhook_deliveries_leased_idx alone, not from the tasks waiting
 * for a retry. Window functions, which both dialects have; the numbers are literals, so that
 * SQLite compares integers with integers.
 */
function inTurns(nowText: string, { limit, perEndpoint, perAccount }: Pick<ClaimDueInput, 'limit' | 'perEndpoint' | 'perAccount'>) {
  return sql`
    leased AS MATERIALIZED (
      SELECT l.endpoint_id, p.account_id FROM webhook_deliveries l JOIN webhook_endpoints p ON p.id = l.endpoint_id
      WHERE l.claim_token IS NOT NULL AND l.next_attempt_at > ${nowText}
    ),
    leased_by_endpoint AS (SELECT endpoint_id, count(*) AS n FROM leased GROUP BY endpoint_id),
    leased_by_account AS (SELECT account_id, count(*) AS n FROM leased GROUP BY account_id),
    due AS (
      SELECT d.id, d.endpoint_id, d.next_attempt_at, p.account_id, coalesce(e.n, 0) AS endpoint_leased, coalesce(a.n, 0) AS account_leased
      FROM webhook_deliveries d
      JOIN webhook_endpoints p ON p.id = d.endpoint_id
      LEFT JOIN leased_by_endpoint e ON e.endpoint_id = d.endpoint_id
      LEFT JOIN leased_by_account a ON a.account_id = p.account_id
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${nowText}
        AND coalesce(e.n, 0) < ${sql.lit(perEndpoint)} AND coalesce(a.n, 0) < ${sql.lit(perAccount)}
    ),
    endpoint_turns AS (
      SELECT id, next_attempt_at, account_id, account_leased,
             endpoint_leased + row_number() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS endpoint_turn
      FROM due
    ),
    account_turns AS (
      SELECT id, next_attempt_at,
             account_leased + row_number() OVER (PARTITION BY account_id ORDER BY endpoint_turn, next_attempt_at, id) AS account_turn
      FROM endpoint_turns
      WHERE endpoint_turn <= ${sql.lit(perEndpoint)}
    ),
    turns AS (
      SELECT id FROM account_turns WHERE account_turn <= ${sql.lit(perAccount)}
      ORDER BY account_turn, next_attempt_at, id
      LIMIT ${sql.lit(limit)}
    )`;
}

/** Every column but the secret: reads of endpoints never carry it. */
const ENDPOINT_COLUMNS = ['id', 'account_id', 'url', 'events', 'description', 'created_at'] as const;

async function countEndpoints(executor: Executor, accountId: string): Promise<number> {
  const { count } = await executor
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

function toEndpoint(row: Omit<Selectable<WebhookEndpointsTable>, 'secret'>): WebhookEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    // Written only by createEndpoint from the validated request, so the JSON holds event types.
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    createdAt: row.created_at,
  };
}

function toAttempt(row: Selectable<WebhookDeliveryAttemptsTable>): WebhookDeliveryAttempt {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: Number(row.attempt),
    outcome: row.outcome,
    responseStatus: row.response_status === null ? null : Number(row.response_status),
    error: row.error,
    attemptedAt: row.attempted_at,
    durationMs: Number(row.duration_ms),
    nextAttemptAt: null,
  };
}
