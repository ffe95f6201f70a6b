// Small networking helpers for benches: every listener is on the loopback address only.
import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/**
 * A port that was free a moment ago, for child processes that need a port number up front
 * (they cannot be told to use port 0 and report back). The small race is acceptable for a bench:
 * a clash fails the start, loudly.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No port assigned'))));
    });
  });
}

/** Polls `probe` until it returns a value, or fails with the last error once the deadline passes. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; what: string; abort?: () => string | undefined },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    const aborted = options.abort?.();
    if (aborted) throw new Error(`${options.what}: ${aborted}`);
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${options.what}: no answer within ${options.timeoutMs} ms${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
}
