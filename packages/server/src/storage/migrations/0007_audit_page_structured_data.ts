// Each page keeps its validated structured-data items and the rubric version it was scored with.
// Pages stored before this version were scored with `geo-2025.1` and had no validation: they read
// as that rubric with no items listed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_pages')
    .addColumn('structured_data', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('audit_pages')
    .addColumn('rubric_id', 'text', (c) => c.notNull().defaultTo(sql.lit('geo-2025.1')))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_pages').dropColumn('rubric_id').execute();
  await db.schema.alterTable('audit_pages').dropColumn('structured_data').execute();
}
