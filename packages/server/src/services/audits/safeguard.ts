// The crawl safeguard: over a sliding window of the last N pages the crawl requested, the share
// that answered 5xx or timed out. Once the window is full and that share passes the audit's
// limit, the audit pauses (a site in trouble is not crawled on). Records made without a request
// (robots-blocked URLs, refused addresses) are not in the window. A resumed crawl starts with an
// empty window, so a site that recovered is judged afresh.
import type { PageAnalysis } from '@seo-geo/engine';
import type { AuditPause, AuditSafeguard } from '../../storage/repositories/audit-runs.js';

/** Fetch errors of records that made no request. */
const NOT_REQUESTED: ReadonlySet<string> = new Set(['robots_disallowed', 'blocked_address']);

export class SafeguardWindow {
  /** The window's answers, oldest overwritten first: true for a failure. */
  readonly #failed: boolean[] = [];
  #next = 0;
  #failures = 0;

  constructor(private readonly safeguard: AuditSafeguard) {}

  /** Takes in one recorded page; the pause the window calls for, once it passes the limit. */
  observe(page: Pick<PageAnalysis, 'statusCode' | 'error'>): AuditPause | null {
    if (page.error && NOT_REQUESTED.has(page.error.code)) return null;
    const failed = (page.statusCode >= 500 && page.statusCode <= 599) || page.error?.code === 'timeout';
    const { window, maxFailureShare } = this.safeguard;
    if (this.#failed.length < window) this.#failed.push(failed);
    else {
      if (this.#failed[this.#next]) this.#failures--;
      this.#failed[this.#next] = failed;
      this.#next = (this.#next + 1) % window;
    }
    if (failed) this.#failures++;
    if (this.#failed.length < window || this.#failures / window <= maxFailureShare) return null;
    return {
      reason: 'safeguard',
      message: `${this.#failures} of the last ${window} answers were 5xx or timeouts (the safeguard's limit is ${Math.round(maxFailureShare * 1000) / 10}%).`,
      figures: { failures: this.#failures, fetches: window },
    };
  }
}
