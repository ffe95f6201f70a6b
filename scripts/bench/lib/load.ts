// HTTP load through autocannon's programmatic API: a discarded warm-up, then one measured run with
// the same connections. autocannon ships no type declarations, so it is loaded through require and
// described by the small interface below (an ambient `declare module` could clash with another
// bench declaring the same module).
import { createRequire } from 'node:module';
import { percentile } from './percentile.js';

interface Histogram {
  mean: number;
  average: number;
  p50: number;
  p99: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  stop(): void;
}

interface AutocannonRequest {
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: { headers: Record<string, string> }) => { headers: Record<string, string> };
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}

type Autocannon = (options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** POST and the like; GET when absent. */
  method?: string;
  body?: string;
  /** Headers that take turns, one set per request (e.g. several API keys), on top of `headers`. */
  rotatingHeaders?: Record<string, string>[];
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Called between the warm-up and the measured run (e.g. to read the server's CPU counters). */
  beforeMeasured?: () => Promise<void>;
}

export interface LoadResult {
  /** Mean of autocannon's per-second request counts (2xx and others alike). */
  requestsPerSecond: number;
  totalRequests: number;
  /** Requests sent during the discarded warm-up. */
  warmupRequests: number;
  /** Latency percentiles in ms over the 2xx responses of the measured run. */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** Anything that is not a 2xx answer; a run with any of these is not a clean measurement. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function run(options: AutocannonOptions, onResponse?: (statusCode: number, ms: number) => void): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', (_client, statusCode, _bytes, ms) => onResponse(statusCode, ms));
  });
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const base: Omit<AutocannonOptions, 'duration'> = { url: options.url, connections: options.connections, headers: options.headers ?? {} };
  if (options.method !== undefined || options.rotatingHeaders) {
    const rotating = options.rotatingHeaders ?? [{}];
    let turn = 0;
    base.requests = [
      {
        method: options.method ?? 'GET',
        ...(options.body !== undefined ? { body: options.body } : {}),
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...rotating[turn++ % rotating.length] } }),
      },
    ];
  }
  // The warm-up lets V8 optimise the hot paths and fills caches (SQLite pages, prepared statements)
  // so the measured run sees the steady state; its numbers are thrown away.
  const warmup = options.warmupSeconds > 0 ? await run({ ...base, duration: options.warmupSeconds }) : undefined;

  await options.beforeMeasured?.();

  // autocannon's own latency histogram has a 1 ms resolution, too coarse for sub-ms answers, so
  // the per-response times (floats in ms) are collected here as well.
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const result = await run({ ...base, duration: options.durationSeconds }, (statusCode, ms) => {
    if (statusCode < 200 || statusCode > 299) return;
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = ms;
  });
  const sorted = latencies.subarray(0, count).sort();
  let sum = 0;
  for (const value of sorted) sum += value;

  const statusCodes: Record<string, number> = {};
  for (const [code, { count: n }] of Object.entries(result.statusCodeStats)) statusCodes[code] = n;
  return {
    requestsPerSecond: result.requests.mean,
    totalRequests: result.requests.total,
    warmupRequests: warmup?.requests.total ?? 0,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    meanMs: count === 0 ? Number.NaN : sum / count,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
