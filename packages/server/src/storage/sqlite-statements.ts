// Kysely's SQLite driver prepares every query again; preparing is most of the cost of a small
// query. The handful of distinct statements a server runs are kept prepared, keyed by their text.
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; past it the oldest is dropped (queries with IN lists vary). */
const MAX_STATEMENTS = 500;

export function withPreparedStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = database.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
