// What the audit runner takes and streams. The server's job worker consumes these events, stores
// each page as it arrives, and writes progress while running.
import type { CrawlLimits, SharedFrontier, StopReason } from '../crawl/types.js';
import type { SsrfPolicy } from '../net/address-policy.js';
import type { OriginCredentials } from '../net/guarded-fetch.js';
import type { PathFilter } from '../crawl/path-patterns.js';
import type { Resolver } from '../net/resolver.js';
import type { PageAnalyser } from '../page/page-analyser.js';
import type { PageRenderer } from '../render/types.js';
import type { BrokenResource } from '../site-checks/broken-resources.js';
import type { ExternalLinkFindings } from '../site-checks/external-links.js';
import type { NearDuplicateFindings } from '../site-checks/near-duplicates.js';
import type { ResourceFindings } from '../site-checks/resources.js';
import type { SitePageResult } from '../site-checks/run-site-checks.js';
import type { SiteRecord } from '../site-checks/site-record.js';
import type { LlmsTxtFindings, RobotsFindings, SitemapFindings } from '../site/index.js';
import type { PageAnalysis } from '../page/analysis.js';

// The site checks define what they find per page; the audit streams it as is.
export type { SitePageResult };

export interface AuditOptions {
  seedUrl: string;
  /** The project's domain, e.g. `www.example.com`; the crawl covers its registrable domain and subdomains. */
  primaryDomain: string;
  maxPages: number;
  limits?: Partial<CrawlLimits>;
  policy?: SsrfPolicy;
  signal?: AbortSignal;
  /**
   * Once aborted, the crawl stops as on `signal` but first records the pages in flight (CrawlOptions.drain),
   * and what follows the crawl (external links, site checks) does not run: a pause.
   */
  drain?: AbortSignal;
  userAgent?: string;
  /** Name resolution override (tests, benchmarks). */
  resolver?: Resolver;
  /**
   * After the crawl, request every distinct external link target of the scored pages (at most
   * 5,000) through the crawl's guarded dispatcher, and report the broken ones.
   */
  checkExternalLinks?: boolean;
  /**
   * After the crawl (and the external link check), request every distinct URL the scored pages
   * load (PageAnalysis.resources: images, scripts, stylesheets...; at most 5,000) by the same pass,
   * within the crawl's rate limit and robots.txt on the site, and report the broken ones on every
   * page that loads them (`broken_resource`) and once each (the `broken-resources` event).
   */
  checkResources?: boolean;
  /**
   * Render each scored page in a browser as well and compare (see audit/rendering.ts). The caller
   * owns the renderer: the audit never closes it.
   */
  renderer?: PageRenderer;
  /**
   * Where pages are analysed; default: on the calling thread. A server passes an analysis pool
   * (createAnalysisPool) so its event loop keeps answering. The caller owns it: the audit never
   * closes it.
   */
  analyser?: PageAnalyser;
  /** The crawl's include and exclude patterns (CrawlOptions.pathFilter). */
  pathFilter?: PathFilter;
  /** List mode: only these URLs are audited (CrawlOptions.urls). */
  urls?: readonly string[];
  /** A staging site's credentials, for its seed origin only: pages, robots.txt, sitemaps, llms.txt. */
  credentials?: OriginCredentials;
  /**
   * Also crawl the URLs pages name in `<link rel="alternate" hreflang>` (head or Link header) and
   * as their canonical, when they are on the site, so that the hreflang and canonical checks can
   * judge them; default true.
   */
  crawlHreflangAndCanonical?: boolean;
  /** One audit crawled by several workers, each running runAudit on the same shared frontier. */
  shared?: SharedAudit;
  /** Continue an audit that was stopped (one worker, not shared): see AuditResume. */
  resume?: AuditResume;
  /**
   * Bytes of memory the site checks' columns and arrays may take (default 16 MB); beyond it they
   * page to a scratch file, so the memory an audit holds does not grow with the site.
   */
  siteChecksMemoryBytes?: number;
}

/**
 * The lead (the audit's own job) discovers the site (robots.txt, sitemaps, llms.txt), crawls, and
 * once every crawler is done runs the site checks over the records all of them stored; a helper
 * only crawls. Each page event then carries its `siteRecord`, for the caller to store.
 */
