// A query compiled once with placeholders gives, for any arguments, exactly what Kysely compiles
// for them afresh; a build that does not pass an argument through as a value is refused.
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/storage/compiled-once.js';

interface Schema {
  projects: { id: string; account_id: string; name: string; created_at: string };
}

const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });

const page = (accountId: string, limit: number, offset: number) =>
  db
    .selectFrom('projects')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('name', '!=', 'constant')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .offset(offset);

describe('compiledOnce', () => {
  it('fills in the arguments where a fresh compilation puts them, constants kept', () => {
    const compiled = compiledOnce(3, page);
    const cases: Array<[string, number, number]> = [
      ['account-1', 20, 0],
      ['account-2', 100, 300],
    ];
    for (const args of cases) {
      const once = compiled(...args);
      const fresh = page(...args).compile();
      expect(once.sql).toBe(fresh.sql);
      expect(once.parameters).toEqual(fresh.parameters);
    }
  });

  it('refuses a build that leaves an argument out or writes it into the SQL text', () => {
    expect(() => compiledOnce(2, (accountId: string, _unused: number) => db.selectFrom('projects').selectAll().where('account_id', '=', accountId))).toThrow(
      /each of the 2 arguments/,
    );
    expect(() =>
      compiledOnce(1, (name: string) =>
        db
          .selectFrom('projects')
          .selectAll()
          .where(sql.raw<boolean>(`name = '${name}'`)),
      ),
    ).toThrow(/each of the 1 arguments/);
  });
});
