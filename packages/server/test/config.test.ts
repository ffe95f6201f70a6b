// Configuration from the environment: defaults, and one clear line for every invalid value.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_URL, loadConfig, redactUrl } from '../src/config/environment.js';

describe('loadConfig', () => {
  it('has the embedded defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: DEFAULT_DATABASE_URL,
      redisUrl: null,
      logLevel: 'info',
      inProcessWorkers: true,
      databaseLockTimeoutMs: 5_000,
      auditTimeBudgetMsPerPage: 12,
    });
    expect(loadConfig({ AUDIT_TIME_BUDGET_MS_PER_PAGE: '60' }).auditTimeBudgetMsPerPage).toBe(60);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must start with postgres:\/\/, postgresql:\/\/ or sqlite:/],
    [{ REDIS_URL: 'http://localhost' }, /REDIS_URL must start with redis:\/\//],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ VALIDATE_RESPONSES: 'maybe' }, /VALIDATE_RESPONSES must be true or false/],
    [{ DATABASE_LOCK_TIMEOUT_MS: '-1' }, /DATABASE_LOCK_TIMEOUT_MS must be a whole number from 0 to 60000/],
    [{ AUDIT_TIME_BUDGET_MS_PER_PAGE: '0' }, /AUDIT_TIME_BUDGET_MS_PER_PAGE must be a whole number from 1 to 60000/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints a password from a URL', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/x')).toBe('postgres://app:***@db:5432/x');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db/x' })).toThrow(/app:\*\*\*@db/);
  });

  it('stops `npm start` with one clear line on invalid configuration', () => {
    const main = fileURLToPath(new URL('../src/processes/api.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], { env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes proxy addresses, CIDRs and the names loopback, linklocal, uniquelocal', () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,192.0.2.7' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', '192.0.2.7']);
  });

  it('refuses "true" (every client could choose its address) and what is not an address', () => {
    for (const value of ['true', '*', 'proxy.example.com', '10.0.0.0/33']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
  });
});

describe('BROWSER_EXECUTABLE', () => {
  it('is off by default: no rendering', () => {
    expect(loadConfig({}).rendering).toBeNull();
  });

  it('takes an executable with the pool size and time limit', () => {
    // Any executable will do: the browser starts only when an audit renders.
    expect(loadConfig({ BROWSER_EXECUTABLE: process.execPath, RENDER_POOL_SIZE: '3', RENDER_TIMEOUT_MS: '20000' }).rendering).toEqual({
      executablePath: process.execPath,
      poolSize: 3,
      timeoutMs: 20_000,
    });
    expect(loadConfig({ BROWSER_EXECUTABLE: process.execPath }).rendering).toMatchObject({ poolSize: 2, timeoutMs: 15_000 });
  });

  it.each([
    [{ BROWSER_EXECUTABLE: '/no/such/chromium' }, /BROWSER_EXECUTABLE must name an executable browser/],
    [{ RENDER_POOL_SIZE: '0' }, /RENDER_POOL_SIZE must be a whole number from 1 to 16/],
    [{ RENDER_TIMEOUT_MS: '500' }, /RENDER_TIMEOUT_MS must be a whole number from 1000 to 120000/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('API_PROCESSES', () => {
  const shared = { DATABASE_URL: 'postgres://db/app', REDIS_URL: 'redis://cache', IN_PROCESS_WORKERS: 'false' };

  it('is one process by default; more, or auto (one per core), when the processes share their state', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ ...shared, API_PROCESSES: '4' }).apiProcesses).toBe(4);
    expect(loadConfig({ ...shared, API_PROCESSES: 'auto' }).apiProcesses).toBe(Math.min(availableParallelism(), 64));
    // A SQLite file is shared by the processes (one writer at a time).
    expect(loadConfig({ ...shared, DATABASE_URL: 'sqlite:./data/x.db', API_PROCESSES: '2' }).apiProcesses).toBe(2);
  });

  it.each([
    [{ API_PROCESSES: '0' }, /API_PROCESSES must be a whole number from 1 to 64 or auto/],
    [{ API_PROCESSES: 'many' }, /API_PROCESSES must be a whole number from 1 to 64 or auto/],
    [
      { ...shared, REDIS_URL: '', API_PROCESSES: '2' },
      /^API_PROCESSES=2 needs state the processes share: REDIS_URL \(in-memory rate-limit buckets are per process/,
    ],
    [
      { ...shared, IN_PROCESS_WORKERS: 'true', API_PROCESSES: '2' },
      /^API_PROCESSES=2 needs state the processes share: IN_PROCESS_WORKERS=false and `npm run worker`/,
    ],
    [
      { ...shared, DATABASE_URL: 'sqlite::memory:', API_PROCESSES: '2' },
      /^API_PROCESSES=2 needs state the processes share: a DATABASE_URL they share \(sqlite::memory: is private/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('is the store default unless set, and must be printable without spaces', () => {
    expect(loadConfig({}).redisKeyPrefix).toBeNull();
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:ratelimit:' }).redisKeyPrefix).toBe('staging:ratelimit:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX must be 1 to 100 printable ASCII characters without spaces/);
  });
});
