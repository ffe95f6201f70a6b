// What fetching a robots.txt came to, in RFC 9309's terms (§2.3.1 access results, §2.5 limits).
// The crawler decides it once per origin (crawl/robots.ts) and obeys it; the site findings
// (site/robots.ts) report it.

/**
 * `available`: 2xx, read whole; its rules apply (§2.3.1.1). `truncated`: 2xx, but read only up to
 * the last complete line before the parsing limit or the deadline; those rules apply (§2.5).
 * `unavailable`: 4xx, or redirects that reach no file within five hops; everything is allowed
 * (§2.3.1.3, §2.3.1.2). `unreachable`: 5xx, no answer in time, a network failure; everything is
 * disallowed (§2.3.1.4).
 */
export type RobotsAccess = 'available' | 'truncated' | 'unavailable' | 'unreachable';

export interface RobotsReading {
  access: RobotsAccess;
  /** HTTP status of robots.txt (of the last hop, after redirects); 0 when no response arrived. */
  status: number;
  /** The text obeyed (up to its last complete line when `truncated`); null unless it answered 2xx. */
  text: string | null;
  /** Why `access` is not `available`, in words: the status or the error, or how much was read. Null when it is. */
  detail: string | null;
}
