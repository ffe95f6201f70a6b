import { Migrator, type Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './schema.js';

/** Applies every pending migration; throws the first failure (with the migration's name). */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${describe(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
