// Timing one list: sequential requests after a warm-up, so that each figure is one user's wait and
// not a queue's. Read over HTTP and through the service in this process, the difference between the
// two is the HTTP layer's share (authentication, validation, serialisation, transfer).
import { performance } from 'node:perf_hooks';
import type { RunningServer } from '@seo-geo/server';
import { percentile } from '../lib/percentile.js';
import { HarnessError } from './harness-error.js';
import type { ListBody } from './http.js';

/** Requests before the timed ones: the first reads fill caches (SQLite pages, prepared statements). */
export const WARM_UPS = 5;

export interface HttpLatency {
  median: number;
  p99: number;
  items: number;
  total: number;
  bytes: number;
}

export async function latency(server: RunningServer, key: string, path: string, requests: number): Promise<HttpLatency> {
  const url = `${server.baseUrl}${path}`;
  const headers = { authorization: `Bearer ${key}` };
  for (let i = 0; i < WARM_UPS; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  let last: ListBody<unknown> | undefined;
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new HarnessError(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    last = JSON.parse(text) as ListBody<unknown>;
    bytes = Buffer.byteLength(text);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), items: last!.data.length, total: last!.meta.total, bytes };
}

/** Median time of `read` called in this process, after the same warm-up. */
export async function serviceLatency(read: () => Promise<unknown>, requests: number): Promise<number> {
  for (let i = 0; i < WARM_UPS; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    await read();
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}
