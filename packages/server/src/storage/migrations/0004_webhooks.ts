// Webhooks: endpoints, the event outbox, delivery tasks and their attempts.
// Types stay text and integer: see the portability notes in ../schema.ts.
import { sql, type Kysely } from 'kysely';

// Migrations are frozen in time: they must not depend on the current Database type.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_account_created_idx').on('webhook_endpoints').columns(['account_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    // Deleting an endpoint drops the deliveries not yet sent to it (and its attempt history).
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claim_token', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One task per (event, endpoint): an event can never be fanned out twice to one endpoint.
  await db.schema.createIndex('webhook_deliveries_event_endpoint_idx').on('webhook_deliveries').columns(['event_id', 'endpoint_id']).unique().execute();
  // The claim scan: pending tasks that are due, oldest due first.
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').column('endpoint_id').execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().check(sql`attempt > 0`))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('succeeded', 'failed')`))
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  // A second recording of the same attempt of a delivery is refused by storage, whatever the caller.
  await db.schema.createIndex('webhook_attempts_delivery_attempt_idx').on('webhook_delivery_attempts').columns(['delivery_id', 'attempt']).unique().execute();
  // The deliveries list of an endpoint, newest first.
  await db.schema
    .createIndex('webhook_attempts_endpoint_idx')
    .on('webhook_delivery_attempts')
    .columns(['endpoint_id', 'attempted_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints']) {
    await db.schema.dropTable(table).execute();
  }
}
