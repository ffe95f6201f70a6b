// A rate limit for requests made outside the crawl's own scheduler (the resource check): calls are
// spaced `intervalMs` apart in the order they come, as the crawl spaces its requests when the
// audit has a requests-per-second setting (crawl/origin-turns.ts, requestIntervalMs).

/** Each call resolves at its turn, or at once when `signal` aborts (the caller then stops). */
export function pacer(intervalMs: number, signal: AbortSignal): () => Promise<void> {
  let next = 0;
  return () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + intervalMs;
    if (at === now || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, at - now);
      signal.addEventListener('abort', done, { once: true });
    });
  };
}
