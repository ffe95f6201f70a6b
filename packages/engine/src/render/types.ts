// What the audit runner asks of a browser: render one URL and hand back the DOM as HTML. The
// Chromium implementation (browser-renderer.ts) sends every request the page makes through the
// SSRF guard; tests use a fake that returns canned HTML.

export interface RenderedPage {
  /** The URL the browser ended on (after redirects and script navigations). */
  finalUrl: string;
  /** `document.documentElement.outerHTML` after the page settled, with a doctype; null on failure. */
  html: string | null;
  /** Why rendering failed (timeout, a crash, a refused navigation); null when it worked. */
  error: string | null;
  /** Requests the page made that the guard refused (private addresses, other schemes), at most 20. */
  blockedRequests: string[];
}

export interface PageRenderer {
  /** Renders `url` in a fresh browser context; never throws for a page's own faults (see `error`). */
  render(url: string, options?: { signal?: AbortSignal }): Promise<RenderedPage>;
  /** Closes the browser; pending renders fail. */
  close(): Promise<void>;
}
