// What the audit bench's processes share: the site's host name, how it resolves, and reading
// another process's memory from /proc (Linux; elsewhere the figures are simply not available).
import { readFileSync } from 'node:fs';
import { staticResolver, type Resolver } from '@seo-geo/engine';

/** The bench site's host: fictitious (.test), resolved to loopback by the worker's resolver only. */
export const BENCH_SITE_HOST = 'www.agency-bench.test';

/** The worker's name resolution: the bench host is 127.0.0.1, any other name does not exist. */
export const benchResolver: Resolver = staticResolver({ [BENCH_SITE_HOST]: '127.0.0.1' });

export interface ProcMemory {
  /** Resident set size now, MB. */
  rssMb: number;
  /** High-water mark of the resident set since the process started (VmHWM), MB: the true peak. */
  peakMb: number;
}

/** VmRSS and VmHWM of `pid`, or undefined when /proc cannot be read. */
export function procMemory(pid: number): ProcMemory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const rss = kb('VmRSS');
    const hwm = kb('VmHWM');
    return Number.isFinite(rss) && Number.isFinite(hwm) ? { rssMb: rss / 1024, peakMb: hwm / 1024 } : undefined;
  } catch {
    return undefined;
  }
}
