// The pages list's `indexable` and `indexabilityStatus` filters (1.8) read a range of this index in
// URL order, as the other filters read theirs (0028): an indexable page's status is null, so
// `indexable=true` is the null range and `false` the rest.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_pages_by_indexability_idx').on('audit_pages').columns(['audit_run_id', 'indexability_status', 'url', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_pages_by_indexability_idx').execute();
}
