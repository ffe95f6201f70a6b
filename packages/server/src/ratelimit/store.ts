// The contract every token-bucket store meets (the spec's *Rate limiting*).

export interface RateLimitResult {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Unix seconds, rounded up, at which the bucket is full again. */
  resetAtSeconds: number;
  /** 0 when allowed; else seconds until one token is available, rounded up. */
  retryAfterSeconds: number;
}

export interface RateLimitStore {
  /**
   * Takes one token from the bucket if it has one; a refused request takes nothing.
   * The caller supplies the time, so every server instance (and every test clock) agrees.
   */
  take(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult>;

  /**
   * The bucket's state without spending anything: `allowed` when a token is available now,
   * `remaining` the whole tokens it holds now. For guards that only block (brute-force limits).
   */
  peek(bucketKey: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<RateLimitResult>;
}
