// The shapes that cross the engine's internal boundaries: the crawler hands a FetchedPage to the
// analyser, the analyser returns a PageAnalysis, the audit runner streams AuditEvents to the server.
// Kept in one file so that the crawl side and the analysis side agree on one contract.
import type { components } from '@seo-geo/types';

/** One fetch attempt as the crawler saw it, after redirects. */
export interface FetchedPage {
  /** The URL that was queued (normalised). */
  url: string;
  /** The URL after redirects (normalised); equals `url` when there was none. */
  finalUrl: string;
  /** HTTP status of the last hop; 0 when no response arrived (see `error`). */
  status: number;
  /** Lower-cased media type without parameters, e.g. `text/html`; null when absent. */
  contentType: string | null;
  /** Response headers of the last hop, names lower-cased. */
  headers: Record<string, string>;
  /** Decoded body for HTML responses; null for non-HTML, errors, and bodies over the cap. */
  body: string | null;
  /** Every hop's URL in order, the queued URL first, when the fetch was redirected. */
  redirectChain: string[];
  /** ISO 8601 UTC time at which the response headers arrived (or the fetch failed). */
  fetchedAt: string;
  /** Milliseconds from request start to full body. */
  durationMs: number;
  /** Milliseconds from the last hop's request to its response headers (time to first byte); null when no response arrived. */
  ttfbMs: number | null;
  /** Bytes of the HTML body as received (after content decoding, before charset decoding); null when no HTML body was read. */
  bodyBytes: number | null;
  /** Set when the fetch did not produce a usable response. */
  error?: FetchError;
  /**
   * Where this URL's own response redirects (its `Location`, absolute, or a meta refresh's URL);
   * absent or null when it does not redirect. The crawler records each URL of a chain on its own:
   * `status` is then this URL's 3xx, and `finalUrl` where the chain from it ends.
   */
  redirectTarget?: string | null;
  /** How it redirects: the 3xx status as text, or `meta_refresh`; absent or null when it does not. */
  redirectType?: RedirectType | null;
}

/** How a URL redirects (FetchedPage.redirectType). */
export type RedirectType = '301' | '302' | '303' | '307' | '308' | 'meta_refresh';

export type FetchErrorCode =
  | 'timeout'
  | 'body_too_large'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'blocked_address'
  | 'dns_failure'
  | 'connection_failed'
  | 'robots_disallowed'
  | 'out_of_scope_redirect'
  /** A redirect to a URL longer than an audit records (MAX_URL_LENGTH). */
  | 'url_too_long'
  | 'unsupported_scheme';

export interface FetchError {
  code: FetchErrorCode;
  message: string;
}

/** What the analyser needs to know about the site a page belongs to. */
export interface SiteContext {
  /** Host of the project's primary domain, lower-case, e.g. `www.example.com`. */
  host: string;
  /** Registrable domain of the project (eTLD+1), e.g. `example.com`; internal = same or subdomain. */
  siteDomain: string;
  /** robots.txt rules of the page's host, null when there is no robots.txt. */
  robots: RobotsRules | null;
}

/** A parsed robots.txt. `isAllowed` answers true when no rule blocks `userAgent`. */
export interface RobotsRules {
  /** A plain function (no `this`): safe to pass on or destructure. */
  isAllowed: (url: string, userAgent: string) => boolean;
  /**
   * isAllowed of each of `userAgents` for one URL, in their order, for a reader that asks of many
   * (site/robots-txt.ts answers the agents its file does not name once, as `*`). Without it, each
   * agent is asked in turn.
   */
  isAllowedForEach?: (url: string, userAgents: readonly string[]) => boolean[];
}

export interface LinkInfo {
  /** Absolute, normalised URL (fragment dropped). */
  href: string;
  /** Visible text, whitespace collapsed. */
  text: string;
  /** Same site (host equals or is a subdomain of the site domain). */
  internal: boolean;
  /** `rel` attribute tokens, lower-cased. */
  rel: string[];
}

export type CheckStatus = 'pass' | 'partial' | 'fail' | 'na';

export interface CheckResult {
  /** Rubric id, e.g. `E1`. */
  id: string;
  /** Short name of the check. */
  name: string;
  status: CheckStatus;
  earned: number;
  max: number;
  /** What was measured, in words a user understands. */
  evidence: string;
  /** What to change; null when the check passes or does not apply. */
  fix: string | null;
}

export type IssueSeverity = 'error' | 'warning' | 'notice';

export interface PageIssue {
  code: string;
  severity: IssueSeverity;
  message: string;
}

/**
 * One problem with a structured-data item, as a validator reports it. Codes are stable API values:
 * `invalid_syntax` (JSON-LD that is not strict JSON, read leniently), `unknown_type`,
 * `unknown_property`, `invalid_value` (a value of the wrong kind: URL, Date, Number...),
 * `missing_required` and `missing_recommended` (Google's rich-result properties).
 */
export interface StructuredDataProblem {
  code: 'invalid_syntax' | 'unknown_type' | 'unknown_property' | 'invalid_value' | 'missing_required' | 'missing_recommended';
  /** Dotted property path from the item, e.g. `offers.price`; null for the item as a whole. */
  property: string | null;
  message: string;
}

export interface StructuredItem {
  syntax: 'json-ld' | 'microdata' | 'rdfa';
  /** Full type IRIs or terms as written, e.g. `https://schema.org/Article`. */
  types: string[];
  /** Short schema.org type names when the vocabulary is schema.org, e.g. `Article`; else empty. */
  schemaOrgTypes: string[];
  /** Property names present on the item (top level). */
  properties: string[];
  /** Google rich-result type whose required and recommended properties were checked; null when none applies. */
  richResult: string | null;
  /** Problems that make the item invalid (schema.org vocabulary, value types, Google's required properties). */
  errors: StructuredDataProblem[];
  /** Problems that do not: Google's recommended properties. */
  warnings: StructuredDataProblem[];
}

/**
 * What JavaScript changes on a page: the page as fetched (what answer-engine crawlers read, as they
 * do not run scripts) against the page rendered in a browser, counted by the same analyser. The
 * contract's RenderingComparison.
 */
export type RenderingComparison = components['schemas']['RenderingComparison'];
