// The one outbound HTTP function of the engine (crawler pages, robots.txt, sitemaps, llms.txt) and of
// the server (webhook deliveries). Redirects are followed here, by hand, so that every hop goes
// through the guarded connector again and the caller can veto a hop (scope, de-duplication).
import type { Dispatcher } from 'undici';
import type { FetchError } from '../types.js';
import type { SsrfPolicy } from './address-policy.js';
import { createGuardedDispatcher } from './dispatcher.js';
import { fetchError, RequestTimeoutError, toFetchError } from './errors.js';
import { fetchHop, type HopResponse } from './fetch-hop.js';
import { linkedSignal } from './linked-signal.js';
import type { Resolver } from './resolver.js';
import { DEFAULT_USER_AGENT } from './user-agent.js';
import { isUrlTooLong, MAX_URL_LENGTH } from './url-length.js';

export type RedirectDecision = { follow: true } | { follow: false; error?: FetchError };

export interface GuardedFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | null;
  /** Deadline for the whole fetch, every hop's headers and body included. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** 0 (default) returns a 3xx response as it is, as webhook senders should. */
  maxRedirects?: number;
  userAgent?: string;
  signal?: AbortSignal;
  /** Used when no dispatcher is given; a dispatcher is created for this one call and closed. */
  policy?: SsrfPolicy;
  resolver?: Resolver;
  /** A dispatcher from createGuardedDispatcher, shared across calls to pool connections. */
  dispatcher?: Dispatcher;
  /** Which response bodies to read (default: all), by each hop's status, type and URL; others are discarded unread. */
  readBody?: (status: number, contentType: string | null, url: string) => boolean;
  /**
   * A body over maxBodyBytes, or one the deadline or the connection cut short after the headers,
   * comes back as far as it was read, with `bodyCut` saying why, instead of as an error.
   */
  keepPartialBody?: boolean;
  /**
   * An `Authorization` header for one origin only (`scheme://host[:port]`): sent on the hops to
   * that origin, never on a redirect that leaves it, so a site's credentials reach no other host.
   */
  credentials?: OriginCredentials;
  /** Asked before each redirect hop, with the absolute target (fragment dropped). */
  beforeRedirect?: (target: string, chain: readonly string[]) => RedirectDecision | Promise<RedirectDecision>;
}

export interface OriginCredentials {
  origin: string;
  authorization: string;
}

