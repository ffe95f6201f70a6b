// Buckets in Redis, shared by every server instance. Each bucket is one string key holding its
// full-at time, set to expire when the bucket is full again, so idle keys clean themselves up.
import type { Redis } from 'ioredis';
import { TAKE_SCRIPT, TAKE_SCRIPT_SHA1 } from './redis-script.js';
import type { RateLimitResult, RateLimitStore } from './store.js';
import { assertBucketParameters, describePeek, describeTake, EPSILON, refillIntervalMs } from './token-bucket.js';

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'seo-geo:ratelimit:';

export interface RedisRateLimitStoreOptions {
  /** The caller owns the connection and closes it. */
  redis: Redis;
  /** Prepended to every bucket key; lets several apps or test runs share one Redis. */
  keyPrefix?: string;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: Redis;
  readonly #keyPrefix: string;

  constructor(options: RedisRateLimitStoreOptions) {
    this.#redis = options.redis;
    this.#keyPrefix = options.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX;
  }

  async take(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> {
    assertBucketParameters(capacity, refillPerSecond, nowMs);
    const intervalMs = refillIntervalMs(refillPerSecond);
    const args = [this.#keyPrefix + bucketKey, String(capacity), String(intervalMs), String(nowMs), String(EPSILON)];
    const reply = await this.#run(args);
    const [allowed, fullAt] = parseReply(reply);
    return describeTake({ allowed, fullAtMs: fullAt }, capacity, intervalMs, nowMs);
  }

  async peek(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult> {
    assertBucketParameters(capacity, refillPerSecond, nowMs);
    // One GET is atomic on its own; nothing is written, so no script is needed.
    const stored = await this.#redis.get(this.#keyPrefix + bucketKey);
    const fullAt = stored === null ? undefined : Number(stored);
    if (fullAt !== undefined && !Number.isFinite(fullAt)) throw new Error('Unexpected rate-limit bucket value');
    return describePeek(fullAt, capacity, refillIntervalMs(refillPerSecond), nowMs);
  }

  // EVALSHA sends 40 bytes instead of the script; after a SCRIPT FLUSH or a failover to a replica
  // without the script, EVAL runs it once and caches it again.
  async #run(args: string[]): Promise<unknown> {
    try {
      return await this.#redis.evalsha(TAKE_SCRIPT_SHA1, 1, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.#redis.eval(TAKE_SCRIPT, 1, ...args);
    }
  }
}

function parseReply(reply: unknown): [boolean, number] {
  if (Array.isArray(reply) && reply.length === 2) {
    const fullAt = Number(reply[1]);
    if ((reply[0] === 0 || reply[0] === 1) && Number.isFinite(fullAt)) return [reply[0] === 1, fullAt];
  }
  throw new Error('Unexpected reply from the rate-limit script');
}
