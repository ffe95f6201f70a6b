// The opt-in external link check, run after the crawl: each distinct external target of the
// scored pages, requested through the crawl's own guarded dispatcher (so the SSRF policy holds at
// connect time, redirects included). HEAD first, GET when the server does not do HEAD; bodies
// are never read. At most 4 requests in flight and one per host, so no site is hammered.
import type { Dispatcher } from 'undici';
import { guardedFetch, type GuardedResponse } from '../net/guarded-fetch.js';
import type { StringTable } from '../compact/spilled-strings.js';
import { externalVerdict, Verdict } from './external-verdict.js';

export interface ExternalLinkOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  signal?: AbortSignal;
  /** Distinct targets requested at most; the rest count as not checked. Default 5,000. */
  maxTargets?: number;
  /** Requests in flight at most (never two to one host). Default 4. */
  concurrency?: number;
  /** Per target, redirects included. Default 10 s. */
  timeoutMs?: number;
  maxRedirects?: number;
}

export interface ExternalLinkFindings {
  /** Distinct external URLs requested and judged. */
  checked: number;
  /** Of those, the ones answering 4xx (but 401, 403 and 429), 5xx or not at all. */
  broken: number;
  /** Distinct external URLs left unjudged: beyond the cap, refused by the address policy, cut short. */
  notChecked: number;
}

export interface ExternalLinkReport {
  findings: ExternalLinkFindings;
  /** By external URL id: a Verdict. */
  verdicts: Uint8Array;
  /** Why each broken target is broken (`404`, `failed: timeout`). */
  reasons: Map<number, string>;
}

export async function checkExternalLinks(targets: StringTable, options: ExternalLinkOptions): Promise<ExternalLinkReport> {
  const limit = Math.min(targets.size, options.maxTargets ?? 5000);
  const verdicts = new Uint8Array(targets.size);
  const reasons = new Map<number, string>();
  const hosts = byHost(targets, limit);
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

/** The first `limit` targets (in the order pages linked them), grouped by host. */
function byHost(targets: StringTable, limit: number): number[][] {
  const groups = new Map<string, number[]>();
  for (let id = 0; id < limit; id++) {
    const host = new URL(targets.value(id)).hostname;
    const group = groups.get(host);
    if (group) group.push(id);
    else groups.set(host, [id]);
  }
  return [...groups.values()];
}

async function request(url: string, options: ExternalLinkOptions): Promise<GuardedResponse> {
  const ask = (method: string): Promise<GuardedResponse> =>
    guardedFetch(url, {
      method,
      dispatcher: options.dispatcher,
      userAgent: options.userAgent,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? 10_000,
      maxRedirects: options.maxRedirects ?? 5,
      readBody: () => false,
    });
  const head = await ask('HEAD');
  return !head.error && (head.status === 405 || head.status === 501) ? ask('GET') : head;
}
