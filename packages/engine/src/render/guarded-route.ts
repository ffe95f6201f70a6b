// The browser's only way out: every http(s) request of a render's context is answered by us, with
// guardedFetch on the renderer's guarded dispatcher, so the address is checked when our socket
// connects and no DNS rebinding can slip in between a check and Chromium's own connect.
import type { BrowserContext, Request, Route } from 'playwright-core';
import type { Dispatcher } from 'undici';
import { guardedFetch, type GuardedResponse } from '../net/guarded-fetch.js';
import type { FetchErrorCode } from '../types.js';

/** What one render's requests did; read by the renderer for its result. */
export class RenderTraffic {
  static readonly MAX_BLOCKED = 20;
  readonly blocked: string[] = [];
  /** Body bytes handed to the browser so far, against the page budget. */
  bytes = 0;
  /** A redirect of the main frame's navigation, for the renderer to navigate to (see below). */
  pendingRedirect: string | null = null;
  /** Why the main frame's last navigation request was refused, in the guard's words. */
  mainFailure: string | null = null;

  block(url: string): void {
    if (this.blocked.length < RenderTraffic.MAX_BLOCKED && !this.blocked.includes(url)) this.blocked.push(url);
  }
}

export interface GuardOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  maxResponseBytes: number;
  maxPageBytes: number;
  /** Aborts every fetch still running when the render ends, whichever way. */
  signal: AbortSignal;
  remainingMs: () => number;
  isMainFrameNavigation: (request: Request) => boolean;
}

/** Hops followed for requests other than the main frame's navigation (see `answer`). */
const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Hop-by-hop headers, and those that describe the browser's wire format rather than the request:
// undici refuses some outright, and the browser's Accept-Encoding would get us compressed bodies
// that guardedFetch does not decode.
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'content-length',
  'accept-encoding',
  'proxy-authorization',
  'proxy-connection',
]);
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

const LOCAL_RESOURCE_REFUSED = /^Not allowed to load local resource: (\S+)/;

const ABORT_REASONS: Partial<Record<FetchErrorCode, string>> = {
  blocked_address: 'blockedbyclient',
  unsupported_scheme: 'blockedbyclient',
  dns_failure: 'namenotresolved',
  timeout: 'timedout',
  connection_failed: 'connectionfailed',
};

export async function guardContext(context: BrowserContext, traffic: RenderTraffic, options: GuardOptions): Promise<void> {
  await context.route('**/*', (route) => answer(route, traffic, options).catch(() => undefined));
  // routeWebSocket replaces the page's WebSocket with Playwright's stand-in, which opens no
  // connection unless connectToServer() is called; closing it refuses the socket before the
  // page sees it open. Workers keep the real WebSocket, which cannot connect either: the launch
  // flags leave Chromium no name resolution (launch-args.ts).
  // Chromium refuses file: and chrome: loads by a web page before any route sees them; its
  // console message is the only trace, kept so that the caller learns what the page tried. (A
  // page can print the same text; that only adds a line to a list it could fill anyway.)
  context.on('console', (message) => {
    const refused = LOCAL_RESOURCE_REFUSED.exec(message.text());
    if (refused) traffic.block(refused[1]!);
  });
  await context.routeWebSocket(
    () => true,
    (ws) => {
      traffic.block(ws.url());
      void ws.close({ code: 1008, reason: 'WebSockets are not allowed while rendering' }).catch(() => undefined);
    },
  );
}

async function answer(route: Route, traffic: RenderTraffic, options: GuardOptions): Promise<void> {
  const request = route.request();
  const url = request.url();
  const scheme = schemeOf(url);
  // Resolved inside the page, never on the network.
  if (scheme === 'data:' || scheme === 'blob:') return route.continue();
  const mainNavigation = safely(() => options.isMainFrameNavigation(request), false);
  if (scheme !== 'http:' && scheme !== 'https:') {
    traffic.block(url);
    if (mainNavigation) traffic.mainFailure = `unsupported_scheme: ${scheme ?? 'invalid URL'} is not fetched`;
    return route.abort('blockedbyclient');
  }
  const budget = options.maxPageBytes - traffic.bytes;
  if (budget <= 0) return route.abort('failed');

  const response = await guardedFetch(url, {
    method: request.method(),
    headers: forwardedHeaders(await request.allHeaders()),
    body: request.postDataBuffer(),
    // Playwright routes only the first request of a redirect chain and lets Chromium fetch the
    // hops itself, which the launch flags make fail. So hops are followed here, each one through
    // the guard, except for the main frame's navigation: its URL must become the page's URL,
    // which only a new navigation by the renderer achieves.
    maxRedirects: mainNavigation ? 0 : MAX_REDIRECTS,
    maxBodyBytes: Math.min(options.maxResponseBytes, budget),
    // `signal` ends the fetch at the render's deadline; this is a backstop behind it, late
    // enough that the render reports its own deadline rather than this fetch's.
    timeoutMs: Math.max(0, options.remainingMs()) + 1_000,
    userAgent: options.userAgent,
    dispatcher: options.dispatcher,
    signal: options.signal,
  });

  if (response.error) {
    const { code, message } = response.error;
    if (code === 'blocked_address' || code === 'unsupported_scheme') traffic.block(response.finalUrl);
    if (mainNavigation) traffic.mainFailure = `${code}: ${message}`;
    return route.abort(ABORT_REASONS[code] ?? 'failed');
  }
  if (mainNavigation && REDIRECT_STATUSES.has(response.status) && response.headers['location'] !== undefined) {
    return redirectMainFrame(route, traffic, response);
  }
  const body = response.body ?? Buffer.alloc(0);
  traffic.bytes += body.byteLength;
  return route.fulfill({ status: response.status, headers: fulfilledHeaders(response.headers), body });
}

function redirectMainFrame(route: Route, traffic: RenderTraffic, response: GuardedResponse): Promise<void> {
  const location = response.headers['location']!;
  let target: string | null = null;
  try {
    target = new URL(location, response.url).href;
  } catch {
    // Reported below as a refused navigation.
  }
  const scheme = target === null ? null : schemeOf(target);
  if (target === null || (scheme !== 'http:' && scheme !== 'https:')) {
    traffic.block(target ?? location);
    traffic.mainFailure = `unsupported_scheme: redirect to ${target ?? location} is not followed`;
    return route.abort('blockedbyclient');
  }
  traffic.pendingRedirect = target;
  // ERR_ABORTED cancels the navigation quietly: no error page, the renderer navigates anew.
  return route.abort('aborted');
}

function forwardedHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // HTTP/2 pseudo-headers (":authority") show up for requests Chromium would have sent over h2.
    if (lower.startsWith(':') || DROPPED_REQUEST_HEADERS.has(lower)) continue;
    out[lower] = value;
  }
  return out;
}

function fulfilledHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

function schemeOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
