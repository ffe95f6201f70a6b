// Fetching one URL as the crawl records it: first whether it may be asked at all (its host
// reachable, robots.txt allowing it), then the URL and each redirect hop it leads to, every hop
// re-scoped and checked against robots.txt and the patterns. A hop that no other fetch has claimed
// is claimed by this one, so the chain's end is recorded from this fetch (hop-records.ts).
import { fetchPageHops, type FetchedHops } from '../net/fetch-page.js';
import { fetchError } from '../net/errors.js';
import type { GuardedFetchOptions, RedirectDecision } from '../net/guarded-fetch.js';
import type { FetchError, FetchedPage } from '../types.js';
import type { FollowedLinks } from './followed-links.js';
import type { Frontier } from './frontier.js';
import type { ResolvedLimits } from './limits.js';
import { normaliseUrl, originOf } from './normalise-url.js';
import type { RobotsCache } from './robots.js';
import type { CrawlScope } from './scope.js';
import type { SharedFrontier } from './types.js';

/** What every request of a crawl shares: its connections, its stop signal, deadline, user agent and credentials. */
export type CrawlRequests = Required<Pick<GuardedFetchOptions, 'dispatcher' | 'signal' | 'timeoutMs' | 'userAgent'>> & Pick<GuardedFetchOptions, 'credentials'>;

export interface HopFetcherOptions {
  requests: CrawlRequests;
  limits: ResolvedLimits;
  seed: string;
  scope: CrawlScope;
  links: FollowedLinks;
  robots: RobotsCache;
  /** List mode: the patterns do not apply, as nothing else is queued. */
  listMode: boolean;
  /** Where a redirect target is claimed: the shared frontier when there is one, else this crawler's. */
  shared: SharedFrontier | null;
  frontier: Frontier;
}

export class HopFetcher {
  constructor(private readonly options: HopFetcherOptions) {}

  /** The record of a URL that is not asked (its host unreachable, robots.txt forbids it), or null when it is to be fetched. */
  unfetched(url: string, origin: string): FetchedHops | null {
    const unreachable = this.originUnreachable(origin);
    if (unreachable) return { page: unfetchedPage(url, unreachable), hops: [] };
    return this.options.robots.allows(url, origin) ? null : { page: unfetchedPage(url, this.options.robots.refusal(url, origin)), hops: [] };
  }

  /** Fetches `url` and the redirect hops it leads to; `taken` gets the hops this fetch claims. */
  fetch(url: string, taken: Set<string>): Promise<FetchedHops> {
    const { requests, limits, seed } = this.options;
    return fetchPageHops(url, {
      ...requests,
      maxBodyBytes: limits.maxBodyBytes,
      maxRedirects: limits.maxRedirects,
      beforeRedirect: (target, chain) => this.decideRedirect(target, taken, chain[0] === seed),
      wantsBody: (hop) => hop === url || taken.has(hop),
    });
  }

  /**
   * Each redirect hop is re-scoped and checked against robots.txt, and followed to the chain's end
   * even when it was fetched or queued already: where a URL's chain ends is part of its record,
   * whatever the crawl met first. A hop robots.txt keeps this crawler from is not asked: it gets a
   * record of its own (blocked), and the chain ends before it.
   */
  private async decideRedirect(target: string, taken: Set<string>, fromSeed: boolean): Promise<RedirectDecision> {
    const { scope, links, robots, shared, frontier } = this.options;
    const url = normaliseUrl(target);
    if (url === null) return { follow: false, error: fetchError('unsupported_scheme', `redirect to ${target}`) };
    if (!scope.contains(url)) {
      return { follow: false, error: fetchError('out_of_scope_redirect', `redirect leaves ${scope.domain}: ${url}`) };
    }
    // An excluded URL is not fetched, not even as a redirect's target (the redirect is recorded as it is);
    // the seed's redirects are followed, as the seed is fetched whatever the patterns say.
    if (links.pathFilter !== null && !this.options.listMode && !fromSeed && !links.pathFilter(new URL(url))) return { follow: false };
    const origin = originOf(url);
    await robots.get(origin);
    if (!robots.allows(url, origin)) return { follow: false };
    const claimed = shared ? await shared.claim(url) : frontier.claim(url);
    if (claimed) taken.add(url);
    return { follow: true };
  }

  /**
   * When robots.txt failed because the host is refused by the SSRF policy or does not resolve,
   * every page of the host would fail the same way: record that cause rather than fetching (and
   * rather than calling the pages robots-disallowed, which would misstate why they are missing).
   */
  private originUnreachable(origin: string): FetchError | null {
    const error = this.options.robots.peek(origin)?.error;
    return error && (error.code === 'blocked_address' || error.code === 'dns_failure') ? error : null;
  }
}

/** A URL recorded without a request: robots.txt forbids it, or its host cannot be reached at all. */
function unfetchedPage(url: string, error: FetchError): FetchedPage {
  return {
    url,
    finalUrl: url,
    status: 0,
    contentType: null,
    headers: {},
    body: null,
    redirectChain: [],
    fetchedAt: new Date().toISOString(),
    durationMs: 0,
    ttfbMs: null,
    bodyBytes: null,
    error,
  };
}
