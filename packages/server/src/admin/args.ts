// Turns argv into one admin command, or a UsageError with a one-line reason.
import { parseArgs } from 'node:util';
import { MAX_PAGE_CAP, PLAN_NAMES, PLANS, SCOPES } from './server.js';

export type AdminCommand =
  | { kind: 'help' }
  | { kind: 'keys-create'; email: string; plan?: string; name?: string; scopes?: string[]; json: boolean }
  | { kind: 'keys-list'; email: string; json: boolean }
  | { kind: 'keys-revoke'; prefix: string; json: boolean }
  | { kind: 'accounts-set-page-cap'; email: string; maxPages: number; json: boolean }
  | { kind: 'accounts-clear-page-cap'; email: string; json: boolean };

export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  keys create --email <email> [--plan <${PLAN_NAMES.join('|')}>] [--name <name>] [--scopes a,b] [--json]
      Creates the account if needed (then --plan is required) and a new API key; prints the key once.
      An existing account keeps its plan: a different --plan is refused.
  keys list --email <email> [--json]
      Lists the account's keys: prefix, name, scopes, created, last used, revoked. Never the keys.
  keys revoke <prefix> [--json]
      Revokes the key with this prefix (its first 12 characters).
  accounts set-page-cap --email <email> --max-pages <1-${MAX_PAGE_CAP}> [--json]
      Lets the account's audits have up to this many pages (maxPages), whatever its plan's cap
      (${PLAN_NAMES.map((name) => `${name} ${PLANS[name].maxPagesPerAudit}`).join(', ')}). The plan stays as it is.
  accounts clear-page-cap --email <email> [--json]
      Removes the account's page cap: its plan's applies again.

Scopes: ${SCOPES.join(', ')} (all by default).
A changed page cap applies to audits started from a few seconds later; running audits keep theirs.
Database: DATABASE_URL (default sqlite:./data/seo-geo.db, relative to the current directory);
migrations run first.`;

const OPTIONS = {
  email: { type: 'string' },
  plan: { type: 'string' },
  name: { type: 'string' },
  scopes: { type: 'string' },
  'max-pages': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionName = keyof typeof OPTIONS;

const ALLOWED: Record<Exclude<AdminCommand['kind'], 'help'>, readonly OptionName[]> = {
  'keys-create': ['email', 'plan', 'name', 'scopes', 'json'],
  'keys-list': ['email', 'json'],
  'keys-revoke': ['json'],
  'accounts-set-page-cap': ['email', 'max-pages', 'json'],
  'accounts-clear-page-cap': ['email', 'json'],
};

const ACTIONS: Record<string, string> = { keys: 'create, list or revoke', accounts: 'set-page-cap or clear-page-cap' };

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    // parseArgs's own text for this case goes on about '--'; the option name is what matters.
    const option = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) throw new UsageError(`Unknown option ${option}`);
    throw new UsageError(message.split('\n')[0] ?? 'Invalid arguments');
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { kind: 'help' };

  const [group, action, ...rest] = positionals;
  if (group === undefined || !(group in ACTIONS)) throw new UsageError(`Unknown command "${group ?? ''}"; expected "keys" or "accounts"`);
  const kind = `${group}-${action ?? ''}`;
  if (!(kind in ALLOWED)) throw new UsageError(`Unknown ${group} command "${action ?? ''}"; expected ${ACTIONS[group]!}`);
  const command = kind as keyof typeof ALLOWED;

  const extra = (Object.keys(values) as OptionName[]).filter((o) => o !== 'help' && !ALLOWED[command].includes(o));
  if (extra.length > 0) throw new UsageError(`${group} ${action ?? ''} does not take --${extra[0]!}`);
  const json = values.json ?? false;

  if (command === 'keys-revoke') {
    if (rest.length !== 1) throw new UsageError('keys revoke takes exactly one key prefix');
    return { kind: command, prefix: rest[0]!, json };
  }
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]!}"`);
  const email = requireValue(values.email, '--email');
  if (command === 'keys-list' || command === 'accounts-clear-page-cap') return { kind: command, email, json };
  if (command === 'accounts-set-page-cap') return { kind: command, email, maxPages: parsePageCap(values['max-pages']), json };

  const result: AdminCommand = { kind: command, email, json };
  if (values.plan !== undefined) {
    if (!(PLAN_NAMES as readonly string[]).includes(values.plan)) {
      throw new UsageError(`Unknown plan "${values.plan}"; expected ${PLAN_NAMES.join(', ')}`);
    }
    result.plan = values.plan;
  }
  if (values.name !== undefined) result.name = requireValue(values.name, '--name');
  if (values.scopes !== undefined) result.scopes = parseScopes(values.scopes);
  return result;
}

function requireValue(value: string | undefined, flag: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

function parsePageCap(text: string | undefined): number {
  const value = requireValue(text, '--max-pages').trim();
  const pages = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(pages >= 1 && pages <= MAX_PAGE_CAP)) {
    throw new UsageError(`--max-pages must be a whole number from 1 to ${MAX_PAGE_CAP}, not "${value}" (clear-page-cap removes a cap)`);
  }
  return pages;
}

function parseScopes(text: string): string[] {
  const scopes = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (scopes.length === 0) throw new UsageError('--scopes needs at least one scope');
  const unknown = scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) throw new UsageError(`Unknown scope "${unknown}"; expected some of ${SCOPES.join(', ')}`);
  return scopes;
}
