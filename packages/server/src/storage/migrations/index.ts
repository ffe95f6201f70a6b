// The migrations are the files of this folder named `NNNN_what.ts` (`.js` once compiled for
// `npm start`), run in name order; adding one is adding its file. The compiled files keep the
// sources' layout, so the same scan works from the sources (tsx, vitest) and compiled.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration, MigrationProvider } from 'kysely';

const FOLDER = fileURLToPath(new URL('.', import.meta.url));
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.(?:ts|js)$/;

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    const files = readdirSync(FOLDER)
      .map((file) => MIGRATION_FILE.exec(file))
      .filter((match) => match !== null);
    const loaded = await Promise.all(files.map(async ([file, name]) => [name!, (await import(pathToFileURL(join(FOLDER, file)).href)) as Migration] as const));
    return Object.fromEntries(loaded);
  },
};
