// An audit's keys of its links by target are written once, when the run is final, from its pages'
// rows (repositories/audit-links.ts): the small table SQLite gathered a crawl's keys in, to merge
// them in bulk, goes. The keys it still holds join the others, so that a final run keeps them all;
// a live run's are written again when it ends.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO audit_inlink_keys (target_id, source_id, position)
    SELECT target_id, source_id, position FROM audit_inlink_keys_recent WHERE true ORDER BY target_id, source_id, position
    ON CONFLICT DO NOTHING`.execute(db);
  await db.schema.dropTable('audit_inlink_keys_recent').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const keys = db.schema
    .createTable('audit_inlink_keys_recent')
    .addColumn('target_id', 'bigint', (c) => c.notNull().references('audit_link_urls.id').onDelete('cascade'))
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_inlink_keys_recent_pk', ['target_id', 'source_id', 'position']);
  await (postgres ? keys : keys.modifyEnd(sql`without rowid`)).execute();
}
