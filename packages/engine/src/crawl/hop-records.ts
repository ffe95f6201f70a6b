// One record per URL, whatever the order the crawl meets links in. A fetch follows a redirect
// chain to its end (so the queued URL's `finalUrl` is where the chain from it ends, however much
// of it was fetched before), but each URL of the chain is recorded on its own, with its own
// response: the queued URL with its 3xx and where it points, the end of the chain with its page.
// Hops in between are fetched again on their own, so that their records, too, say where the chain
// from them ends, and so are the ends this fetch did not take (another fetch records them).
import type { FetchedHops } from '../net/fetch-page.js';
import type { HopSummary } from '../net/guarded-fetch.js';
import type { FetchErrorCode, FetchedPage, RedirectType } from '../types.js';

export interface HopRecords {
  /** The queued URL's record first, then the chain's end when this fetch took it. */
  records: FetchedPage[];
  /** URLs of the chain this fetch took (`taken`) but did not record: to fetch on their own. */
  refetch: string[];
}

const REDIRECT_TYPES: ReadonlySet<string> = new Set(['301', '302', '303', '307', '308']);

/**
 * The errors that say where the redirects from a URL lead (nowhere, or off the site), and so
 * belong to its record. Any other (a timeout, a body over the cap) was met at a later URL of the
 * chain and is that URL's, on its own record.
 */
const CHAIN_ERRORS: ReadonlySet<FetchErrorCode> = new Set([
  'redirect_loop',
  'too_many_redirects',
  'out_of_scope_redirect',
  'unsupported_scheme',
  'url_too_long',
]);

export function redirectTypeOf(status: number): RedirectType | null {
  const text = String(status);
  return REDIRECT_TYPES.has(text) ? (text as RedirectType) : null;
}

/** `taken`: the chain's URLs (after the first) that this fetch claimed for itself. */
export function hopRecords({ page, hops }: FetchedHops, taken: ReadonlySet<string>): HopRecords {
  const chain = page.redirectChain;
  const first = hops[0];
  if (chain.length < 2 || first === undefined) return { records: [{ ...page, redirectTarget: null, redirectType: null }], refetch: [...taken] };
  const end = chain[chain.length - 1]!;
  // The end answered (no error, a response from it), so its response is its record, as a fetch of
  // it alone would have made it.
  const endAnswered = page.error === undefined && hops.length === chain.length && end !== page.url;
  const records = [ownRecord(page, first, chain[1]!)];
  if (endAnswered && taken.has(end)) {
    records.push({ ...page, url: end, finalUrl: end, redirectChain: [], redirectTarget: null, redirectType: null });
  }
  return { records, refetch: [...taken].filter((url) => !(endAnswered && url === end)) };
}

/** The queued URL as it answered: its 3xx and target, and where the chain from it ends (or stopped). */
function ownRecord(page: FetchedPage, first: HopSummary, target: string): FetchedPage {
  return {
    url: page.url,
    finalUrl: page.finalUrl,
    status: first.status,
    contentType: first.contentType,
    headers: first.headers,
    body: null,
    redirectChain: page.redirectChain,
    fetchedAt: first.fetchedAt,
    durationMs: page.durationMs,
    ttfbMs: first.ttfbMs,
    bodyBytes: null,
    ...(page.error && CHAIN_ERRORS.has(page.error.code) ? { error: page.error } : {}),
    redirectTarget: target,
    redirectType: redirectTypeOf(first.status),
  };
}