/** HTTP basic authentication (RFC 7617) for `origin`. */
export function basicCredentials(origin: string, username: string, password: string): OriginCredentials {
  return { origin, authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}` };
}

export interface GuardedResponse {
  /** The URL asked for (fragment dropped). */
  url: string;
  /** The last URL in `redirectChain`: where the fetch ended or stopped. */
  finalUrl: string;
  /** Status of the last response received; 0 when none arrived. */
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  body: Buffer | null;
  /** With keepPartialBody: why `body` is only the beginning of the response's (body_too_large, timeout, connection_failed). */
  bodyCut?: FetchError;
  /** Every hop in order, the requested URL first, plus a redirect target that was not followed. */
  redirectChain: string[];
  fetchedAt: string;
  durationMs: number;
  /** Time to first byte of the last hop, in ms; null when no response arrived. */
  ttfbMs: number | null;
  /** Each response received, in order: `hops[i]` answered `redirectChain[i]` (one hop when there was no redirect). */
  hops: HopSummary[];
  error?: FetchError;
}

/** One response of a fetch, without its body: what a record of the URL that gave it needs. */
export interface HopSummary {
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  fetchedAt: string;
  ttfbMs: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(url: string, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const ownDispatcher = options.dispatcher ? null : createGuardedDispatcher({ policy: options.policy, resolver: options.resolver, connectionsPerOrigin: 1 });
  try {
    return await fetchFollowing(url, options, options.dispatcher ?? ownDispatcher!);
  } finally {
    // Closing waits for nothing in flight: the fetch has finished by now.
    if (ownDispatcher) void ownDispatcher.close();
  }
}

async function fetchFollowing(url: string, options: GuardedFetchOptions, dispatcher: Dispatcher): Promise<GuardedResponse> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The caller's signal or the deadline, whichever comes first, ends the fetch.
  const linked = linkedSignal([options.signal]);
  const timer = setTimeout(() => linked.abort(new RequestTimeoutError(timeoutMs)), timeoutMs);
  try {
    return await followHops(url, options, dispatcher, started, linked.signal);
  } finally {
    clearTimeout(timer);
    linked.release();
  }
}

async function followHops(url: string, options: GuardedFetchOptions, dispatcher: Dispatcher, started: number, signal: AbortSignal): Promise<GuardedResponse> {
  let current: URL;
  try {
    current = withoutFragment(new URL(url));
  } catch {
    return failed(url, [url], started, fetchError('unsupported_scheme', `not a valid URL: ${url}`), []);
  }
  const chain: string[] = [current.href];
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body ?? null;
  let last: HopResponse;
  const hops: HopSummary[] = [];

  if (!isHttp(current)) return failed(chain[0]!, chain, started, fetchError('unsupported_scheme', `scheme ${current.protocol} is not fetched`), hops);

  for (;;) {
    try {
      last = await fetchHop({
        url: current,
        method,
        headers: requestHeaders(options, body, current),
        body,
        dispatcher,
        signal,
        maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
        readBody: options.readBody ?? (() => true),
        keepPartialBody: options.keepPartialBody === true,
      });
    } catch (err) {
      return failed(chain[0]!, chain, started, failure(err, signal), hops);
    }
    hops.push({ status: last.status, headers: last.headers, contentType: last.contentType, fetchedAt: last.headersAt.toISOString(), ttfbMs: last.ttfbMs });
    let bodyCut: FetchError | undefined;
    if (last.bodyError !== undefined) {
      // The caller's own abort is no partial answer: the fetch was given up.
      if (options.signal?.aborted) return failed(chain[0]!, chain, started, failure(last.bodyError, signal), hops);
      bodyCut = failure(last.bodyError, signal);
    }
    if (last.bodyTooLarge) {
      const tooLarge = fetchError('body_too_large', `body exceeds ${options.maxBodyBytes ?? 1024 * 1024} bytes`);
      if (options.keepPartialBody !== true) return finished(chain, hops, started, last, tooLarge);
      bodyCut = tooLarge;
    }
    const location = last.headers['location'];
    if (!REDIRECT_STATUSES.has(last.status) || location === undefined) return finished(chain, hops, started, last, undefined, bodyCut);

    let target: URL;
    try {
      target = withoutFragment(new URL(location, current));
    } catch {
      return finished(chain, hops, started, last, fetchError('unsupported_scheme', `invalid redirect target: ${location}`));
    }
    const maxRedirects = options.maxRedirects ?? 0;
    if (maxRedirects === 0) return finished(chain, hops, started, last);
    // Not even named as where the chain ended: no record may hold a URL longer than the bound.
    if (isUrlTooLong(target.href)) {
      return finished(
        chain,
        hops,
        started,
        last,
        fetchError('url_too_long', `redirect to a URL of ${target.href.length} characters, over the ${MAX_URL_LENGTH} a record may hold`),
      );
    }
    if (!isHttp(target)) {
      chain.push(target.href);
      return finished(chain, hops, started, last, fetchError('unsupported_scheme', `redirect to scheme ${target.protocol} is not followed`));
    }
    if (chain.includes(target.href)) {
      chain.push(target.href);
      return finished(chain, hops, started, last, fetchError('redirect_loop', `redirect loop back to ${target.href}`));
    }
    chain.push(target.href);
    if (chain.length - 1 > maxRedirects) {
      return finished(chain, hops, started, last, fetchError('too_many_redirects', `more than ${maxRedirects} redirects`));
    }
    const decision = options.beforeRedirect ? await options.beforeRedirect(target.href, chain.slice(0, -1)) : { follow: true as const };
    if (!decision.follow) return finished(chain, hops, started, last, decision.error);
    // 303, and 301/302 after a POST, turn into a GET without body (as browsers do).
    if (last.status === 303 || ((last.status === 301 || last.status === 302) && method === 'POST')) {
      method = 'GET';
      body = null;
    }
    current = target;
  }
}

/** Why a hop failed: the deadline when it was what aborted, else what the error says. */
function failure(err: unknown, signal: AbortSignal): FetchError {
  return signal.reason instanceof RequestTimeoutError ? fetchError('timeout', signal.reason.message) : toFetchError(err);
}

function requestHeaders(options: GuardedFetchOptions, body: string | Uint8Array | null, url: URL): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT, 'accept-encoding': 'identity' };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  if (options.credentials !== undefined && url.origin === options.credentials.origin) headers['authorization'] = options.credentials.authorization;
  if (body === null) delete headers['content-type'];
  return headers;
}

function isHttp(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

function withoutFragment(url: URL): URL {
  url.hash = '';
  return url;
}

function finished(chain: string[], hops: HopSummary[], started: number, last: HopResponse, error?: FetchError, bodyCut?: FetchError): GuardedResponse {
  return {
    url: chain[0]!,
    finalUrl: chain[chain.length - 1]!,
    status: last.status,
    headers: last.headers,
    contentType: last.contentType,
    body: error ? null : last.body,
    redirectChain: chain.length > 1 ? chain : [],
    fetchedAt: last.headersAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    ttfbMs: last.ttfbMs,
    hops,
    ...(error ? { error } : {}),
    ...(bodyCut ? { bodyCut } : {}),
  };
}

/** The last hop itself failed (no response arrived from it): status 0, as the contract says. */
function failed(url: string, chain: string[], started: number, error: FetchError, hops: HopSummary[]): GuardedResponse {
  return {
    url,
    finalUrl: chain[chain.length - 1] ?? url,
    status: 0,
    headers: {},
    contentType: null,
    body: null,
    redirectChain: chain.length > 1 ? chain : [],
    fetchedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
    ttfbMs: null,
    hops,
    error,
  };
}
