// API keys: `sk_live_` + 32 base62 characters (about 190 bits of entropy). Only the SHA-256 of a
// key is stored; the full key exists once, in the createKey result.
//
// Authentication looks a key up by its hash, so no secret is ever compared byte by byte in code,
// and the timing of the index lookup depends only on the hash of what the caller sent: learning
// which hash prefixes exist tells an attacker nothing about any key's preimage. A constant-time
// comparison would therefore protect nothing here.
import { hash, randomBytes } from 'node:crypto';
import type { Clock } from '../../support/clock.js';
import type { Account } from '../../storage/repositories/accounts.js';
import type { ApiKeyRecord, ApiKeysRepository } from '../../storage/repositories/api-keys.js';
import type { Principal } from '../../domain/principal.js';
import type { AccountService } from './service.js';
import { planOf } from './plans.js';

export const API_KEY_TYPE_PREFIX = 'sk_live_';
export const API_KEY_RANDOM_LENGTH = 32;
export const API_KEY_PREFIX_LENGTH = 12;
export const API_KEY_PATTERN = /^sk_live_[0-9A-Za-z]{32}$/;

export const SCOPES = [
  'projects:read',
  'projects:write',
  'audits:read',
  'audits:write',
  'content:read',
  'content:write',
  'reports:read',
  'geo:read',
  'geo:write',
  'webhooks:read',
  'webhooks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export const DEFAULT_KEY_NAME = 'default';

/** How long an authenticated key is trusted without a database read (also: revocation delay across processes). */
export const PRINCIPAL_CACHE_MS = 5_000;
const PRINCIPAL_CACHE_SIZE = 10_000;
const MAX_KEY_NAME_LENGTH = 100;
/** Key prefixes have only 62^4 values, so a new key may collide with an existing prefix. */
const MAX_CREATE_ATTEMPTS = 10;
/** Writing last_used_at on every request would make every read a write; a minute is precise enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 that fits in a byte: bytes at or above it are dropped (no modulo bias). */
const UNBIASED_BYTE_LIMIT = 248;

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

export function generateApiKey(): string {
  let random = '';
  while (random.length < API_KEY_RANDOM_LENGTH) {
    for (const byte of randomBytes(API_KEY_RANDOM_LENGTH)) {
      if (byte < UNBIASED_BYTE_LIMIT) random += BASE62[byte % 62]!;
      if (random.length === API_KEY_RANDOM_LENGTH) break;
    }
  }
  return API_KEY_TYPE_PREFIX + random;
}

export function apiKeyPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX_LENGTH);
}

export function hashApiKey(key: string): string {
  // The one-shot form: every authenticated request hashes its key before the principal cache.
  return hash('sha256', key, 'hex');
}

/** Why authentication failed. The HTTP layer gives unknown and revoked keys one message. */
export type AuthFailureReason = 'missing' | 'malformed' | 'unknown' | 'revoked';

export type AuthFailure = { reason: 'missing' | 'malformed' } | { reason: 'unknown' | 'revoked'; keyPrefix: string };

export type AuthResult = { ok: true; principal: Principal } | ({ ok: false } & AuthFailure);

export interface CreatedKey {
  /** The full key. Shown once; never stored, never logged. */
  apiKey: string;
  apiKeyPrefix: string;
  keyId: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  account: Account;
  accountCreated: boolean;
}

export class ApiKeyError extends Error {
  constructor(
    readonly code: 'INVALID_SCOPE' | 'INVALID_NAME' | 'KEY_SPACE_EXHAUSTED',
    message: string,
  ) {
    super(message);
    this.name = 'ApiKeyError';
  }
}

export interface ApiKeyService {
  /** Creates the account if needed (see accounts.ts for the plan rule), then a key on it. */
  createKey(input: { email: string; plan?: string; name?: string; scopes?: readonly string[] }): Promise<CreatedKey>;
  /** Takes the raw `Authorization` header value (undefined when absent). */
  authenticate(authorization: string | undefined | null): Promise<AuthResult>;
  /** Null when no account has this e-mail. */
  listKeys(email: string): Promise<{ account: Account; keys: ApiKeyRecord[] } | null>;
  revokeKey(prefix: string): ReturnType<ApiKeysRepository['revokeByPrefix']>;
}

