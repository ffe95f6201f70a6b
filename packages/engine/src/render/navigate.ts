// Loading one URL in a page and letting its scripts settle. The main frame's redirects come back
// from the route as `pendingRedirect` and are navigated to here, so that the page's URL (and so
// its base for relative links) is the redirect target, as in a browser left to itself.
import type { Page } from 'playwright-core';
import type { RenderTraffic } from './guarded-route.js';

export interface NavigateOptions {
  traffic: RenderTraffic;
  remainingMs: () => number;
  /** Longest wait for network idle after `load`; a page that polls forever still renders. */
  settleMs: number;
}

export class NavigationError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = 'NavigationError';
  }
}

const MAX_MAIN_REDIRECTS = 10;
const BACKSTOP_MS = 1_000;

export async function navigateAndSettle(page: Page, url: string, options: NavigateOptions): Promise<void> {
  const { traffic } = options;
  let target = url;
  for (let hops = 0; ; hops++) {
    resetTraffic(traffic);
    try {
      // The renderer's own deadline ends the render; Playwright's is only a backstop behind it.
      await page.goto(target, { waitUntil: 'load', timeout: options.remainingMs() + BACKSTOP_MS });
    } catch (err) {
      if (traffic.pendingRedirect === null) throw new NavigationError(traffic.mainFailure ?? firstLine(err), target);
    }
    if (traffic.pendingRedirect === null) {
      await page.waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(options.settleMs, options.remainingMs())) }).catch(() => undefined);
    }
    // Also set when a script navigated the page during the settling and that navigation redirected.
    const next: string | null = traffic.pendingRedirect;
    if (next === null) {
      const failure = navigationFailure(page, traffic);
      if (failure !== null) throw new NavigationError(failure, target);
      return;
    }
    if (hops >= MAX_MAIN_REDIRECTS) throw new NavigationError(`too_many_redirects: more than ${MAX_MAIN_REDIRECTS} redirects`, next);
    target = next;
  }
}

/**
 * Clears what the route reported of the last navigation. Done in a call rather than by two assignments
 * in the loop, so the checks after goto read what the route handlers set meanwhile instead of a narrowed `null`.
 */
function resetTraffic(traffic: RenderTraffic): void {
  traffic.pendingRedirect = null;
  traffic.mainFailure = null;
}

/**
 * Why the main frame is not showing the page, or null: a navigation after the load (a meta
 * refresh, a script's `location=`, a form submitted) that the guard refused or that failed
 * leaves Chromium on its error page, which must never be analysed as the page.
 */
export function navigationFailure(page: Page, traffic: RenderTraffic): string | null {
  if (traffic.mainFailure !== null) return traffic.mainFailure;
  if (page.url().startsWith('chrome-error:')) return 'the browser ended on its error page';
  return null;
}

/** page.content(), retried when a script navigation replaces the document under it. */
export async function serialise(page: Page, remainingMs: () => number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await page.content();
    } catch (err) {
      if (attempt >= 2 || !/navigat|context was destroyed/i.test(String(err))) throw err;
      await page.waitForLoadState('load', { timeout: remainingMs() + BACKSTOP_MS });
    }
  }
}

export function firstLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return (text.split('\n')[0] ?? text).replace(/^[a-zA-Z]+\.[a-zA-Z]+: /, '');
}
