// What the checks need to know of a record, folded into one bit field per record.

export const Flag = {
  /** 2xx HTML fetched without error: the pages the score and the content checks apply to. */
  Scored: 1,
  /** Answered by a redirect: its final URL differs from the queued one, or it stopped on a 3xx. */
  Redirected: 2,
  /** The fetch failed (FetchError), whatever the status. */
  Failed: 4,
  /** robots.txt keeps crawlers out: not fetched by us, or disallowed for every search crawler. */
  Blocked: 8,
  /** noindex or none addressed to every crawler. */
  Noindex: 16,
  /** A link to it leads nowhere: status 0 (but robots.txt), 4xx, 5xx, or a redirect that never ends. */
  Broken: 32,
  /** The final URL is plain http. */
  Http: 64,
} as const;

/** A record's status (0: no response) and fetch error, as the checks word them. */
export function statusText(status: number, error: string | null): string {
  if (error !== null) return status === 0 ? `failed: ${error}` : `${status}, ${error}`;
  return String(status);
}
