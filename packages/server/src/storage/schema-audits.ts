import type { components } from '@seo-geo/types';
import type { Generated } from 'kysely';
import type { PageColumnsTable } from './audit-page-columns.js';

// Row types of the audit work: audit runs and their pages, report snapshots, briefs and drafts.
// Same portability rules as schema.ts (text ids and timestamps, integer booleans, JSON as text);
// text columns holding one of the contract's values are typed as that value.

type Schemas = components['schemas'];

export type AuditRunStatus = Schemas['AuditStatus'];
/** What a running audit is doing (the contract's AuditPhase). */
export type AuditPhase = NonNullable<Schemas['AuditPhase']>;
export type AuditStopReason = NonNullable<Schemas['AuditRun']['stopReason']>;
export type AuditErrorCode = Schemas['AuditError']['code'];
export type AuditPauseReason = NonNullable<Schemas['AuditRun']['pauseReason']>;

export interface AuditRunsTable {
  id: string;
  project_id: string;
  account_id: string;
  status: AuditRunStatus;
  seed_url: string;
  max_pages: number;
  job_id: string;
  pages_crawled: number;
  pages_queued: number;
  /** Records stored so far (the API's pagesRecorded); 0 on runs stored before 1.9. */
  pages_recorded: Generated<number>;
  /** JSON of the summary; null until the run is final (and on runs cancelled before they started). */
  summary: string | null;
  stop_reason: AuditStopReason | null;
  error_code: AuditErrorCode | null;
  error_message: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** 1 once the pages carry their ranks (the run is final and its pages will not change). */
  pages_ranked: Generated<number>;
  /** 1 when the audit renders JavaScript. */
  render_javascript: Generated<number>;
  /** 1 when the audit checks external links. */
  check_external_links: Generated<number>;
  /** 1 when the audit checks the resources its pages load; 0 on runs stored before 1.10. */
  check_resources: Generated<number>;
  crawl_hreflang_and_canonical: Generated<number>;
  /** What the running audit is doing (the API's AuditPhase); null before it starts. */
  phase: Generated<AuditPhase | null>;
  /** JSON of the crawl settings (the API's AuditCrawl); null on runs stored before them: the defaults. */
  crawl_settings: Generated<string | null>;
  /** The basic authentication password, sealed (storage/secret-box); null without one. */
  crawl_password: Generated<string | null>;
  /** JSON of the crawl safeguard (the API's AuditSafeguard); null when turned off; the default on runs stored before 1.10. */
  safeguard: Generated<string | null>;
  /** Why the run is paused, or pausing (still `running`); null otherwise. */
  pause_reason: Generated<AuditPauseReason | null>;
  pause_message: Generated<string | null>;
  /** JSON of the safeguard's figures (the API's AuditPauseFigures). */
  pause_figures: Generated<string | null>;
  paused_at: Generated<string | null>;
  /** When the run was last resumed: its crawl's time budget counts from then. */
  resumed_at: Generated<string | null>;
}

/** A page's fields are in audit-page-columns.ts, one line each; here the columns that are not a page field. */
export interface AuditPagesTable extends PageColumnsTable {
  id: string;
  audit_run_id: string;
  /** 1-based position in URL order among the run's pages; null until the run is ranked. */
  url_rank: Generated<number | null>;
  /** 1-based position in URL order among the run's pages with the same `has_schema`. */
  schema_rank: Generated<number | null>;
}

/**
 * One row per page and distinct issue code: the audit by issue (counts, samples, the pages list's
 * `issue` filter) and comparisons between audits read it, in URL order, from one index.
 */
export interface AuditPageIssuesTable {
  audit_run_id: string;
  page_id: string;
  url: string;
  code: string;
  severity: Schemas['IssueSeverity'];
  /** The page's, copied: the `issue` filter combines with `hasSchema` and `minGeoScore` on this table's index alone. */
  has_schema: number;
  geo_score: number;
}

/**
 * What the site checks found on a stored page, kept until the run is final, when it is written into
 * the page's row with its ranks (repositories/audit-pages.ts: `applySiteResults`, `rank`).
 */
export interface AuditSiteResultsTable {
  audit_run_id: string;
  page_id: string;
  depth: number | null;
  inlinks: number;
  /** JSON: the page's issues with the site's added; null when the site checks added none. */
  issues: string | null;
}

/** Per code, the pages affected and the first URLs, written once when the run is final. */
export interface AuditIssueTotalsTable {
  audit_run_id: string;
  code: string;
  severity: Schemas['IssueSeverity'];
  pages: number;
  /** JSON array of up to 5 URLs, in URL order. */
  sample_urls: string;
}

/** A final run's pages counted by issue code ('' for every page), `has_schema` and `geo_score`. */
export interface AuditPageCountsTable {
  audit_run_id: string;
  code: string;
  has_schema: number;
  geo_score: number;
  pages: number;
}