export interface SharedAudit {
  frontier: SharedFrontier;
  lead: boolean;
  /**
   * Lead, once its crawl is over: waits until every URL any crawler took is fetched and stored
   * (true), or until some go back to the queue because their worker died (false: crawl again).
   * True as well once `signal` is aborted.
   */
  settled(signal: AbortSignal): Promise<boolean>;
  /** Lead: every stored record, in crawl order. */
  records(): AsyncIterable<SiteRecord>;
  /** Lead: the page URLs the sitemaps list. */
  listed(): AsyncIterable<string>;
}

/**
 * Where a stopped audit continues from: its `site-records` event's records, and what its `done`
 * event said was unfinished. Its records are indexed for the site checks and their
 * URLs never fetched again; its unfinished URLs are crawled first; its counts go on.
 */
export interface AuditResume {
  /** The site records of the pages it recorded, in crawl order, in batches. */
  records: AsyncIterable<readonly SiteRecord[]>;
  /** The URLs it had still to fetch, oldest first, in batches. */
  unfinished: AsyncIterable<readonly string[]>;
  /** Its HTML pages and other records, counted against `maxPages` and the other records' cap. */
  htmlPages: number;
  otherRecords: number;
}

/** Site-level findings, once per audit. */
export interface SiteFindings {
  /** robots.txt of the primary host. */
  robots: RobotsFindings;
  /** Sitemaps the crawl read (`/sitemap.xml` and those robots.txt names). */
  sitemaps: SitemapFindings;
  /** `/llms.txt` of the primary host. */
  llmsTxt: LlmsTxtFindings;
  /** Near-duplicate content clusters; null when the site checks did not run (the audit was cancelled). */
  nearDuplicates: NearDuplicateFindings | null;
  /** What the external link check found (so far, if the caller aborted during it); null when not asked for or not reached. */
  externalLinks: ExternalLinkFindings | null;
  /** What the resource check found, the same way. */
  resources: ResourceFindings | null;
}

/**
 * What the audit is doing: `crawling` (fetching and analysing pages), `rendering` (the crawl of an
 * audit that renders JavaScript: each page is fetched raw, then rendered), `external_links`
 * (checking external link targets, when asked), `resources` (checking what pages load, when
 * asked), `site_checks` (the checks that compare pages). The server adds `finalising` while it
 * stores the results.
 */
export type AuditPhase = 'crawling' | 'rendering' | 'external_links' | 'resources' | 'site_checks';

export type AuditEvent =
  /**
   * `siteRecord`, in a shared audit: what the site checks need of the page, which it stores with
   * the page for the lead's checks. Null on one worker, whose records stay in its own index.
   */
  | { type: 'page'; analysis: PageAnalysis; siteRecord: SiteRecord | null }
  /**
   * One worker, once a crawl that stopped early (drained, or stopped by its signal) has recorded
   * what it had in flight: the site record of every page it recorded, resumed ones included, in
   * crawl order, read out of its site index (SiteIndex.records). A caller that pauses the audit
   * saves them to resume from (AuditResume.records); they can be read until the next event is
   * pulled.
   */
  | { type: 'site-records'; records: Iterable<SiteRecord> }
  | { type: 'progress'; pagesCrawled: number; pagesRecorded: number; pagesQueued: number; maxPages: number }
  | { type: 'phase'; phase: AuditPhase }
  /** Shared audits, to the lead's consumer: store every page received so far, now (the lead then waits for all of them). */
  | { type: 'store' }
  /**
   * After the crawl, one per recorded page (every `page` event's url), in no particular order;
   * none when the audit's signal was aborted (the site checks do not run then).
   */
  | { type: 'site-page'; result: SitePageResult }
  /**
   * After the site-page events of an audit that checked resources: the distinct broken resources,
   * each with the pages loading it, most used first (at most the check's cap).
   */
  | { type: 'broken-resources'; resources: BrokenResource[] }
  | { type: 'site'; findings: SiteFindings }
  /** `unfinished`: an audit stopped by its signal (one worker): the URLs it had still to fetch, for AuditResume. */
  | { type: 'done'; stopReason: StopReason; pagesCrawled: number; pagesRecorded: number; unfinished?: string[] };
