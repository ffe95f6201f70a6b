// What the answer of a URL checked after the crawl means, an external link's or a resource's.
// Servers that refuse robots (401, 403, 429) say nothing about the URL; an address the SSRF
// policy refuses is not ours to judge; a redirect to another scheme or past the hop limit is left
// unjudged rather than called broken.
import type { GuardedResponse } from '../net/guarded-fetch.js';

export const Verdict = { NotChecked: 0, Ok: 1, Broken: 2 } as const;
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

const NOT_JUDGED_STATUSES = new Set([401, 403, 429]);
const BROKEN_ERRORS = new Set(['timeout', 'dns_failure', 'connection_failed', 'redirect_loop']);

/** The verdict, and its reason: the status as text (`404`), or `failed: ` and the fetch error's code. */
export function externalVerdict(res: GuardedResponse): { verdict: Verdict; reason: string } {
  if (res.error) {
    const reason = `failed: ${res.error.code}`;
    return { verdict: BROKEN_ERRORS.has(res.error.code) ? Verdict.Broken : Verdict.NotChecked, reason };
  }
  const broken = res.status >= 400 && res.status < 600 && !NOT_JUDGED_STATUSES.has(res.status);
  return { verdict: broken ? Verdict.Broken : Verdict.Ok, reason: String(res.status) };
}

/** The HTTP status a reason gives; 0 for a fetch that got no answer. */
export function statusOfReason(reason: string): number {
  return /^\d{3}$/.test(reason) ? Number(reason) : 0;
}
