// An audit remembers whether it crawls hreflang alternates and canonical targets (on by default,
// as audits did not before: they read as on). Each audit page says where its own response redirects (and how), and whether search engines may
// index it (and if not, why). Pages stored before this version read as their status tells: no
// redirect target is known, and indexability is judged from the status code, and from a stored
// `noindex` issue on a 2xx page.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_runs')
    .addColumn('crawl_hreflang_and_canonical', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('audit_pages').addColumn('redirect_target', 'text').execute();
  await db.schema.alterTable('audit_pages').addColumn('redirect_type', 'text').execute();
  await db.schema
    .alterTable('audit_pages')
    .addColumn('indexable', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('audit_pages').addColumn('indexability_status', 'text').execute();
  await backfillIndexability(db);
}

/** The indexability of the pages stored before it was judged, as far as their status and issues tell. */
export async function backfillIndexability(db: Kysely<unknown>): Promise<void> {
  await sql`
    update audit_pages set indexability_status = case
      when status_code = 0 then 'no_response'
      when status_code between 300 and 399 then 'redirect'
      when status_code between 400 and 499 then 'client_error'
      when status_code >= 500 then 'server_error'
      when status_code < 200 then 'non_200'
      when issues like '%"code":"noindex"%' then 'noindex'
      else null end
  `.execute(db);
  await sql`update audit_pages set indexable = 0 where indexability_status is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['indexability_status', 'indexable', 'redirect_type', 'redirect_target']) {
    await db.schema.alterTable('audit_pages').dropColumn(column).execute();
  }
  await db.schema.alterTable('audit_runs').dropColumn('crawl_hreflang_and_canonical').execute();
}
