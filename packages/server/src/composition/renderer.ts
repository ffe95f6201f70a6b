// The browser audits render JavaScript with, one per worker process (the API process in the
// embedded mode), built from BROWSER_EXECUTABLE. Chromium itself starts on the first render, so a
// server that never renders never starts it. Its requests pass the crawler's address rules.
import { createBrowserRenderer, type PageRenderer, type Resolver } from '@seo-geo/engine';
import type { Config } from '../config/environment.js';

export function rendererFor(config: Config, resolver?: Resolver): PageRenderer | undefined {
  if (config.rendering === null) return undefined;
  return createBrowserRenderer({
    executablePath: config.rendering.executablePath,
    poolSize: config.rendering.poolSize,
    timeoutMs: config.rendering.timeoutMs,
    policy: { allowCidrs: config.allowedFetchCidrs },
    ...(resolver ? { resolver } : {}),
  });
}
