// Whether an audit checks the resources its pages load (the API's checkResources, 1.10). Runs
// stored before did not: 0. The broken resources themselves go into `audit_link_targets` under the
// kind `resource`, whose `kind` column is text: it needs no change.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_runs')
    .addColumn('check_resources', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_runs').dropColumn('check_resources').execute();
}
