// The delivery loop: polls for due deliveries with a real timer, leases them (so no other loop,
// in this process or another, sends the same delivery meanwhile), sends each attempt and records it
// with the delivery's next state: succeeded, pending again after a backoff, or failed for good.
//
// The lease is longer than an attempt can take (the 15 s timeout plus recording), so a live loop
// never loses a delivery it is sending; a delivery of a loop that died becomes due again when its lease
// passes and is sent by another loop, with the same `webhook-id`.
//
// Receivers that never answer hold an attempt each until the timeout, so the attempts are shared
// out: a few in flight per endpoint and per account, counted over every loop on the database
// (the claim's turns), in a pool large enough for many accounts at once. An account's silent
// receivers then delay that account's own deliveries, and another account's are sent at the next
// poll.
import type { Resolver, SsrfPolicy } from '@seo-geo/engine';
import { pino, type Logger } from 'pino';
import type { Clock } from '../support/clock.js';
import type { ClaimedDelivery, WebhooksRepository } from '../storage/repositories/webhooks.js';
import { DEFAULT_RETRY_POLICY, retryDelayMs, validateRetryPolicy, type RetryPolicy } from './backoff.js';
import { DELIVERY_TIMEOUT_MS, sendAttempt, type AttemptResult } from './send.js';
import { startPollLoop, type PollLoop } from '../support/poll-loop.js';

/**
 * How long events, their deliveries and attempts are kept (the spec's webhooks section): well past
 * the last retry (about 18 hours after the event), long enough to look into a receiver's outage.
 */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Clock ms between purges of events past retention, and events deleted per purge round. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const PURGE_BATCH = 1_000;

export interface DeliveryLoopOptions {
  webhooks: Pick<WebhooksRepository, 'claimDue' | 'recordAttempt' | 'purgeEventsBefore'>;
  /** Due times, leases and attempt times; polling uses real timers. */
  clock: Clock;
  /** Where receivers may be (the operator's allow-list on top of public addresses). */
  policy: SsrfPolicy;
  resolver?: Resolver;
  logger?: Logger;
  /** Idle poll interval; default 1 s. */
  pollIntervalMs?: number;
  /** Attempts in flight at once in this loop; default 64 (each is a socket waiting at most the timeout). */
  concurrency?: number;
  /** Attempts in flight to one endpoint, counted over every loop; default 2. */
  attemptsPerEndpoint?: number;
  /** Attempts in flight to one account's endpoints, counted over every loop; default 8. */
  attemptsPerAccount?: number;
  /** Per attempt; default 15 s. */
  timeoutMs?: number;
  /** How long a claim holds a delivery; default four times the timeout (60 s), and always longer than it. */
  leaseMs?: number;
  retry?: Partial<RetryPolicy>;
  /** How long events are kept; default WEBHOOK_RETENTION_MS. Purged at start and hourly (clock time). */
  retentionMs?: number;
}

export interface RunningDeliveryLoop {
  /** Stops claiming and waits for the attempts in flight (each bounded by the timeout). */
  stop(): Promise<void>;
  /** Polls now instead of at the next tick. */
  wake(): void;
}