export function createApiKeyService(deps: { accounts: AccountService; apiKeys: ApiKeysRepository; clock: Clock }): ApiKeyService {
  const { accounts, apiKeys, clock } = deps;
  // Recently authenticated keys, by hash: a request then costs no database read. Revoking through
  // this service takes effect at once; a revocation by another process within PRINCIPAL_CACHE_MS.
  const recent = new Map<string, { principal: Principal; expiresAt: number }>();

  return {
    async createKey({ email, plan, name = DEFAULT_KEY_NAME, scopes = SCOPES }) {
      const validScopes = validateScopes(scopes);
      const validName = validateName(name);
      const { account, created } = await accounts.ensureAccount(plan === undefined ? { email } : { email, plan });
      for (let attempt = 0; attempt < MAX_CREATE_ATTEMPTS; attempt++) {
        const apiKey = generateApiKey();
        const record = await apiKeys.create({
          accountId: account.id,
          name: validName,
          prefix: apiKeyPrefixOf(apiKey),
          keyHash: hashApiKey(apiKey),
          scopes: validScopes,
          now: clock.now(),
        });
        if (record) {
          return {
            apiKey,
            apiKeyPrefix: record.prefix,
            keyId: record.id,
            name: record.name,
            scopes: validScopes,
            createdAt: record.createdAt,
            account,
            accountCreated: created,
          };
        }
      }
      throw new ApiKeyError('KEY_SPACE_EXHAUSTED', 'Could not find a free key prefix; too many keys exist');
    },

    async authenticate(authorization) {
      if (authorization === undefined || authorization === null || authorization.trim() === '') {
        return { ok: false, reason: 'missing' };
      }
      // RFC 7235: the scheme is case-insensitive; RFC 6750 separates it from the token by spaces.
      const match = /^\s*Bearer +(\S+)\s*$/i.exec(authorization);
      const token = match?.[1];
      if (token === undefined || !API_KEY_PATTERN.test(token)) return { ok: false, reason: 'malformed' };
      const hash = hashApiKey(token);
      const cached = recent.get(hash);
      if (cached && cached.expiresAt > clock.now()) return { ok: true, principal: cached.principal };
      const found = await apiKeys.findByHash(hash);
      if (!found) return { ok: false, reason: 'unknown', keyPrefix: apiKeyPrefixOf(token) };
      if (found.key.revokedAt !== null) return { ok: false, reason: 'revoked', keyPrefix: apiKeyPrefixOf(token) };

      const now = clock.now();
      const lastUsed = found.key.lastUsedAt === null ? null : Date.parse(found.key.lastUsedAt);
      if (lastUsed === null || now - lastUsed >= LAST_USED_RESOLUTION_MS) touchLastUsed(apiKeys, found.key.id, now);
      const principal: Principal = {
        accountId: found.account.id,
        email: found.account.email,
        plan: planOf(found.account.plan).name,
        pageCap: found.account.pageCap,
        keyId: found.key.id,
        apiKeyPrefix: found.key.prefix,
        // Scopes no longer known (a future rename) are dropped rather than granted.
        scopes: found.key.scopes.filter(isScope),
      };
      if (recent.size >= PRINCIPAL_CACHE_SIZE) recent.delete(recent.keys().next().value!);
      recent.set(hash, { principal, expiresAt: now + PRINCIPAL_CACHE_MS });
      return { ok: true, principal };
    },

    async listKeys(email) {
      const account = await accounts.findByEmail(email);
      if (!account) return null;
      return { account, keys: await apiKeys.listByAccount(account.id) };
    },

    async revokeKey(prefix) {
      for (const [hash, entry] of recent) if (entry.principal.apiKeyPrefix === prefix) recent.delete(hash);
      return apiKeys.revokeByPrefix(prefix, clock.now());
    },
  };
}

function validateScopes(scopes: readonly string[]): Scope[] {
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new ApiKeyError('INVALID_SCOPE', `Unknown scope ${unknown.join(', ')}; known scopes: ${SCOPES.join(', ')}`);
  }
  if (scopes.length === 0) throw new ApiKeyError('INVALID_SCOPE', 'A key needs at least one scope');
  // Stored in the canonical order, once each, whatever order they were given in.
  return SCOPES.filter((s) => scopes.includes(s));
}

function validateName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_KEY_NAME_LENGTH) {
    throw new ApiKeyError('INVALID_NAME', `A key name is 1 to ${MAX_KEY_NAME_LENGTH} characters`);
  }
  return trimmed;
}

/**
 * Bookkeeping, not the request's work, so the request does not wait for it: while another process
 * holds the SQLite write lock a read is still answered at once. Last use is advisory; a touch that
 * fails leaves the old time, and the next request after the principal cache expires tries again.
 */
function touchLastUsed(apiKeys: ApiKeysRepository, keyId: string, now: number): void {
  apiKeys.touchLastUsed(keyId, now).catch(() => undefined);
}
