// Runs one admin command against the database and returns the process exit code:
// 0 done, 1 refused or failed (e.g. a plan mismatch, an unknown prefix), 2 bad arguments.
import { parseAdminArgs, USAGE, UsageError, type AdminCommand } from './args.js';
import { createdKeyJson, formatCreatedKey, formatKeyTable, formatPageCap, keyJson, pageCapJson } from './format.js';
import {
  AccountError,
  ApiKeyError,
  ConfigError,
  createAccountService,
  createApiKeyService,
  createLogger,
  loadConfig,
  openRoot,
  type AccountService,
  type ApiKeyService,
} from './server.js';

export interface AdminIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`admin: ${error.message} (see --help)`);
    return 2;
  }
  if (command.kind === 'help') {
    io.out(USAGE);
    return 0;
  }

  // The server's own configuration loader: the same DATABASE_URL default, DATABASE_SCHEMA and checks.
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(`admin: ${error.message}`);
    return 2;
  }
  const root = await openRoot({ config, logger: createLogger('silent') });
  try {
    const accounts = createAccountService({ accounts: root.repositories.accounts, clock: root.clock });
    const keys = createApiKeyService({ accounts, apiKeys: root.repositories.apiKeys, clock: root.clock });
    return await execute(command, { accounts, keys }, io);
  } catch (error) {
    if (error instanceof AccountError || error instanceof ApiKeyError) {
      io.err(`admin: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await root.close();
  }
}

async function execute(
  command: Exclude<AdminCommand, { kind: 'help' }>,
  { accounts, keys }: { accounts: AccountService; keys: ApiKeyService },
  io: AdminIo,
): Promise<number> {
  switch (command.kind) {
    case 'keys-create': {
      const { kind: _kind, json, ...input } = command;
      const created = await keys.createKey(input);
      io.out(json ? JSON.stringify(createdKeyJson(created)) : formatCreatedKey(created));
      return 0;
    }
    case 'keys-list': {
      const listed = await keys.listKeys(command.email);
      if (!listed) {
        io.err(`admin: no account with e-mail ${command.email}`);
        return 1;
      }
      if (command.json) {
        io.out(JSON.stringify({ accountId: listed.account.id, email: listed.account.email, plan: listed.account.plan, keys: listed.keys.map(keyJson) }));
      } else {
        io.out(`Account ${listed.account.email} (plan ${listed.account.plan}, id ${listed.account.id})`);
        io.out(listed.keys.length === 0 ? 'No keys.' : formatKeyTable(listed.keys));
      }
      return 0;
    }
    case 'keys-revoke': {
      const outcome = await keys.revokeKey(command.prefix);
      if (outcome.status === 'not_found') {
        io.err(`admin: no key with prefix ${command.prefix}`);
        return 1;
      }
      if (command.json) {
        io.out(JSON.stringify({ status: outcome.status, ...keyJson(outcome.key) }));
      } else {
        io.out(
          outcome.status === 'revoked'
            ? `Revoked key ${outcome.key.prefix} ("${outcome.key.name}").`
            : `Key ${outcome.key.prefix} ("${outcome.key.name}") was already revoked at ${outcome.key.revokedAt!}.`,
        );
      }
      return 0;
    }
    case 'accounts-set-page-cap':
    case 'accounts-clear-page-cap': {
      const account = await accounts.setPageCap({ email: command.email, pageCap: command.kind === 'accounts-set-page-cap' ? command.maxPages : null });
      io.out(command.json ? JSON.stringify(pageCapJson(account)) : formatPageCap(account));
      return 0;
    }
  }
}