export function startDeliveryLoop(options: DeliveryLoopOptions): RunningDeliveryLoop {
  const { webhooks, clock } = options;
  const logger = (options.logger ?? pino({ level: 'silent' })).child({ component: 'webhook-delivery' });
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const concurrency = options.concurrency ?? 64;
  const perEndpoint = options.attemptsPerEndpoint ?? 2;
  const perAccount = options.attemptsPerAccount ?? 8;
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs * 4;
  const retry = validateRetryPolicy({ ...DEFAULT_RETRY_POLICY, ...options.retry });
  if (!(leaseMs > timeoutMs)) throw new RangeError(`leaseMs (${leaseMs}) must exceed the delivery timeout (${timeoutMs})`);
  for (const [name, value] of Object.entries({ concurrency, attemptsPerEndpoint: perEndpoint, attemptsPerAccount: perAccount })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer (got ${value})`);
  }

  const retentionMs = options.retentionMs ?? WEBHOOK_RETENTION_MS;
  let nextPurgeAt = Number.NEGATIVE_INFINITY;

  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let loop: PollLoop | undefined;

  const deliver = async (delivery: ClaimedDelivery): Promise<void> => {
    const attemptedAt = clock.now();
    let result: AttemptResult;
    try {
      result = await sendAttempt(
        { eventId: delivery.event.id, body: delivery.event.payload, url: delivery.endpoint.url, secret: delivery.endpoint.secret },
        { policy: options.policy, timeoutMs, ...(options.resolver ? { resolver: options.resolver } : {}) },
      );
    } catch (error) {
      // guardedFetch reports network failures as values; anything thrown is a bug worth a line.
      logger.error({ err: error, deliveryId: delivery.deliveryId }, 'webhook attempt threw');
      result = { outcome: 'failed', responseStatus: null, error: 'internal_error: the attempt could not be made', durationMs: 0 };
    }
    // A test event is tried once: a receiver being fixed is tested again by a new call, not by a retry.
    const last = delivery.attempt >= retry.maxAttempts || delivery.event.type === 'webhook.test';
    const status = result.outcome === 'succeeded' ? 'succeeded' : last ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? clock.now() + retryDelayMs(delivery.attempt, retry) : clock.now();
    const recorded = await webhooks.recordAttempt({
      deliveryId: delivery.deliveryId,
      claimToken: delivery.claimToken,
      attempt: delivery.attempt,
      ...result,
      attemptedAt,
      status,
      nextAttemptAt,
    });
    // Endpoint ids only: URLs may carry tokens in their query, and secrets are never logged.
    const fields = {
      deliveryId: delivery.deliveryId,
      eventId: delivery.event.id,
      endpointId: delivery.endpoint.id,
      attempt: delivery.attempt,
      status: result.responseStatus,
      error: result.error,
    };
    if (!recorded) logger.warn(fields, 'webhook attempt not recorded: the delivery was deleted or its lease taken over');
    else if (status === 'failed') logger.warn(fields, 'webhook delivery failed for good');
    else logger.debug({ ...fields, outcome: result.outcome }, 'webhook attempt');
  };

  const launch = (delivery: ClaimedDelivery) => {
    const run = deliver(delivery)
      .catch((error: unknown) =>
        logger.error({ err: error, deliveryId: delivery.deliveryId }, 'recording a webhook attempt failed; the delivery is retried after its lease'),
      )
      .finally(() => {
        inFlight.delete(run);
        wake();
      });
    inFlight.add(run);
  };

  const purgeExpired = async () => {
    nextPurgeAt = clock.now() + PURGE_INTERVAL_MS;
    let purged = 0;
    for (let deleted = PURGE_BATCH; deleted === PURGE_BATCH && !stopping; purged += deleted) {
      deleted = await webhooks.purgeEventsBefore(clock.now() - retentionMs, PURGE_BATCH);
    }
    if (purged > 0) logger.info({ purged }, 'deleted webhook events past retention, with their deliveries and attempts');
  };

  const poll = async () => {
    try {
      if (clock.now() >= nextPurgeAt) await purgeExpired();
      while (!stopping && inFlight.size < concurrency) {
        const deliveries = await webhooks.claimDue({ now: clock.now(), leaseMs, limit: concurrency - inFlight.size, perEndpoint, perAccount });
        for (const delivery of deliveries) launch(delivery);
        if (deliveries.length === 0) break;
      }
    } catch (error) {
      logger.error({ err: error }, 'claiming webhook deliveries failed; retrying');
    }
  };

  const wake = () => loop?.wake();
  loop = startPollLoop(poll, pollIntervalMs);
  let stopped: Promise<void> | undefined;
  return {
    wake,
    stop() {
      stopping = true;
      stopped ??= (async () => {
        await loop.stop();
        await Promise.all([...inFlight]);
      })();
      return stopped;
    },
  };
}
