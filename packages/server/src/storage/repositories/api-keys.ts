import type { Kysely, Selectable } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import type { ApiKeysTable, Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';
import { toAccount, type Account } from './accounts.js';

/** A stored key: everything but the key itself, which is never stored. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  keyHash: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface NewApiKey {
  accountId: string;
  name: string;
  prefix: string;
  keyHash: string;
  scopes: readonly string[];
  now: number;
}

export type RevokeOutcome = { status: 'revoked'; key: ApiKeyRecord } | { status: 'already_revoked'; key: ApiKeyRecord } | { status: 'not_found' };

export interface ApiKeysRepository {
  /** Null when the prefix or hash is already taken: the caller draws a new key and retries. */
  create(input: NewApiKey): Promise<ApiKeyRecord | null>;
  /** The key with this hash and its account, revoked or not. */
  findByHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** As findByHash, but null for a revoked key. */
  findActiveByHash(keyHash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** Newest first. */
  listByAccount(accountId: string): Promise<ApiKeyRecord[]>;
  revokeByPrefix(prefix: string, now: number): Promise<RevokeOutcome>;
  touchLastUsed(keyId: string, now: number): Promise<void>;
}

export function createApiKeysRepository(db: Kysely<Database>): ApiKeysRepository {
  const findByHash = async (keyHash: string) => {
    const row = await db
      .selectFrom('api_keys as k')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .selectAll('k')
      .select(['a.email as account_email', 'a.plan as account_plan', 'a.created_at as account_created_at', 'a.page_cap as account_page_cap'])
      .where('k.key_hash', '=', keyHash)
      .executeTakeFirst();
    if (!row) return null;
    const account = toAccount({
      id: row.account_id,
      email: row.account_email,
      plan: row.account_plan,
      created_at: row.account_created_at,
      page_cap: row.account_page_cap,
    });
    return { key: toApiKey(row), account };
  };

  const findByPrefix = async (prefix: string) => {
    const row = await db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
    return row ? toApiKey(row) : null;
  };

  return {
    async create({ accountId, name, prefix, keyHash, scopes, now }) {
      const row = {
        id: uuidv7(now),
        account_id: accountId,
        name,
        prefix,
        key_hash: keyHash,
        scopes: JSON.stringify(scopes),
        created_at: toTimestamp(now),
        last_used_at: null,
        revoked_at: null,
      };
      // No conflict target: a clash on either unique column (prefix or hash) is "taken".
      const result = await db
        .insertInto('api_keys')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? toApiKey(row) : null;
    },

    findByHash,

    async findActiveByHash(keyHash) {
      const found = await findByHash(keyHash);
      return found && found.key.revokedAt === null ? found : null;
    },

    async listByAccount(accountId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiKey);
    },

    async revokeByPrefix(prefix, now) {
      // The revoked_at guard keeps the first revocation time when two revocations race.
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: toTimestamp(now) })
        .where('prefix', '=', prefix)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      const key = await findByPrefix(prefix);
      if (!key) return { status: 'not_found' };
      return { status: Number(result.numUpdatedRows) > 0 ? 'revoked' : 'already_revoked', key };
    },

    async touchLastUsed(keyId, now) {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: toTimestamp(now) })
        .where('id', '=', keyId)
        .execute();
    },
  };
}

function toApiKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    prefix: row.prefix,
    keyHash: row.key_hash,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function parseScopes(text: string): string[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string')) {
    throw new Error('Stored scopes are not a JSON array of strings');
  }
  return value;
}
