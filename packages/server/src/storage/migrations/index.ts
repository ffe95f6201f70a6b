// The in-code migration list: bundling them as imports (not a folder scan) keeps them working
// under tsx, vitest and any bundler alike. Names sort in the order they must run.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_accounts.js';
import * as m0002 from './0002_jobs.js';
import * as m0003 from './0003_audits.js';
import * as m0004 from './0004_webhooks.js';
import * as m0005 from './0005_geo_tests.js';
import * as m0006 from './0006_audit_page_ranks.js';
import * as m0007 from './0007_audit_page_structured_data.js';
import * as m0008 from './0008_pages_scored.js';
import * as m0009 from './0009_audit_issues.js';
import * as m0010 from './0010_geo_brands_monitors.js';
import * as m0011 from './0011_audit_page_counts.js';
import * as m0012 from './0012_geo_sources_alerts.js';
import * as m0013 from './0013_brand_name.js';
import * as m0014 from './0014_account_page_cap.js';
import * as m0015 from './0015_audit_page_blocks.js';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': m0001,
  '0002_jobs': m0002,
  '0003_audits': m0003,
  '0004_webhooks': m0004,
  '0005_geo_tests': m0005,
  '0006_audit_page_ranks': m0006,
  '0007_audit_page_structured_data': m0007,
  '0008_pages_scored': m0008,
  '0009_audit_issues': m0009,
  '0010_geo_brands_monitors': m0010,
  '0011_audit_page_counts': m0011,
  '0012_geo_sources_alerts': m0012,
  '0013_brand_name': m0013,
  '0014_account_page_cap': m0014,
  '0015_audit_page_blocks': m0015,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve({ ...migrations }),
};
