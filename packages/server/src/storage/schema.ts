// The row types Kysely checks every query against. Column names are snake_case as stored;
// repositories map rows to camelCase domain objects so nothing above storage sees a row.
//
// Portability between SQLite and PostgreSQL (one set of migrations serves both):
// - ids are UUIDv7 as text (ids.ts): no uuid type in SQLite, and text sorts by creation time;
// - timestamps are ISO 8601 UTC text with milliseconds and `Z` (timestamps.ts): fixed width, so
//   text order is time order and `<`/`>` compare times without dialect date functions;
// - booleans are integer 0/1: SQLite has no boolean and better-sqlite3 refuses to bind JS booleans;
// - JSON is text, parsed in the repository: no json/jsonb difference to paper over;
// - counts come back as bigint strings from `pg`, numbers from SQLite: repositories use Number().

import type { Generated } from 'kysely';
import type {
  BrandProfilesTable,
  GeoMonitorAnswersTable,
  GeoMonitorCitationsTable,
  GeoMonitorRunFiguresTable,
  GeoMonitorAlertsTable,
  GeoMonitorRunsTable,
  GeoMonitorsTable,
  GeoTestsTable,
  UsageMonthsTable,
} from './schema-geo.js';
import type {
  AuditCrawlsTable,
  AuditFrontierTable,
  AuditIssueTotalsTable,
  AuditPageBlocksTable,
  AuditLinkUrlsTable,
  AuditPageLinksTable,
  AuditInlinkKeysTable,
  AuditLinkTargetsTable,
  AuditLinkTargetCountsTable,
  AuditInlinkBlocksTable,
  AuditPageCountsTable,
  AuditPageIssuesTable,
  AuditSiteResultsTable,
  AuditPagesTable,
  AuditRunsTable,
  BriefsTable,
  DraftsTable,
  ReportsTable,
} from './schema-audits.js';
import type { WebhookDeliveriesTable, WebhookDeliveryAttemptsTable, WebhookEndpointsTable, WebhookEventsTable } from './schema-webhooks.js';

export interface AccountsTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  plan: string;
  created_at: string;
  /** The operator's cap on `maxPages` for this account; null: the plan's. */
  page_cap: Generated<number | null>;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** The first 12 characters of the key, shown to humans; unique. */
  prefix: string;
  /** Hex SHA-256 of the full key; the key itself is never stored. */
  key_hash: string;
  /** JSON array of scope names. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ProjectsTable {
  id: string;
  account_id: string;
  name: string;
  primary_domain: string;
  created_at: string;
}

export type IdempotencyState = 'in_progress' | 'completed';

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  operation_id: string;
  /** Hex SHA-256 of the canonical JSON of the request (canonical-json.ts). */
  request_hash: string;
  state: IdempotencyState;
  response_status: number | null;
  /** JSON text of the stored response body. */
  response_body: string | null;
  response_location: string | null;
  created_at: string;
  expires_at: string;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  projects: ProjectsTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_runs: AuditRunsTable;
  audit_pages: AuditPagesTable;
  audit_page_issues: AuditPageIssuesTable;
  audit_site_results: AuditSiteResultsTable;
  audit_issue_totals: AuditIssueTotalsTable;
  audit_page_counts: AuditPageCountsTable;
  audit_frontier: AuditFrontierTable;
  audit_crawls: AuditCrawlsTable;
  audit_page_blocks: AuditPageBlocksTable;
  audit_link_urls: AuditLinkUrlsTable;
  audit_page_links: AuditPageLinksTable;
  audit_inlink_keys: AuditInlinkKeysTable;
  audit_link_targets: AuditLinkTargetsTable;
  audit_link_target_counts: AuditLinkTargetCountsTable;
  audit_inlink_blocks: AuditInlinkBlocksTable;
  reports: ReportsTable;
  briefs: BriefsTable;
  drafts: DraftsTable;
  geo_tests: GeoTestsTable;
  brand_profiles: BrandProfilesTable;
  geo_monitors: GeoMonitorsTable;
  geo_monitor_runs: GeoMonitorRunsTable;
  geo_monitor_answers: GeoMonitorAnswersTable;
  geo_monitor_citations: GeoMonitorCitationsTable;
  geo_monitor_run_figures: GeoMonitorRunFiguresTable;
  geo_monitor_alerts: GeoMonitorAlertsTable;
  usage_months: UsageMonthsTable;
  jobs: JobsTable;
  workers: WorkersTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
}

export type JobStatusColumn = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The job workers alive (repositories/workers.ts): one row per worker, under a lease it renews. */
export interface WorkersTable {
  /** The worker id its job leases carry (host:pid:random). */
  id: string;
  started_at: string;
  seen_at: string;
  /** Past this, a worker that said nothing (killed, stalled) no longer counts. */
  expires_at: string;
}

/** The durable job queue (repositories/jobs.ts): audits and other background work. */
export interface JobsTable {
  id: string;
  /** The handler that runs it, e.g. `audit`. */
  kind: string;
  account_id: string;
  /** JSON text; the handler's input. */
  payload: string;
  status: JobStatusColumn;
  /** How many jobs of this kind the account may have running at once (its plan's quota). */
  concurrency_limit: number;
  /** Claims so far; a lost lease is retried while attempts < max_attempts. */
  attempts: number;
  max_attempts: number;
  /** The worker holding the lease while running; once final, the worker that finished it. */
  lease_owner: string | null;
  /** Set while running; a running job whose lease has passed belongs to a lost worker. */
  lease_expires_at: string | null;
  last_error: string | null;
  /** Jobs with the same key run in different workers (null: anywhere). */
  spread_key: string | null;
  created_at: string;
  updated_at: string;
}
