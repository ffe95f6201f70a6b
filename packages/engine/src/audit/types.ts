// What the audit runner takes and streams. The server's job worker consumes these events, stores
// each page as it arrives, and writes progress while running.
import type { CrawlLimits, StopReason } from '../crawl/types.js';
import type { SsrfPolicy } from '../net/address-policy.js';
import type { Resolver } from '../net/resolver.js';
import type { LlmsTxtFindings, RobotsFindings, SitemapFindings } from '../site/index.js';
import type { PageAnalysis } from '../types.js';

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

export type AuditEvent =
  | { type: 'page'; analysis: PageAnalysis }
  | { type: 'progress'; pagesCrawled: number; pagesRecorded: number; pagesQueued: number; maxPages: number }
  | { type: 'site'; findings: SiteFindings }
  | { type: 'done'; stopReason: StopReason; pagesCrawled: number; pagesRecorded: number };
