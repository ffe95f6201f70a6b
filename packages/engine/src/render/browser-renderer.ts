// The Chromium PageRenderer: a bounded pool of renders on one lazily launched browser, each in a
// fresh context whose every request goes through the SSRF guard (guarded-route.ts), each ended by
// its deadline, its caller's signal, a browser crash or close(), whichever comes first.
import type { BrowserContext, Page } from 'playwright-core';
import { validatePolicy, type SsrfPolicy } from '../net/address-policy.js';
import { createGuardedDispatcher } from '../net/dispatcher.js';
import type { Resolver } from '../net/resolver.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import { BrowserSupervisor, type BrowserLease } from './browser-supervisor.js';
import { guardContext, RenderTraffic } from './guarded-route.js';
import { LAUNCH_ARGS } from './launch-args.js';
import { firstLine, navigationFailure, NavigationError, navigateAndSettle, serialise } from './navigate.js';
import { createPool } from './pool.js';
import type { PageRenderer, RenderedPage } from './types.js';

export interface BrowserRendererOptions {
  /** Chromium to drive, e.g. Debian's `/usr/bin/chromium`; no browser is ever downloaded. */
  executablePath: string;
  /** Renders at once; the rest wait in order. Default 2. */
  poolSize?: number;
  /** Deadline of one render, from leaving the queue to the serialised DOM. Default 15,000 ms. */
  timeoutMs?: number;
  /** Longest wait for network idle once the page has loaded, within the deadline. Default 2,000 ms. */
  settleMs?: number;
  policy?: SsrfPolicy;
  resolver?: Resolver;
  /** Sent with every request and seen by scripts as navigator.userAgent. Default: the crawler's. */
  userAgent?: string;
  /** Cap on one response body. Default 5 MiB. */
  maxResponseBytes?: number;
  /** Cap on all response bodies of one render; later requests fail in the page. Default 25 MiB. */
  maxPageBytes?: number;
  /** Renders per browser before it is replaced, to bound the memory Chromium accumulates. Default 200. */
  relaunchAfter?: number;
}

/** Counters for tests and monitoring. */
export interface RendererStats {
  /** Browsers launched so far: 2 after the first relaunch or crash. */
  launches: number;
  /** Renders that left the queue, finished or not. */
  started: number;
  active: number;
  queued: number;
}

export interface BrowserRenderer extends PageRenderer {
  stats(): RendererStats;
}

const MiB = 1024 * 1024;

