// A crawler's fetch: guardedFetch, keeping and decoding the body only for HTML, shaped as the
// FetchedPage the analyser consumes.
import type { Dispatcher } from 'undici';
import type { FetchedPage } from '../types.js';
import { decodeBody } from './charset.js';
import { guardedFetch, type GuardedFetchOptions } from './guarded-fetch.js';
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
}

const ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  const res = await guardedFetch(url, {
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes,
    maxRedirects: options.maxRedirects,
    userAgent: options.userAgent,
    signal: options.signal,
    headers: { accept: ACCEPT },
    readBody: (_status, contentType) => isHtmlType(contentType),
    beforeRedirect: options.beforeRedirect,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  return {
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
}
