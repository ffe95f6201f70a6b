// A crawler's fetch: guardedFetch, keeping and decoding the body only for HTML, shaped as the
// FetchedPage the analyser consumes.
import type { Dispatcher } from 'undici';
import type { FetchedPage } from '../types.js';
import { decodeBody } from './charset.js';
import { guardedFetch, type GuardedFetchOptions, type HopSummary } from './guarded-fetch.js';
import { isHtmlType } from './html-type.js';

export interface FetchPageOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  userAgent: string;
  signal?: AbortSignal;
  beforeRedirect?: GuardedFetchOptions['beforeRedirect'];
  credentials?: GuardedFetchOptions['credentials'];
  /** Whether to read the HTML body of the response at `url` (default: every one); a crawler skips hops recorded elsewhere. */
  wantsBody?: (url: string) => boolean;
}

/** A fetch as a crawler records it: the last response as a FetchedPage, and each response received. */
export interface FetchedHops {
  page: FetchedPage;
  /** `hops[i]` answered `page.redirectChain[i]` (the one hop of a fetch without redirects). */
  hops: HopSummary[];
}

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  return (await fetchPageHops(url, options)).page;
}

export async function fetchPageHops(url: string, options: FetchPageOptions): Promise<FetchedHops> {
  const wantsBody = options.wantsBody;
  const res = await guardedFetch(url, {
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    maxRedirects: options.maxRedirects,
    userAgent: options.userAgent,
    signal: options.signal,
    headers: { accept: ACCEPT },
    readBody: (_status, contentType, hop) => isHtmlType(contentType) && (wantsBody === undefined || wantsBody(hop)),
    beforeRedirect: options.beforeRedirect,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const page: FetchedPage = {
    url: res.url,
    finalUrl: res.finalUrl,
    status: res.status,
    contentType: res.contentType,
    headers: res.headers,
    body: res.body && isHtmlType(res.contentType) ? decodeBody(res.body, res.headers['content-type']) : null,
    redirectChain: res.redirectChain,
    fetchedAt: res.fetchedAt,
    durationMs: res.durationMs,
    ttfbMs: res.ttfbMs,
    bodyBytes: res.body && isHtmlType(res.contentType) ? res.body.byteLength : null,
    ...(res.error ? { error: res.error } : {}),
  };
  return { page, hops: res.hops };
}
