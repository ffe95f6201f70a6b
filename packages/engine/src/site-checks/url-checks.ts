// The opt-in checks run after the crawl (external links, the resources pages load) share this
// pass: each distinct URL of a table, requested once through the crawl's own guarded dispatcher
// (so the SSRF policy holds at connect time, redirects included). HEAD first, GET when the server
// does not do HEAD; bodies are never read. At most 4 requests in flight and one per host, so no
// site is hammered. What an answer means is external-verdict.ts's.
import type { Dispatcher } from 'undici';
import { guardedFetch, type GuardedResponse, type OriginCredentials } from '../net/guarded-fetch.js';
import type { StringTable } from '../compact/spilled-strings.js';
import { externalVerdict, Verdict } from './external-verdict.js';

/** Distinct URLs a check requests at most, unless told otherwise. */
export const DEFAULT_MAX_TARGETS = 5000;

export interface UrlCheckOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  signal?: AbortSignal;
  /** Distinct targets requested at most, in table order; the rest count as not checked. Default 5,000. */
  maxTargets?: number;
  /** Requests in flight at most (never two to one host). Default 4. */
  concurrency?: number;
  /** Per target, redirects included. Default 10 s. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Sent to its one origin only (a staging site's basic authentication). */
  credentials?: OriginCredentials;
  /** Targets not to request at all (robots.txt disallows them): not checked, and not counted against the cap. */
  skip?: (url: string) => boolean;
  /** Awaited before each request, HEAD and GET alike (a rate limit); it must settle once `signal` aborts. */
  beforeRequest?: (url: string) => Promise<void>;
}

export interface UrlCheckFindings {
  /** Distinct URLs requested and judged. */
  checked: number;
  /** Of those, the ones answering 4xx (but 401, 403 and 429), 5xx or not at all. */
  broken: number;
  /** Distinct URLs left unjudged: beyond the cap, skipped, refused by the address policy, cut short. */
  notChecked: number;
}

export interface UrlCheckReport {
  findings: UrlCheckFindings;
  /** By URL id: a Verdict. */
  verdicts: Uint8Array;
  /** Why each broken target is broken (`404`, `failed: timeout`). */
  reasons: Map<number, string>;
}

export async function checkUrls(targets: StringTable, options: UrlCheckOptions): Promise<UrlCheckReport> {
  const verdicts = new Uint8Array(targets.size);
  const reasons = new Map<number, string>();
  const hosts = byHost(targets, options.maxTargets ?? DEFAULT_MAX_TARGETS, options.skip);
  let nextHost = 0;
  const worker = async (): Promise<void> => {
    // A worker owns a host until its targets are done: one request per host, without a scheduler.
    while (nextHost < hosts.length && !options.signal?.aborted) {
      for (const id of hosts[nextHost++]!) {
        if (options.signal?.aborted) return;
        const { verdict, reason } = externalVerdict(await request(targets.value(id), options));
        if (options.signal?.aborted) return;
        verdicts[id] = verdict;
        if (verdict === Verdict.Broken) reasons.set(id, reason);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, hosts.length) }, worker));
  let checked = 0;
  for (const v of verdicts) if (v !== Verdict.NotChecked) checked++;
  return { findings: { checked, broken: reasons.size, notChecked: targets.size - checked }, verdicts, reasons };
}

/** The first `limit` targets not skipped (in the order pages gave them), grouped by host. */
function byHost(targets: StringTable, limit: number, skip: UrlCheckOptions['skip']): number[][] {
  const groups = new Map<string, number[]>();
  let taken = 0;
  for (let id = 0; id < targets.size && taken < limit; id++) {
    const url = targets.value(id);
    if (skip?.(url)) continue;
    taken++;
    const host = new URL(url).hostname;
    const group = groups.get(host);
    if (group) group.push(id);
    else groups.set(host, [id]);
  }
  return [...groups.values()];
}

async function request(url: string, options: UrlCheckOptions): Promise<GuardedResponse> {
  const ask = async (method: string): Promise<GuardedResponse> => {
    await options.beforeRequest?.(url);
    return guardedFetch(url, {
      method,
      dispatcher: options.dispatcher,
      userAgent: options.userAgent,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxRedirects: options.maxRedirects ?? 5,
      readBody: () => false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  };
  const head = await ask('HEAD');
  return !head.error && (head.status === 405 || head.status === 501) ? ask('GET') : head;
}
