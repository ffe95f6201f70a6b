// Every time-dependent rule (token buckets, idempotency expiry, created_at) reads the time through
// a Clock, so tests can move time by hand instead of sleeping.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
};

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  #nowMs: number;

  constructor(startMs: number = Date.UTC(2025, 0, 1)) {
    this.#nowMs = startMs;
  }

  now(): number {
    return this.#nowMs;
  }

  set(ms: number): void {
    this.#nowMs = ms;
  }

  advance(ms: number): void {
    this.#nowMs += ms;
  }
}
