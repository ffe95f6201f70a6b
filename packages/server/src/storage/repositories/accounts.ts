import type { Kysely, Selectable } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import type { AccountsTable, Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';

export interface Account {
  id: string;
  email: string;
  /** A plan name; services/accounts/plans.ts validates it. */
  plan: string;
  createdAt: string;
  /** The operator's cap on an audit's `maxPages` for this account; null: the plan's (see services/accounts/plans.ts). */
  pageCap: number | null;
}

export interface NewAccount {
  email: string;
  plan: string;
  now: number;
}

export interface AccountsRepository {
  findById(id: string): Promise<Account | null>;
  /** Case-insensitive: e-mails are stored lower-cased. */
  findByEmail(email: string): Promise<Account | null>;
  /**
   * Creates the account unless one with this e-mail exists; either way returns the stored account.
   * Atomic, so two admins creating the same account at once get the same one.
   */
  create(input: NewAccount): Promise<{ account: Account; created: boolean }>;
  /** True when at least one account exists (an empty database gets a demo account at start). */
  hasAny(): Promise<boolean>;
  /** Sets (or, with null, clears) the account's page cap; the stored account, or null when there is none. */
  setPageCap(id: string, pageCap: number | null): Promise<Account | null>;
}

export function createAccountsRepository(db: Kysely<Database>): AccountsRepository {
  const findByEmail = async (email: string) => {
    const row = await db.selectFrom('accounts').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
    return row ? toAccount(row) : null;
  };

  return {
    async findById(id) {
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    findByEmail,

    async hasAny() {
      return (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    async setPageCap(id, pageCap) {
      await db.updateTable('accounts').set({ page_cap: pageCap }).where('id', '=', id).execute();
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async create({ email, plan, now }) {
      const id = uuidv7(now);
      const result = await db
        .insertInto('accounts')
        .values({ id, email: normalizeEmail(email), plan, created_at: toTimestamp(now) })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      const account = await findByEmail(email);
      if (!account) throw new Error('Account vanished right after it was created');
      return { account, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 && account.id === id };
    },
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toAccount(row: Selectable<AccountsTable>): Account {
  return { id: row.id, email: row.email, plan: row.plan, createdAt: row.created_at, pageCap: row.page_cap === null ? null : Number(row.page_cap) };
}
