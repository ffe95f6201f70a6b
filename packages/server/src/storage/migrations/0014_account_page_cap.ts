// An operator-set cap on `maxPages` for one account, above (or below) its plan's: null keeps the
// plan's cap. Set and cleared with `npm run admin -- accounts set-page-cap / clear-page-cap`.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('page_cap', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('page_cap').execute();
}
