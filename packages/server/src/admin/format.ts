// Human-readable output of the admin commands. The key itself appears only in formatCreatedKey.
import { maxPagesPerAudit, PLANS, SCOPES, type Account, type ApiKeyRecord, type CreatedKey } from './server.js';

export function formatCreatedKey(created: CreatedKey): string {
  const { account } = created;
  return [
    created.accountCreated
      ? `Created account ${account.email} (plan ${account.plan}, id ${account.id}).`
      : `Account ${account.email} (plan ${account.plan}, id ${account.id}).`,
    `New API key "${created.name}" (prefix ${created.apiKeyPrefix}, scopes ${formatScopes(created.scopes)}):`,
    '',
    `  ${created.apiKey}`,
    '',
    'Store it now: it is shown only this once and cannot be recovered.',
  ].join('\n');
}

export function createdKeyJson(created: CreatedKey): Record<string, unknown> {
  return {
    accountId: created.account.id,
    email: created.account.email,
    plan: created.account.plan,
    accountCreated: created.accountCreated,
    keyId: created.keyId,
    name: created.name,
    apiKey: created.apiKey,
    apiKeyPrefix: created.apiKeyPrefix,
    scopes: created.scopes,
    createdAt: created.createdAt,
  };
}

export function keyJson(key: ApiKeyRecord): Record<string, unknown> {
  return {
    apiKeyPrefix: key.prefix,
    name: key.name,
    scopes: key.scopes,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  };
}

export function formatKeyTable(keys: readonly ApiKeyRecord[]): string {
  const header = ['PREFIX', 'NAME', 'SCOPES', 'CREATED', 'LAST USED', 'REVOKED'];
  const rows = keys.map((k) => [k.prefix, k.name, formatScopes(k.scopes), k.createdAt, k.lastUsedAt ?? '-', k.revokedAt ?? '-']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows]
    .map((cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function formatScopes(scopes: readonly string[]): string {
  return scopes.length === SCOPES.length ? 'all' : scopes.join(',');
}

/** What `accounts set-page-cap` and `clear-page-cap` print: the account's cap and where it comes from. */
export function formatPageCap(account: Account): string {
  const planCap = PLANS[account.plan as keyof typeof PLANS].maxPagesPerAudit;
  const pages = (n: number) => n.toLocaleString('en-US');
  return account.pageCap === null
    ? `Account ${account.email} (plan ${account.plan}): no page cap of its own; audits may have up to ${pages(planCap)} pages, the plan's cap.`
    : `Account ${account.email} (plan ${account.plan}): audits may have up to ${pages(account.pageCap)} pages (the plan's cap is ${pages(planCap)}).`;
}

export function pageCapJson(account: Account): Record<string, unknown> {
  return { accountId: account.id, email: account.email, plan: account.plan, pageCap: account.pageCap, maxPagesPerAudit: maxPagesPerAudit(account) };
}
