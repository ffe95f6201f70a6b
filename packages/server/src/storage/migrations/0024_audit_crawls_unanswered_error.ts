// Why a shared crawl's seed could not be fetched: the fetch error (code and message, JSON) of the
// first page any worker stored without a response, so that the lead's failed audit names the
// address it was refused, or the host name that did not resolve, as a crawl on one worker does.
// Counters stored before have none: their failure reads as it did.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_crawls').addColumn('unanswered_error', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_crawls').dropColumn('unanswered_error').execute();
}
