// The claim of due webhook deliveries under a lease. Claims follow the job queue's rule: one
// write statement picks and leases the deliveries, so two delivery loops (threads of one process or
// processes on one database) never hold the same delivery at once. PostgreSQL adds FOR UPDATE SKIP
// LOCKED so concurrent claimers pass each other's rows instead of waiting; SQLite's write
// statement takes the database write lock before reading.
//
// A claim shares the attempts out between receivers: it takes the due deliveries in turns, the first
// of every endpoint before a second of any, and the first of every account before a second of
// any, and leaves an endpoint or an account that has its bound of attempts in flight (leased by
// any claimer, lease not passed). One account's receivers that never answer then hold their own
// attempts only, and another account's delivery is claimed as soon as a loop has one free.
import { sql, type Kysely } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import type { DialectName } from '../database.js';
import type { Database } from '../schema.js';
import type { WebhookDeliveredEventType } from '../schema-webhooks.js';
import type { SecretBox } from '../secret-box.js';
import { toTimestamp } from '../timestamps.js';

/** A leased delivery with what sending it needs. */
export interface ClaimedDelivery {
  deliveryId: string;
  claimToken: string;
  /** The number of this attempt (attempts recorded so far + 1). */
  attempt: number;
  event: { id: string; type: WebhookDeliveredEventType; payload: string };
  endpoint: { id: string; url: string; secret: string };
}

export interface ClaimDueInput {
  now: number;
  leaseMs: number;
  /** Deliveries leased by this claim at most. */
  limit: number;
  /** Attempts in flight to one endpoint at most, counting every claimer's. */
  perEndpoint: number;
  /** Attempts in flight to one account's endpoints at most, counting every claimer's. */
  perAccount: number;
}

/**
 * Leases up to `limit` due pending deliveries until now + leaseMs under a fresh claim token, in turns
 * across endpoints and accounts, none beyond `perEndpoint` or `perAccount` attempts in flight.
 */
export async function claimDue(db: Kysely<Database>, dialect: DialectName, secrets: SecretBox, input: ClaimDueInput): Promise<ClaimedDelivery[]> {
  checkClaim(input);
  const claimToken = uuidv7(input.now);
  const claimed = await leaseInTurns(db, dialect, claimToken, input);
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
}

function checkClaim({ leaseMs, limit, perEndpoint, perAccount }: ClaimDueInput): void {
  if (!(leaseMs > 0)) throw new RangeError(`leaseMs must be positive (got ${leaseMs})`);
  for (const [name, value] of Object.entries({ limit, perEndpoint, perAccount })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer (got ${value})`);
  }
}

/** Leases the deliveries `inTurns` picks under `claimToken`; returns their ids and the attempts they had. */
async function leaseInTurns(db: Kysely<Database>, dialect: DialectName, claimToken: string, { now, leaseMs, ...bounds }: ClaimDueInput) {
  const nowText = toTimestamp(now);
  // PostgreSQL locks the picked deliveries once, in a materialised CTE: a LIMIT … FOR UPDATE SKIP
  // LOCKED subquery under the UPDATE may be scanned again, each scan skipping the rows the
  // statement has already updated and locking further ones (a claim of 8 leased 60 deliveries).
  // The UPDATE checks the state again on the row it updates, so a delivery claimed meanwhile is
  // never taken twice.
  const lock = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const { rows } = await sql<{ id: string; attempts: number | string }>`
    WITH ${inTurns(nowText, bounds)},
    picked AS MATERIALIZED (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.id IN (SELECT id FROM turns) AND d.status = 'pending' AND d.next_attempt_at <= ${nowText}
      ${lock}
    )
    UPDATE webhook_deliveries SET claim_token = ${claimToken}, next_attempt_at = ${toTimestamp(now + leaseMs)}, updated_at = ${nowText}
    WHERE id IN (SELECT id FROM picked) AND status = 'pending' AND next_attempt_at <= ${nowText}
    RETURNING id, attempts`.execute(db);
  return rows;
}

/**
 * The common table expressions of a claim's picks, ending with `turns` (the ids to lease). The due
 * deliveries of endpoints and accounts below their bounds of attempts in flight (so an endpoint whose
 * receiver hangs, with thousands of deliveries waiting behind its attempts, is left before anything is
 * sorted) are numbered per endpoint after the endpoint's attempts in flight (endpoint_turn); those
 * within `perEndpoint` are numbered per account after the account's attempts in flight
 * (account_turn); those within `perAccount` go in turn order, the oldest due first within a turn.
 * A delivery has a claim token only while it is pending (recording its attempt clears it), so the
 * attempts in flight are read from webhook_deliveries_leased_idx alone, not from the deliveries waiting
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
