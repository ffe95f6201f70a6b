// An audit = the crawl, with the analyser as its page processor, plus the site-level findings.
// robots.txt is fetched once per origin (the crawler's cache, parsed by the analysis side's
// parser) and the same rules go into each page's SiteContext. Pages stream out as they are
// analysed; the HTML body is dropped once analysed, so memory stays bounded.
import { analysePage } from '../analyse/index.js';
import { crawl, resolveLimits } from '../crawl/crawler.js';
import { extractLinks } from '../crawl/links.js';
import { normalizeUrl, originOf } from '../crawl/normalize-url.js';
import { RobotsCache } from '../crawl/robots.js';
import { siteScope } from '../crawl/scope.js';
import { createGuardedDispatcher } from '../net/dispatcher.js';
import { guardedFetch } from '../net/guarded-fetch.js';
import { DEFAULT_USER_AGENT } from '../net/user-agent.js';
import { ISSUE_CODES } from '../score/issues.js';
import { parseRobots } from '../site/index.js';
import type { FetchedPage, PageAnalysis, SiteContext } from '../types.js';
import { fetchLlmsTxt, siteFindings, SitemapFindingsAccumulator } from './site-findings.js';
import type { AuditEvent, AuditOptions } from './types.js';

const ROBOTS_MAX_BYTES = 512 * 1024;

export async function* runAudit(options: AuditOptions): AsyncGenerator<AuditEvent, void, undefined> {
  const seed = normalizeUrl(options.seedUrl);
  if (seed === null) throw new TypeError(`seed URL must be an absolute http(s) URL: ${options.seedUrl}`);
  const limits = resolveLimits(options.maxPages, options.limits);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const scope = siteScope(options.primaryDomain, seed);
  const host = new URL(options.primaryDomain.includes('://') ? options.primaryDomain : `http://${options.primaryDomain}`).hostname;
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const dispatcher = createGuardedDispatcher({
    policy: options.policy,
    resolver: options.resolver,
    connectionsPerOrigin: limits.perHostConcurrency,
    connectTimeoutMs: limits.requestTimeoutMs,
  });
  const robots = new RobotsCache({
    userAgent,
    parse: parseRobots,
    fetch: (url) =>
      guardedFetch(url, { dispatcher, signal, userAgent, timeoutMs: limits.requestTimeoutMs, maxBodyBytes: ROBOTS_MAX_BYTES, maxRedirects: 5 }),
  });
  const sitemaps = new SitemapFindingsAccumulator();
  const seedOrigin = originOf(seed);
  // llms.txt does not depend on the crawl: fetch it alongside.
  const llmsTxt = fetchLlmsTxt(seedOrigin, { dispatcher, scope, userAgent, timeoutMs: limits.requestTimeoutMs, maxRedirects: limits.maxRedirects, signal });

  const siteContext = (page: FetchedPage): SiteContext => {
    // The rules of the origin that answered; the crawler has loaded them before following there.
    const file = robots.peek(originOf(page.finalUrl)) ?? robots.peek(originOf(page.url));
    return { host, siteDomain: scope.domain, robots: file?.rules ?? null };
  };

  try {
    for await (const event of crawl<PageAnalysis>({
      seedUrl: seed,
      primaryDomain: options.primaryDomain,
      maxPages: options.maxPages,
      limits,
      userAgent,
      signal,
      dispatcher,
      robots,
      onSitemap: (url, text) => sitemaps.add(url, text),
      process: (page) => analyse(page, siteContext(page)),
    })) {
      if (event.type === 'page') {
        yield { type: 'page', analysis: event.result };
      } else if (event.type === 'progress') {
        yield event;
      } else {
        const findings = siteFindings(robots.peek(seedOrigin), `${seedOrigin}/robots.txt`, sitemaps.result(), await llmsTxt);
        yield { type: 'site', findings };
        yield event;
      }
    }
  } finally {
    stop.abort();
    await dispatcher.destroy().catch(() => undefined);
  }
}

/**
 * Analyses one page; discovery follows the analyser's internal links. Should the analyser throw
 * on some unforeseen page, the audit goes on: the page is recorded as not analysable (score 0,
 * with an issue saying why) and its links come from the crawler's own extractor.
 */
function analyse(page: FetchedPage, site: SiteContext): { result: PageAnalysis; links: string[] } {
  try {
    const analysis = analysePage(page, site);
    return { result: analysis, links: analysis.links.filter((l) => l.internal).map((l) => l.href) };
  } catch (err) {
    // Scored as a page without a body, but the fetch did not fail: say what did.
    const analysis = analysePage({ ...page, body: null }, site);
    analysis.issues = [
      ...analysis.issues.filter((i) => i.code !== 'fetch_failed'),
      { code: 'analysis_failed', severity: ISSUE_CODES.analysis_failed, message: `The page could not be analysed: ${String(err)}` },
    ];
    return { result: analysis, links: page.body ? extractLinks(page.body, page.finalUrl) : [] };
  }
}
