// Idempotency records: the first request with a key runs, later ones with the same key are told to
// wait (in progress), get the stored response (replay), or are refused (mismatch).
//
// An in-progress record is a lease, not a 24-hour lock: a request cut off by a crash never
// completes its record, so once the lease has passed the key may be used again. The lease's
// expiry is the owner's token: completing or releasing a record checks it, so a request that
// outlived its lease cannot overwrite (or delete) the record of the request that took the key over.
//
// A kept response can hold a secret shown once (a new webhook endpoint's signing secret), and the
// client sends a key with every POST, so with WEBHOOK_SECRETS_KEY set every kept response is
// sealed like the secrets themselves, bound to its account and key; records kept before a key was
// set are read as they are.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { PLAIN_SECRETS, type SecretBox } from '../secret-box.js';
import { toTimestamp } from '../timestamps.js';

/** How long a completed response is kept for replay (the spec's "kept for 24 hours"). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long an unfinished request holds its key; far longer than any request takes. */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

export interface BeginInput {
  accountId: string;
  key: string;
  /** The OpenAPI operationId; reusing a key for another operation is a mismatch. */
  operationId: string;
  /** canonicalJsonHash of the request payload. */
  requestHash: string;
  now: number;
  /** How long a completed record is kept. */
  ttlMs?: number;
  /** How long the request holds the key before it may be taken over. */
  leaseMs?: number;
}

/** What the request that owns a key holds: pass it back to complete() or release(). */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  /** The in-progress record's expiry, which identifies this owner. */
  lease: string;
  /** Until when the completed record is kept. */
  keepUntil: string;
}

export type BeginOutcome =
  /** This request owns the key: run it, then complete() or release(). */
  | { state: 'started'; claim: IdempotencyClaim }
  /** Another request with this key is still running. */
  | { state: 'in_progress' }
  /** The same request ran before: send this response again. */
  | { state: 'replay'; status: number; body: unknown; location: string | null }
  /** The key was used for a different operation or payload. */
  | { state: 'mismatch' };

export interface CompleteInput {
  claim: IdempotencyClaim;
  status: number;
  /** Any JSON value; stored as text and returned parsed on replay. */
  body: unknown;
  location?: string | null;
}

export interface IdempotencyRepository {
  begin(input: BeginInput): Promise<BeginOutcome>;
  /** Stores the response of a started request. False when the claim is no longer the record's owner. */
  complete(input: CompleteInput): Promise<boolean>;
  /** Forgets a started request whose response is not to be kept (400, 429, 5xx), so a retry runs. */
  release(claim: IdempotencyClaim): Promise<void>;
  /** Deletes expired records; returns how many. Expired records are also replaced on reuse. */
  purgeExpired(now: number): Promise<number>;
}

/** A record deleted between our insert attempt and our read (a concurrent release) is retried. */
const MAX_BEGIN_ATTEMPTS = 5;

export function createIdempotencyRepository(db: Kysely<Database>, secrets: SecretBox = PLAIN_SECRETS): IdempotencyRepository {
  const owner = (accountId: string, key: string) => `idempotency:${accountId}:${key}`;
  return {
    async begin({ accountId, key, operationId, requestHash, now, ttlMs = IDEMPOTENCY_TTL_MS, leaseMs = IDEMPOTENCY_LEASE_MS }) {
      const nowText = toTimestamp(now);
      const lease = toTimestamp(now + Math.min(leaseMs, ttlMs));
      const fresh = {
        account_id: accountId,
        key,
        operation_id: operationId,
        request_hash: requestHash,
        state: 'in_progress' as const,
        response_status: null,
        response_body: null,
        response_location: null,
        created_at: nowText,
        expires_at: lease,
      };
      for (let attempt = 0; attempt < MAX_BEGIN_ATTEMPTS; attempt++) {
        // One statement decides ownership: it inserts, or replaces an expired record, or does
        // nothing. Both dialects re-check the WHERE against the committed row, so exactly one of
        // any number of concurrent callers sees a changed row.
        const result = await db
          .insertInto('idempotency_keys')
          .values(fresh)
          .onConflict((oc) =>
            oc
              .columns(['account_id', 'key'])
              .doUpdateSet((eb) => ({
                operation_id: eb.ref('excluded.operation_id'),
                request_hash: eb.ref('excluded.request_hash'),
                state: eb.ref('excluded.state'),
                response_status: eb.ref('excluded.response_status'),
                response_body: eb.ref('excluded.response_body'),
                response_location: eb.ref('excluded.response_location'),
                created_at: eb.ref('excluded.created_at'),
                expires_at: eb.ref('excluded.expires_at'),
              }))
              .where('idempotency_keys.expires_at', '<=', nowText),
          )
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
          return { state: 'started', claim: { accountId, key, lease, keepUntil: toTimestamp(now + ttlMs) } };
        }

        const row = await db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key).executeTakeFirst();
        if (!row) continue;
        if (row.operation_id !== operationId || row.request_hash !== requestHash) return { state: 'mismatch' };
        if (row.state === 'in_progress' || row.response_status === null) return { state: 'in_progress' };
        return {
          state: 'replay',
          status: row.response_status,
          body: row.response_body === null ? null : (JSON.parse(secrets.open(row.response_body, owner(accountId, key))) as unknown),
          location: row.response_location,
        };
      }
      throw new Error('Idempotency record kept changing; giving up');
    },

    async complete({ claim, status, body, location = null }) {
      const result = await db
        .updateTable('idempotency_keys')
        .set({
          state: 'completed',
          response_status: status,
          response_body: body === undefined ? null : secrets.seal(JSON.stringify(body), owner(claim.accountId, claim.key)),
          response_location: location,
          expires_at: claim.keepUntil,
        })
        .where('account_id', '=', claim.accountId)
        .where('key', '=', claim.key)
        .where('state', '=', 'in_progress')
        .where('expires_at', '=', claim.lease)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async release(claim) {
      await db
        .deleteFrom('idempotency_keys')
        .where('account_id', '=', claim.accountId)
        .where('key', '=', claim.key)
        .where('state', '=', 'in_progress')
        .where('expires_at', '=', claim.lease)
        .execute();
    },

    async purgeExpired(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', toTimestamp(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
