// Pausing and resuming an audit (1.10). On the run: the crawl safeguard it runs with (JSON; null when
// turned off, and the default on runs stored before, which ran without one), why it is paused or
// pausing (`requested` or `safeguard`, with the safeguard's message and figures), when it was
// paused, and when it was last resumed (a resumed crawl's time budget counts from then). On the
// crawl's counters row: the site findings of the part crawled before the pause (robots.txt, the
// sitemaps, llms.txt), for the summary of a paused run that is cancelled. Where a crawl stopped is
// kept in the frontier tables a shared crawl uses (0016), on both databases.
import type { Kysely } from 'kysely';

/** What a run stored before 1.10 reads as: the default safeguard. */
const DEFAULT_SAFEGUARD = JSON.stringify({ maxFailureShare: 0.5, window: 50 });

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_runs')
    .addColumn('safeguard', 'text', (column) => column.defaultTo(DEFAULT_SAFEGUARD))
    .execute();
  for (const column of ['pause_reason', 'pause_message', 'pause_figures', 'paused_at', 'resumed_at']) {
    await db.schema.alterTable('audit_runs').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('audit_crawls').addColumn('site_findings', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_crawls').dropColumn('site_findings').execute();
  for (const column of ['resumed_at', 'paused_at', 'pause_figures', 'pause_message', 'pause_reason', 'safeguard']) {
    await db.schema.alterTable('audit_runs').dropColumn(column).execute();
  }
}
