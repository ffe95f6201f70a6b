// How deliveries to an endpoint have gone, read from its attempts (newest first, on the index the
// deliveries list reads) and its pending deliveries: the WebhookEndpointHealth of the contract.
import type { components } from '@seo-geo/types';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export type EndpointHealth = components['schemas']['WebhookEndpointHealth'];

/** Failed attempts counted back at most (the contract's bound); as many rows are read at most. */
const MAX_COUNTED_FAILURES = 1000;

export async function endpointHealth(db: Kysely<Database>, endpointId: string): Promise<EndpointHealth> {
  const recent = await db
    .selectFrom('webhook_delivery_attempts')
    .select(['outcome', 'attempted_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_COUNTED_FAILURES + 1)
    .execute();
  const latestSuccess = recent.findIndex((attempt) => attempt.outcome === 'succeeded');
  const consecutiveFailures = Math.min(MAX_COUNTED_FAILURES, latestSuccess === -1 ? recent.length : latestSuccess);
  // Past the attempts read, an outcome not among them may still be older: asked for once.
  const lastOf = async (outcome: 'succeeded' | 'failed'): Promise<string | null> => {
    const found = recent.find((attempt) => attempt.outcome === outcome);
    if (found || recent.length <= MAX_COUNTED_FAILURES) return found?.attempted_at ?? null;
    const older = await db
      .selectFrom('webhook_delivery_attempts')
      .select((eb) => eb.fn.max('attempted_at').as('at'))
      .where('endpoint_id', '=', endpointId)
      .where('outcome', '=', outcome)
      .executeTakeFirst();
    return older?.at ?? null;
  };
  const { pending } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll().as('pending'))
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return {
    status: recent.length === 0 ? 'unused' : recent[0]!.outcome === 'succeeded' ? 'healthy' : 'failing',
    lastSucceededAt: await lastOf('succeeded'),
    lastFailedAt: await lastOf('failed'),
    consecutiveFailures,
    pendingDeliveries: Number(pending),
  };
}

/**
 * When each listed attempt's delivery is next tried: on the latest attempt of a delivery still
 * pending and not being sent right now; null on the others.
 */
export async function nextAttempts(db: Kysely<Database>, attempts: readonly { deliveryId: string; attempt: number }[]): Promise<(string | null)[]> {
  const ids = [...new Set(attempts.map((attempt) => attempt.deliveryId))];
  if (ids.length === 0) return [];
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status', 'attempts', 'next_attempt_at', 'claim_token'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(deliveries.map((delivery) => [delivery.id, delivery]));
  return attempts.map(({ deliveryId, attempt }) => {
    const delivery = byId.get(deliveryId);
    return delivery && delivery.status === 'pending' && delivery.claim_token === null && Number(delivery.attempts) === attempt
      ? delivery.next_attempt_at
      : null;
  });
}
