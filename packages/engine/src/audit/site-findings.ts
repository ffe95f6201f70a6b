// The audit's site-level findings: robots.txt (already fetched by the crawl), the sitemaps the
// crawl read, /llms.txt (fetched once here), and what the site checks found site-wide.
import type { Dispatcher } from 'undici';
import type { RobotsFile } from '../crawl/robots.js';
import type { CrawlScope } from '../crawl/scope.js';
import { guardedFetch, type OriginCredentials } from '../net/guarded-fetch.js';
import type { ExternalLinkFindings } from '../site-checks/external-links.js';
import type { NearDuplicateFindings } from '../site-checks/near-duplicates.js';
import type { ResourceFindings } from '../site-checks/resources.js';
import { llmsTxtFindings, robotsFindings, type SitemapFindings } from '../site/index.js';
import type { SiteFindings } from './types.js';

const LLMS_TXT_MAX_BYTES = 1024 * 1024;

export interface LlmsTxtFetch {
  dispatcher: Dispatcher;
  scope: CrawlScope;
  userAgent: string;
  timeoutMs: number;
  maxRedirects: number;
  signal: AbortSignal;
  credentials?: OriginCredentials;
}

/** The text of `<origin>/llms.txt`, or null when the site has none (or it cannot be fetched). */
export async function fetchLlmsTxt(origin: string, options: LlmsTxtFetch): Promise<string | null> {
  const res = await guardedFetch(`${origin}/llms.txt`, {
    dispatcher: options.dispatcher,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    maxRedirects: options.maxRedirects,
    maxBodyBytes: LLMS_TXT_MAX_BYTES,
    signal: options.signal,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    headers: { accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1' },
    beforeRedirect: (target) => ({ follow: options.scope.contains(target) }),
  });
  if (res.error || res.status < 200 || res.status >= 300 || res.body === null) return null;
  return new TextDecoder('utf-8').decode(res.body);
}

export interface SiteCheckFindings {
  nearDuplicates: NearDuplicateFindings | null;
  externalLinks: ExternalLinkFindings | null;
  resources: ResourceFindings | null;
}

export function siteFindings(
  robots: RobotsFile | undefined,
  robotsUrl: string,
  sitemaps: SitemapFindings,
  llmsTxt: string | null,
  checks: SiteCheckFindings = { nearDuplicates: null, externalLinks: null, resources: null },
): SiteFindings {
  return {
    robots: robotsFindings(robots, robotsUrl),
    sitemaps,
    llmsTxt: llmsTxtFindings(llmsTxt),
    nearDuplicates: checks.nearDuplicates,
    externalLinks: checks.externalLinks,
    resources: checks.resources,
  };
}
