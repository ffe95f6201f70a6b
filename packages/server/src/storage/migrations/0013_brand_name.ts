// A brand profile may name the project's brand apart from the project (null: the project's name).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brand_profiles').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('brand_profiles').dropColumn('name').execute();
}
