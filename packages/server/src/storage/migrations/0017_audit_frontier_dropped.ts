// A final shared crawl's frontier rows (about 1.8 KB a page with their site records, 1.8 GB for
// a million pages) are deleted once the run is final; what they showed is kept on the crawl's
// counters row: URLs stored, the workers that stored them, and URLs left neither stored nor
// claimed when the rows went.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['stored_urls', 'storing_workers', 'unsettled_urls']) await db.schema.alterTable('audit_crawls').addColumn(column, 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['unsettled_urls', 'storing_workers', 'stored_urls']) await db.schema.alterTable('audit_crawls').dropColumn(column).execute();
}
