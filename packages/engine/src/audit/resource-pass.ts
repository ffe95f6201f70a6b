// The audit's resource check (site-checks/resources.ts) with what the site asks of the audit's
// crawler on top of the shared pass's politeness: the crawl's rate limit (the API's
// requestsPerSecond, "to the site, all of its hosts together") on the site's own URLs, robots.txt
// where the audit read it (the site's origins; a resource it disallows is not requested and counts
// as not checked), and a staging site's credentials, sent to its origin alone.
import type { StringTable } from '../compact/spilled-strings.js';
import { originOf } from '../crawl/normalise-url.js';
import type { RobotsCache } from '../crawl/robots.js';
import type { CrawlScope } from '../crawl/scope.js';
import type { OriginCredentials } from '../net/guarded-fetch.js';
import { checkResources, type ResourceReport } from '../site-checks/resources.js';
import type { Dispatcher } from 'undici';
import { pacer } from './pacer.js';

export interface ResourcePassOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  signal: AbortSignal;
  scope: CrawlScope;
  robots: RobotsCache;
  /** Ms between the starts of two requests to the site (CrawlLimits.requestIntervalMs); 0: no rate. */
  requestIntervalMs: number;
  credentials?: OriginCredentials;
}

export function checkPageResources(targets: StringTable, options: ResourcePassOptions): Promise<ResourceReport> {
  const { robots, scope } = options;
  const turn = options.requestIntervalMs > 0 ? pacer(options.requestIntervalMs, options.signal) : null;
  return checkResources(targets, {
    dispatcher: options.dispatcher,
    userAgent: options.userAgent,
    signal: options.signal,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    skip: (url) => {
      const origin = originOf(url);
      return robots.peek(origin) !== undefined && !robots.allows(url, origin);
    },
    ...(turn ? { beforeRequest: (url: string) => (scope.contains(url) ? turn() : Promise.resolve()) } : {}),
  });
}
