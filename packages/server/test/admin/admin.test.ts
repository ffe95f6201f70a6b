// End to end: the admin command as an operator runs it, in its own process, on a temp SQLite file.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/storage/database.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { runAdmin } from '../../src/admin/run.js';
import { createAccountService } from '../../src/services/accounts/service.js';
import { createApiKeyService, SCOPES } from '../../src/services/accounts/api-keys.js';
import { systemClock } from '../../src/support/clock.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startTestServer } from '../support/server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const ADMIN = join(ROOT, 'packages/server/src/processes/admin.ts');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-cli-'));
  dirs.push(dir);
  return dir;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function admin(args: string[], options: { databaseUrl?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  return new Promise((done) => {
    execFile(TSX, [ADMIN, ...args], { cwd: options.cwd ?? ROOT, env }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/**
 * The same command run in this process, with the output the entry point would print. Each test
 * below runs at least one command as a process (what `npm run admin` runs: exit codes, streams);
 * the commands that follow it run here, since a process costs seconds of loading the server.
 */
async function adminHere(args: string[], options: { databaseUrl: string }): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    env: { DATABASE_URL: options.databaseUrl },
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

// Each command is a process of its own that loads the server's sources through tsx: several seconds
// apiece on a busy 2-core machine, so a test of four commands gets more than the default 30 s.
describe('admin keys (end to end)', { timeout: 120_000 }, () => {
  const dir = tempDir();
  const databaseUrl = `sqlite:${join(dir, 'admin.db')}`;

  it('creates an account and a key, lists it without the key, and revokes it', async () => {
    const created = await admin(['keys', 'create', '--email', 'Ops@Example.com', '--plan', 'pro', '--name', 'ci', '--json'], { databaseUrl });
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const json = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({
      accountId: expect.any(String),
      email: 'ops@example.com',
      plan: 'pro',
      accountCreated: true,
      name: 'ci',
      apiKey: expect.stringMatching(/^sk_live_[0-9A-Za-z]{32}$/),
      scopes: [...SCOPES],
    });
    const apiKey = json.apiKey as string;
    expect(json.apiKeyPrefix).toBe(apiKey.slice(0, 12));

    // The key works for the server's authentication.
    const handle = await createDatabase(databaseUrl);
    try {
      const repos = createRepositories(handle.db);
      const keys = createApiKeyService({
        accounts: createAccountService({ accounts: repos.accounts, clock: systemClock }),
        apiKeys: repos.apiKeys,
        clock: systemClock,
      });
      expect(await keys.authenticate(`Bearer ${apiKey}`)).toMatchObject({ ok: true, principal: { accountId: json.accountId, plan: 'pro' } });
    } finally {
      await handle.close();
    }

    const listed = await adminHere(['keys', 'list', '--email', 'ops@example.com'], { databaseUrl });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(json.apiKeyPrefix as string);
    expect(listed.stdout).toMatch(/PREFIX\s+NAME\s+SCOPES\s+CREATED\s+LAST USED\s+REVOKED/);
    expect(listed.stdout).toContain('ci');
    expect(listed.stdout).not.toContain(apiKey);

    const revoked = await adminHere(['keys', 'revoke', json.apiKeyPrefix as string], { databaseUrl });
    expect(revoked).toMatchObject({ code: 0, stderr: '' });
    expect(revoked.stdout).toContain('Revoked');
    const again = await adminHere(['keys', 'revoke', json.apiKeyPrefix as string, '--json'], { databaseUrl });
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'already_revoked', apiKeyPrefix: json.apiKeyPrefix });

    const listedJson = JSON.parse((await adminHere(['keys', 'list', '--email', 'ops@example.com', '--json'], { databaseUrl })).stdout);
    expect(listedJson.keys).toEqual([expect.objectContaining({ apiKeyPrefix: json.apiKeyPrefix, revokedAt: expect.any(String) })]);
    expect(JSON.stringify(listedJson)).not.toContain(apiKey);
  });

  it('gives two processes creating keys for one new account the same account', async () => {
    const email = 'race@example.com';
    const runs = await Promise.all(
      [1, 2, 3].map((i) => admin(['keys', 'create', '--email', email, '--plan', 'starter', '--name', `k${i}`, '--json'], { databaseUrl })),
    );
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const results = runs.map((r) => JSON.parse(r.stdout) as { accountId: string; accountCreated: boolean; apiKey: string });
    expect(new Set(results.map((r) => r.accountId)).size).toBe(1);
    expect(results.filter((r) => r.accountCreated)).toHaveLength(1);
    expect(new Set(results.map((r) => r.apiKey)).size).toBe(3);
  });

  it('refuses a plan change of an existing account and unknown e-mails and prefixes with exit 1', async () => {
    await adminHere(['keys', 'create', '--email', 'plan@example.com', '--plan', 'starter'], { databaseUrl });
    const [mismatch, unknownEmail, unknownPrefix] = await Promise.all([
      admin(['keys', 'create', '--email', 'plan@example.com', '--plan', 'agency'], { databaseUrl }),
      adminHere(['keys', 'list', '--email', 'nobody@example.com'], { databaseUrl }),
      adminHere(['keys', 'revoke', 'sk_live_none'], { databaseUrl }),
    ]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr.trim()).toMatch(/^admin: Account plan@example.com already exists on plan starter, not agency$/);
    expect(unknownEmail).toMatchObject({ code: 1, stderr: 'admin: no account with e-mail nobody@example.com\n' });
    expect(unknownPrefix).toMatchObject({ code: 1, stderr: 'admin: no key with prefix sk_live_none\n' });
  });

  // Every parse error is covered in-process (args.test.ts); these show the process's behaviour.
  it('answers bad arguments with one line on stderr and exit 2, touching no database', async () => {
    const cases: [string[], RegExp][] = [
      [['keys', 'create', '--plan', 'pro'], /--email is required/],
      [['keys', 'list', '--email', 'x@example.com', '--plan', 'pro'], /does not take --plan/],
      [['keys', 'list', '--bogus'], /Unknown option --bogus/],
    ];
    const cwd = tempDir();
    const runs = await Promise.all(cases.map(([args]) => admin(args, { cwd })));
    for (const [i, run] of runs.entries()) {
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(cases[i]![1]);
    }
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('sets and clears the page cap of an account, refusing unknown accounts and caps out of bounds', async () => {
    await adminHere(['keys', 'create', '--email', 'big@example.com', '--plan', 'agency'], { databaseUrl });
    const set = await admin(['accounts', 'set-page-cap', '--email', 'Big@Example.com', '--max-pages', '1000000'], { databaseUrl });
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout.trim()).toBe("Account big@example.com (plan agency): audits may have up to 1,000,000 pages (the plan's cap is 50,000).");
    const listed = JSON.parse((await adminHere(['keys', 'list', '--email', 'big@example.com', '--json'], { databaseUrl })).stdout) as { accountId: string };

    const handle = await createDatabase(databaseUrl);
    try {
      expect(await createRepositories(handle.db).accounts.findByEmail('big@example.com')).toMatchObject({ plan: 'agency', pageCap: 1_000_000 });
    } finally {
      await handle.close();
    }

    const lower = await adminHere(['accounts', 'set-page-cap', '--email', 'big@example.com', '--max-pages', '75000', '--json'], { databaseUrl });
    expect(JSON.parse(lower.stdout)).toEqual({
      accountId: listed.accountId,
      email: 'big@example.com',
      plan: 'agency',
      pageCap: 75_000,
      maxPagesPerAudit: 75_000,
    });
    const cleared = await adminHere(['accounts', 'clear-page-cap', '--email', 'big@example.com'], { databaseUrl });
    expect(cleared).toMatchObject({ code: 0, stderr: '' });
    expect(cleared.stdout.trim()).toBe("Account big@example.com (plan agency): no page cap of its own; audits may have up to 50,000 pages, the plan's cap.");
    const clearedJson = await adminHere(['accounts', 'clear-page-cap', '--email', 'big@example.com', '--json'], { databaseUrl });
    expect(JSON.parse(clearedJson.stdout)).toMatchObject({ pageCap: null, maxPagesPerAudit: 50_000 });

    const [unknown, tooMany] = await Promise.all([
      admin(['accounts', 'set-page-cap', '--email', 'nobody@example.com', '--max-pages', '1000'], { databaseUrl }),
      adminHere(['accounts', 'set-page-cap', '--email', 'big@example.com', '--max-pages', '1000001'], { databaseUrl }),
    ]);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'admin: No account with e-mail nobody@example.com\n' });
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toBe('admin: --max-pages must be a whole number from 1 to 1000000, not "1000001" (clear-page-cap removes a cap) (see --help)\n');
  });

  it('prints usage for --help', async () => {
    const run = await admin(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('keys create --email');
  });

  it('uses ./data/seo-geo.db in the current directory when DATABASE_URL is not set', async () => {
    const cwd = tempDir();
    const run = await admin(['keys', 'create', '--email', 'default@example.com', '--plan', 'agency'], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/sk_live_[0-9A-Za-z]{32}/);
    expect(existsSync(join(cwd, 'data', 'seo-geo.db'))).toBe(true);
  });
});

// The admin command reads its configuration as the server does: a key created with
// DATABASE_SCHEMA set is a key the server (on that schema) accepts.
const pgUrl = postgresUrl();
if (!pgUrl) console.warn('SKIPPED: "admin keys on a PostgreSQL schema" — DATABASE_URL is not set to a postgres:// URL');
describe.skipIf(!pgUrl)('admin keys on a PostgreSQL schema', { timeout: 120_000 }, () => {
  const schema = randomSchemaName();
  afterAll(async () => dropSchema(pgUrl!, schema));

  it('creates the key in DATABASE_SCHEMA, where the server finds it', async () => {
    const run = await admin(['keys', 'create', '--email', 'schema@example.com', '--plan', 'pro'], { databaseUrl: pgUrl, env: { DATABASE_SCHEMA: schema } });
    expect(run.code, run.stderr).toBe(0);
    const key = /sk_live_[0-9A-Za-z]{32}/.exec(run.stdout)![0];
    const server = await startTestServer({ database: 'postgres', databaseSchema: schema });
    try {
      expect((await server.call('/me', { key })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('refuses a DATABASE_SCHEMA that is not an SQL identifier, touching no database', async () => {
    const run = await admin(['keys', 'list', '--email', 'schema@example.com'], { databaseUrl: pgUrl, env: { DATABASE_SCHEMA: 'Bad-Name' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_SCHEMA');
  });
});
