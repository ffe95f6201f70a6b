// How the client waits and reads the time. A sleep that an AbortSignal ends at once: a caller who
// gives up must not wait out a Retry-After of many seconds. Tests replace both with a clock they
// move by hand, so pacing and retries are tested without waiting.
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason is passed on as given, as fetch does
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as above
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Where the client reads the time: every wait, deadline and rate-limit reckoning. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
