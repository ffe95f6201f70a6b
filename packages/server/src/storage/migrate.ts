import { Migrator, sql, type Kysely } from 'kysely';
import { dialectOf } from './database.js';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

/** Applies every pending migration; throws the first failure (with the migration's name). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider, ...(await migrationTableSchema(db)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${describe(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * On PostgreSQL the migrator is told the schema of its bookkeeping tables, so that it creates and
 * reads them there by name and never takes another schema's (another test's, another tenant's)
 * `kysely_migration_lock` for its own. The dialect's introspector looks only at that schema too.
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<{ migrationTableSchema?: string }> {
  if (dialectOf(db) !== 'postgres') return {};
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return schema ? { migrationTableSchema: schema } : {};
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
