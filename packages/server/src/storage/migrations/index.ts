// The in-code migration list: bundling them as imports (not a folder scan) keeps them working
// under tsx, vitest and any bundler alike. Names sort in the order they must run.
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_accounts.js';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_accounts': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