/**
 * A final run's pages in URL order cut into blocks of PAGE_BLOCK_SIZE, every page (`code` '') and
 * each issue code's pages apart: where a block starts and its pages by schema and score.
 */
export interface AuditPageBlocksTable {
  audit_run_id: string;
  code: string;
  /** 0, 1, … in URL order. */
  block: number;
  /** The key (url, page id) of the last page before the block; null for block 0. */
  after_url: string | null;
  after_id: string | null;
  /** JSON array of 202 counts: the block's pages with has_schema h and geo_score s at h × 101 + s. */
  counts: string;
}

export interface ReportsTable {
  id: string;
  project_id: string;
  audit_run_id: string;
  /** JSON of the metrics. */
  metrics: string;
  /** JSON of the change since the previous snapshot; null on the first. */
  change: string | null;
  created_at: string;
}

export interface BriefsTable {
  id: string;
  project_id: string;
  topic: string;
  audience: string;
  goal: Schemas['BriefGoal'];
  /** JSON of the built brief (title, intent, outline, questions, checklist, links, ...). */
  content: string;
  draft_id: string;
  created_at: string;
}

export interface DraftsTable {
  id: string;
  brief_id: string;
  project_id: string;
  title: string;
  status: string;
  format: string;
  content: string;
  word_count: number;
  created_at: string;
  updated_at: string;
}

/** One URL of an audit crawled by several workers (repositories/audit-frontier.ts). */
export interface AuditFrontierTable {
  audit_run_id: string;
  url: string;
  seq: Generated<string>;
  state: 'queued' | 'leased' | 'fetched' | 'stored' | 'claimed';
  listed: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: string | null;
  html: number | null;
  record: string | null;
}

export interface AuditCrawlsTable {
  audit_run_id: string;
  urls: Generated<number>;
  html_pages: Generated<number>;
  other_records: Generated<number>;
  pages_audited: Generated<number>;
  pages_scored: Generated<number>;
  score_sum: Generated<number>;
  pages_with_schema: Generated<number>;
  issues_error: Generated<number>;
  issues_warning: Generated<number>;
  issues_notice: Generated<number>;
  pages_answered: Generated<number>;
  blocked_address: Generated<number>;
  /** JSON `{ code, message }`: the fetch error of the first page stored without a response; null when none. */
  unanswered_error: string | null;
  /** URLs leased to a worker and not yet fetched (re-queued when their lease expires). */
  leased_urls: Generated<number>;
  /** Set when the frontier rows are dropped (the run is final): null before. */
  stored_urls: number | null;
  storing_workers: number | null;
  unsettled_urls: number | null;
  /** JSON of the site findings of the crawl's part before its pause (robots.txt, sitemaps, llms.txt); null before one. */
  site_findings: Generated<string | null>;
}

/** A run's URL that a stored link starts or ends at, numbered (repositories/audit-links.ts). */
export interface AuditLinkUrlsTable {
  /** Global, so that a link needs no run. */
  id: Generated<number | string>;
  audit_run_id: string;
  url: string;
}

/** A stored page's links to distinct targets, in document order (repositories/audit-links.ts). */
export interface AuditPageLinksTable {
  /** The page's URL's number. */
  source_id: number | string;
  /** JSON: [[target, anchor text, rel tokens space-separated, followed 0/1, internal 0/1], …]. */
  links: string;
}

/** A link by its target: where it is in its page's `audit_page_links` row (`audit_inlink_keys`, written when the run is final: repositories/audit-links.ts). */
export interface AuditInlinkKeysTable {
  target_id: number | string;
  source_id: number | string;
  position: number;
}

/** A block of a final run's inlinks of a much-linked URL (repositories/audit-links.ts). */
export interface AuditInlinkBlocksTable {
  target_id: number | string;
  block: number;
  /** Block 0: the URL's inlinks in all; null on the others. */
  links: number | null;
  /** The last inlink before the block (source, position); null on block 0. */
  after_source_id: number | string | null;
  after_position: number | null;
}

/**
 * A final run's broken (`broken`) or redirecting (`redirect`) link target and the pages linking to
 * it; or a broken resource (`resource`) and the pages loading it, written when the run's resource
 * check ends.
 */
export interface AuditLinkTargetsTable {
  audit_run_id: string;
  kind: 'broken' | 'redirect' | 'resource';
  url: string;
  status_code: number;
  pages: number;
}

/** A final run's number of distinct broken or redirecting link targets, counted when it is finalised (repositories/audit-links.ts). */
export interface AuditLinkTargetCountsTable {
  audit_run_id: string;
  kind: Exclude<AuditLinkTargetsTable['kind'], 'resource'>;
  targets: number | string;
}