export function createBrowserRenderer(options: BrowserRendererOptions): BrowserRenderer {
  const policy = options.policy ?? {};
  validatePolicy(policy);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const settleMs = options.settleMs ?? 2_000;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const maxResponseBytes = options.maxResponseBytes ?? 5 * MiB;
  const maxPageBytes = options.maxPageBytes ?? 25 * MiB;
  const pool = createPool(positive('poolSize', options.poolSize ?? 2));
  // Chromium opens about six connections per host; pooling them across renders saves handshakes.
  const dispatcher = createGuardedDispatcher({ policy, resolver: options.resolver, connectionsPerOrigin: 6 });
  const supervisor = new BrowserSupervisor(
    // Playwright is loaded with the first launch: importing it costs a process about 70 MB, which
    // a worker that never renders (no BROWSER_EXECUTABLE, or no audit asking for it) never pays.
    async () =>
      (await import('playwright-core')).chromium.launch({
        executablePath: options.executablePath,
        args: [...LAUNCH_ARGS],
        timeout: 30_000,
        // A library must not take over the host process's signals (the server shuts down on its
        // own terms); Playwright still kills the browser when the process exits.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      }),
    positive('relaunchAfter', options.relaunchAfter ?? 200),
  );
  let started = 0;

  async function renderInSlot(url: string, signal: AbortSignal | undefined, answer: (page: RenderedPage) => void): Promise<void> {
    if (supervisor.isClosed) {
      answer(failed(url, 'renderer is closed', []));
      return;
    }
    started++;
    const startedAt = performance.now();
    const remainingMs = (): number => timeoutMs - (performance.now() - startedAt);
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(`timed out after ${timeoutMs} ms`), timeoutMs);
    const onCallerAbort = (): void => stop.abort('aborted');
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const traffic = new RenderTraffic();
    let target = url;
    // The caller hears of a stop at once; the work below then unwinds (its context closes under
    // it) while this render keeps its slot.
    stop.signal.addEventListener('abort', () => answer(failed(target, String(stop.signal.reason), traffic.blocked)), { once: true });
    let lease: BrowserLease | undefined;
    let context: BrowserContext | undefined;
    // Page calls fail as soon as the browser goes, which can be before Playwright reports the
    // disconnection: name the cause rather than the failed call.
    const stopReason = (): string | null => {
      if (stop.signal.aborted) return String(stop.signal.reason);
      if (supervisor.isClosed) return 'renderer is closed';
      if (lease && !lease.browser.isConnected()) return 'the browser crashed';
      return null;
    };
    try {
      lease = await supervisor.acquire();
      void lease.disconnected.then(() => stop.abort(supervisor.isClosed ? 'renderer is closed' : 'the browser crashed'));
      if (stop.signal.aborted) return;
      context = await lease.browser.newContext({ serviceWorkers: 'block', acceptDownloads: false, userAgent });
      const opened = context;
      stop.signal.addEventListener('abort', () => void opened.close().catch(() => undefined), { once: true });
      let page: Page | undefined;
      await guardContext(context, traffic, {
        dispatcher,
        userAgent,
        maxResponseBytes,
        maxPageBytes,
        signal: stop.signal,
        remainingMs,
        isMainFrameNavigation: (request) => page !== undefined && request.isNavigationRequest() && request.frame() === page.mainFrame(),
      });
      page = await context.newPage();
      // Popups are not the page being rendered; they would only hold memory until the end.
      context.on('page', (popup) => void popup.close().catch(() => undefined));
      await navigateAndSettle(page, url, { traffic, remainingMs, settleMs });
      // The same cap as a fetched page's body, measured in the page before its DOM crosses over.
      if ((await page.evaluate(() => document.documentElement.outerHTML.length)) > maxResponseBytes) throw tooLarge(maxResponseBytes, page.url());
      const html = await serialise(page, remainingMs);
      if (Buffer.byteLength(html) > maxResponseBytes) throw tooLarge(maxResponseBytes, page.url());
      // A navigation that failed after the load (a refresh, a script's location= or form.submit()
      // to a refused address) leaves the browser on its own error page: not the page.
      const failure = navigationFailure(page, traffic);
      if (failure !== null) throw new NavigationError(failure, page.url());
      answer({ finalUrl: page.url(), html, error: null, blockedRequests: [...traffic.blocked] });
    } catch (err) {
      if (err instanceof NavigationError) target = err.url;
      answer(failed(target, stopReason() ?? describe(err), traffic.blocked));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      // Ends fetches still running for scripts that never stop polling.
      stop.abort('finished');
      await context?.close().catch(() => undefined);
      lease?.release();
    }
  }

  return {
    render(url, renderOptions = {}) {
      const scheme = schemeOf(url);
      if (scheme !== 'http:' && scheme !== 'https:') {
        return Promise.resolve(failed(url, `unsupported_scheme: ${scheme ?? 'invalid URL'} is not rendered`, [url]));
      }
      return pool.submit<RenderedPage>((answer) => renderInSlot(url, renderOptions.signal, answer), {
        signal: renderOptions.signal,
        onAbort: () => failed(url, 'aborted', []),
        onCleared: () => failed(url, 'renderer is closed', []),
      });
    },
    async close() {
      pool.clear();
      await supervisor.close();
      await dispatcher.destroy();
    },
    stats: () => ({ launches: supervisor.launches, started, active: pool.active, queued: pool.queued }),
  };
}

function tooLarge(maxBytes: number, url: string): NavigationError {
  return new NavigationError(`body_too_large: the rendered DOM exceeds ${maxBytes} bytes`, url);
}

function failed(url: string, error: string, blocked: readonly string[]): RenderedPage {
  return { finalUrl: url, html: null, error, blockedRequests: [...blocked] };
}

function describe(err: unknown): string {
  if (err instanceof NavigationError) return `navigation failed: ${err.message}`;
  return firstLine(err);
}

function schemeOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}
