// The delivery tasks leased now: a claim counts the attempts in flight to each endpoint (and so to
// each account) before it leases more, reading the tasks whose lease has not passed. Only tasks
// with a claim token are indexed (being sent, or left by a loop that died): a handful, however
// many tasks wait for a retry during a receiver's outage.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('webhook_deliveries_leased_idx')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'endpoint_id'])
    .where(sql.ref('claim_token'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_leased_idx').execute();
}
