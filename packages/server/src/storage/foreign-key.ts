// Whether a write failed because a row it references is gone: PostgreSQL's foreign_key_violation
// (SQLSTATE 23503), SQLite's "FOREIGN KEY constraint failed" (foreign keys are on, database.ts).

const POSTGRES_FOREIGN_KEY_VIOLATION = '23503';
const SQLITE_FOREIGN_KEY_VIOLATION = 'SQLITE_CONSTRAINT_FOREIGNKEY';

export function isForeignKeyViolation(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === POSTGRES_FOREIGN_KEY_VIOLATION || code === SQLITE_FOREIGN_KEY_VIOLATION;
}
