// Opens a page in headless Chromium with the network cut off: every request that
// is not to a file:, 127.0.0.1 or an in-page (data:/blob:) URL is aborted and recorded.

import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
}

/** data: and blob: URLs are resolved inside the page (Redoc's search worker is a blob:), never on the network. */
export function staysOnMachine(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'file:' || protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1';
}

export interface RenderedPage {
  /** `data-redoc` on <body>: "ready" or "error". */
  status: string | null;
  /** The visible text of the rendered page. */
  text: string;
  /** Requests that tried to leave the machine (all were aborted). */
  blocked: string[];
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
  /** Evaluates an expression in the page, for extra checks while it is open. */
  evaluate: <T>(expression: string) => Promise<T>;
  /** The page itself, to click and read what Redoc rendered. */
  page: Page;
  close: () => Promise<void>;
}

export async function renderOffline(browser: Browser, url: string, timeoutMs = 20_000): Promise<RenderedPage> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const blocked: string[] = [];
  const errors: string[] = [];
  // Context-level so workers and popups of the page are covered too.
  await context.route('**/*', async (route) => {
    const requestUrl = route.request().url();
    if (staysOnMachine(requestUrl)) return route.continue();
    blocked.push(requestUrl);
    return route.abort('blockedbyclient');
  });
  // Belt and braces: anything the router did not see still shows up here.
  context.on('request', (request) => {
    if (!staysOnMachine(request.url()) && !blocked.includes(request.url())) blocked.push(request.url());
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'load' });
  // Polls until Redoc's init callback marks the body, or fails at the deadline.
  await page.waitForSelector('body[data-redoc]', { state: 'attached', timeout: timeoutMs });
  return {
    status: await page.getAttribute('body', 'data-redoc'),
    text: await page.innerText('body'),
    blocked,
    errors,
    evaluate: (expression) => page.evaluate(expression),
    page,
    close: () => context.close(),
  };
}
