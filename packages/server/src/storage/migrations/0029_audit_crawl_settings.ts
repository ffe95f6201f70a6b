// An audit's crawl settings (include and exclude patterns, list mode's URLs, the user agent, the
// rate, the basic authentication user name) as JSON, and the basic authentication password apart,
// sealed like webhook secrets (storage/secret-box). Runs stored before have neither: they crawl
// the whole site as the service's bot, which is what a null reads as.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_runs').addColumn('crawl_settings', 'text').execute();
  await db.schema.alterTable('audit_runs').addColumn('crawl_password', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_runs').dropColumn('crawl_password').execute();
  await db.schema.alterTable('audit_runs').dropColumn('crawl_settings').execute();
}
