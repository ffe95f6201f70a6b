// What the audit runner takes and streams. The server's job worker consumes these events, stores
// each page as it arrives, and writes progress while running.
import type { CrawlLimits, StopReason } from '../crawl/types.js';
import type { SsrfPolicy } from '../net/address-policy.js';
import type { Resolver } from '../net/resolver.js';
import type { LlmsTxtFindings, RobotsFindings, SitemapFindings } from '../site/index.js';
import type { PageAnalysis, PageIssue } from '../types.js';

export interface AuditOptions {
  seedUrl: string;
  /** The project's domain, e.g. `www.example.com`; the crawl covers its registrable domain and subdomains. */
  primaryDomain: string;
  maxPages: number;
  limits?: Partial<CrawlLimits>;
  policy?: SsrfPolicy;
  signal?: AbortSignal;
  userAgent?: string;
  /** Name resolution override (tests, benchmarks). */
  resolver?: Resolver;
}

/** Site-level findings, once per audit. */
export interface SiteFindings {
  /** robots.txt of the primary host. */
  robots: RobotsFindings;
  /** Sitemaps the crawl read (`/sitemap.xml` and those robots.txt names). */
  sitemaps: SitemapFindings;
  /** `/llms.txt` of the primary host. */
  llmsTxt: LlmsTxtFindings;
}

/**
 * What the audit is doing: `crawling` (fetching and analysing pages), `rendering` (the crawl of an
 * audit that renders JavaScript: each page is fetched raw, then rendered), `external_links`
 * (checking external link targets, when asked), `site_checks` (the checks that compare pages).
 * The server adds `finalising` while it stores the results.
 */
export type AuditPhase = 'crawling' | 'rendering' | 'external_links' | 'site_checks';

/**
 * Site-wide results for one recorded page, once the crawl is over: its click depth from the seed
 * (null when no chain of followed links reaches it), the crawled pages that link to it, and the
 * issues that only the whole site shows (duplicates, orphans, sitemap entries, links to redirects...).
 */
export interface SitePageResult {
  url: string;
  depth: number | null;
  inlinks: number;
  issues: PageIssue[];
}

export type AuditEvent =
  | { type: 'page'; analysis: PageAnalysis }
  | { type: 'progress'; pagesCrawled: number; pagesRecorded: number; pagesQueued: number; maxPages: number }
  | { type: 'phase'; phase: AuditPhase }
  /** After the crawl, one per recorded page (every `page` event's url), in no particular order. */
  | { type: 'site-page'; result: SitePageResult }
  | { type: 'site'; findings: SiteFindings }
  | { type: 'done'; stopReason: StopReason; pagesCrawled: number; pagesRecorded: number };
