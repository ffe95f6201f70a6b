// Every variable the README documents is checked at start: a bad value stops it with one line
// that names the variable, never later as an "internal error" on the first audit. The variables
// are read from the README's table, so a variable documented without a check fails here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/environment.js';

const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

/** The variables named in the first column of the README's "Configuration (environment)" table. */
function documentedVariables(): string[] {
  const section = README.slice(README.indexOf('## Configuration (environment)'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| variable')));
  const names = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return [...new Set(names)];
}

/** For each variable, values it must refuse (the first is what the review met, where there was one). */
const BAD_VALUES: Record<string, string[]> = {
  PORT: ['eighty', '70000', '-1'],
  HOST: ['not a host', 'exa_mple..com', 'http://0.0.0.0'],
  API_PROCESSES: ['0', 'many', '65'],
  DATABASE_URL: ['mysql://app:s3cret@db/x', 'postgres://', 'sqlite:'],
  DATABASE_SCHEMA: ['Bad-Name', '1st'],
  DATABASE_LOCK_TIMEOUT_MS: ['-1', 'soon', '60001'],
  REDIS_URL: ['http://127.0.0.1:6379', 'redis://', 'localhost:6379'],
  REDIS_KEY_PREFIX: ['has space', 'x'.repeat(101)],
  LOG_LEVEL: ['loud', 'verbose'],
  IN_PROCESS_WORKERS: ['maybe', '2'],
  WORKER_CONCURRENCY: ['0', 'x', '65'],
  WORKER_LEASE_MS: ['x', '499'],
  WORKER_POLL_MS: ['5', 'fast'],
  SHUTDOWN_GRACE_MS: ['soon', '-1', '600001'],
  ANALYSIS_THREADS: ['-1', 'all', '65'],
  AUDIT_CRAWL_WORKERS: ['0', 'x', '65', '2'], // 2 on the default SQLite: the shared frontier needs PostgreSQL
  AUDIT_TIME_BUDGET_MS_PER_PAGE: ['0', 'slow', '60001'],
  SITE_CHECKS_MEMORY_MB: ['0', 'lots', '65537'],
  MONITOR_SCHEDULER_INTERVAL_MS: ['soon', '9'],
  CRAWLER_ALLOW_CIDRS: ['localhost', '127.0.0.1/40', '127.0.0.0/8,nonsense', '10.0.0.0/8;192.168.0.0/16'],
  WEBHOOK_SECRETS_KEY: ['short', 'z'.repeat(64)],
  TRUST_PROXY: ['true', 'everyone', '10.0.0.0/33'],
  GEO_ENGINES: ['{not json', '[{"name":1}]'],
  BROWSER_EXECUTABLE: ['/nonexistent/chromium'],
  RENDER_POOL_SIZE: ['0', '17'],
  RENDER_TIMEOUT_MS: ['1', 'long'],
  VALIDATE_RESPONSES: ['sometimes', 'yes please'],
  IDEMPOTENCY_LEASE_MS: ['5', 'forever'],
  WEBHOOK_TIMEOUT_MS: ['0', '60001'],
  REQUEST_TIMEOUT_MS: ['long', '999'],
  HEADERS_TIMEOUT_MS: ['999999999', '999'],
  NODE_ENV: ['prod', 'Production', 'staging'],
  DEMO_ACCOUNT: ['sometimes', 'demo'],
};
/** Documented, and any value is valid. */
const ANY_VALUE = new Set<string>();

describe('every documented variable', () => {
  const variables = documentedVariables();

  it('is read from the README (the table is found)', () => {
    expect(variables).toContain('PORT');
    expect(variables).toContain('CRAWLER_ALLOW_CIDRS');
    expect(variables.length).toBeGreaterThan(20);
  });

  it('has bad values to try here', () => {
    expect(variables.filter((name) => !(name in BAD_VALUES))).toEqual([]);
  });

  it.each(variables.filter((name) => !ANY_VALUE.has(name)))('%s: a bad value stops the start with one line naming it', (name) => {
    const bad = BAD_VALUES[name] ?? [];
    expect(bad.length).toBeGreaterThan(0);
    for (const value of bad) {
      let error: unknown = null;
      try {
        loadConfig({ [name]: value });
      } catch (caught) {
        error = caught;
      }
      expect(error, `${name}=${value} was accepted`).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message, `${name}=${value}`).toContain(name);
      expect(message).not.toContain('\n');
    }
  });
});

describe('at the terminal', () => {
  const main = fileURLToPath(new URL('../src/processes/api.ts', import.meta.url));
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('stops an invalid CRAWLER_ALLOW_CIDRS with one line, before anything starts', () => {
    const result = start({ CRAWLER_ALLOW_CIDRS: 'localhost' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Configuration error: CRAWLER_ALLOW_CIDRS must be CIDRs/);
    expect(result.stdout).not.toContain('listening');
  });

  it('stops with one line naming the database when PostgreSQL cannot be reached', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = start({ DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/test`, REDIS_URL: '' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Failed to start: the database at postgres://app:***@127.0.0.1:${port}/test cannot be reached (ECONNREFUSED)`);
  });
});
