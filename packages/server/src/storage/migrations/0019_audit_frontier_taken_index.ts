// The index of taken URLs (leased or fetched) is keyed by what makes a URL taken, its lease, and no
// longer by its state. A URL's row changes state three times, and each change leaves a dead entry
// in the index until a vacuum; a statement that asks for a state (the fetched update: state
// 'leased' among a batch of URLs) could be planned over this index, as a bitmap scan that reads
// every dead entry again at each call, which grew with the crawl. A lease is set exactly while a
// URL is leased or fetched, so the index holds the same rows, and only statements about leases
// (expired ones, taken ones) can use it; the rest go by the primary key.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_frontier_taken_idx').execute();
  await db.schema
    .createIndex('audit_frontier_taken_idx')
    .on('audit_frontier')
    .columns(['audit_run_id', 'lease_expires_at'])
    .where(sql.ref('lease_expires_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_frontier_taken_idx').execute();
  await db.schema
    .createIndex('audit_frontier_taken_idx')
    .on('audit_frontier')
    .columns(['audit_run_id', 'lease_expires_at'])
    .where(sql.ref('state'), 'in', ['leased', 'fetched'])
    .execute();
}
