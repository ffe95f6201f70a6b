// Configuration comes from the environment only. Invalid values stop the start with one line that
// names the variable and what it accepts.
import { accessSync, constants } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { EngineConfigError, parseEngineConfig, validatePolicy, type AnswerEngineConfig } from '@seo-geo/engine';
import type { DatabaseOptions } from '../storage/database.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  /**
   * API processes `npm start` runs on the one port (API_PROCESSES, a number or `auto` for one per
   * core; node:cluster, see cluster.ts). More than one needs state they share: see checkApiProcesses.
   */
  apiProcesses: number;
  databaseUrl: string;
  redisUrl: string | null;
  /** Prepended to every key the server writes in Redis (REDIS_KEY_PREFIX); null: the default, `seo-geo:ratelimit:`. */
  redisKeyPrefix: string | null;
  logLevel: LogLevel;
  /** NODE_ENV is production: the demo account is off, responses are not validated, unless said otherwise. */
  production: boolean;
  /**
   * On an empty database, `npm start` creates a demo account and prints its key (DEMO_ACCOUNT): for
   * a laptop, so on by default outside production only.
   */
  demoAccount: boolean;
  /** Response validation against the spec: on in development and tests, a setting elsewhere. */
  validateResponses: boolean;
  /** Run audit and GEO-test workers inside the API process (the embedded default). */
  inProcessWorkers: boolean;
  /** Addresses the crawler may fetch although they are private (e.g. `127.0.0.0/8` for local testing). */
  allowedFetchCidrs: string[];
  /** PostgreSQL schema holding the tables (default: the connection's search path). */
  databaseSchema: string | null;
  /** SQLite: how long a write waits for another process's lock before answering 503. */
  databaseLockTimeoutMs: number;
  /**
   * Proxies whose X-Forwarded-For names the client (addresses, CIDRs, or loopback, linklocal,
   * uniquelocal); null: the client is the socket's peer. Rate limits per client address use it.
   */
  trustProxy: string[] | null;
  /** How long an unfinished idempotent POST holds its key (a crashed one frees it after this). */
  idempotencyLeaseMs: number;
  /** Per webhook delivery attempt; a delivery is leased for four times this. */
  webhookTimeoutMs: number;
  /** Time to receive a whole request, and its headers (slow or trickled requests are ended). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** 32 bytes sealing webhook signing secrets at rest (WEBHOOK_SECRETS_KEY); null: stored as they are. */
  webhookSecretsKey: Buffer | null;
  /** Answer engines for GEO monitor tests (`GEO_ENGINES`, a JSON list); empty when none is configured. */
  geoEngines: AnswerEngineConfig[];
  /** Worker threads that analyse audited pages, off the thread that answers requests (ANALYSIS_THREADS); 0: on that thread. */
  analysisThreads: number;
  /**
   * Workers that crawl one audit together (AUDIT_CRAWL_WORKERS, PostgreSQL only): the audit's job
   * leads and enqueues this many minus one helper jobs, which any worker process may take.
   */
  auditCrawlWorkers: number;
  /**
   * An audit's crawl may run for its `maxPages` × this many ms, and at least 10 minutes
   * (AUDIT_TIME_BUDGET_MS_PER_PAGE; default 12: 50,000 pages get 10 minutes, 1,000,000 get 200).
   */
  auditTimeBudgetMsPerPage: number;
  /** Bytes of memory an audit's site checks keep their columns and arrays in (SITE_CHECKS_MEMORY_MB); the rest pages to a scratch file. */
  siteChecksMemoryBytes: number;
  /** Job worker tuning (in-process and `npm run worker`). */
  worker: { concurrency: number; leaseMs: number; pollIntervalMs: number };
  /**
   * On SIGTERM or SIGINT, how long requests in flight and running jobs have to finish
   * (SHUTDOWN_GRACE_MS): then the requests are cut and the jobs given back to the queue.
   */
  shutdownGraceMs: number;
  /** Real ms between two ticks of the GEO monitor scheduler that runs beside the workers (MONITOR_SCHEDULER_INTERVAL_MS). */
  monitorSchedulerIntervalMs: number;
  /**
   * The browser audits render JavaScript with (`BROWSER_EXECUTABLE`, e.g. Debian's
   * /usr/bin/chromium); null: audits cannot render, and asking answers 503.
   */
  rendering: { executablePath: string; poolSize: number; timeoutMs: number } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/seo-geo.db';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 'PORT', 3000, 0, 65535);
  const host = hostName(env.HOST);
  const databaseUrl = env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  if (
    !/^(postgres(ql)?:\/\/|sqlite:)/i.test(databaseUrl) ||
    (/^postgres/i.test(databaseUrl) && !hasHost(databaseUrl)) ||
    /^sqlite:(\/\/)?$/i.test(databaseUrl)
  ) {
    throw new ConfigError(`DATABASE_URL must start with postgres://, postgresql:// or sqlite: and name a host or a file (got "${redactUrl(databaseUrl)}")`);
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl !== null && !(/^rediss?:\/\//i.test(redisUrl) && hasHost(redisUrl))) {
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss:// and name a host (got "${redactUrl(redisUrl)}")`);
  }
  const redisKeyPrefix = env.REDIS_KEY_PREFIX?.trim() || null;
  if (redisKeyPrefix !== null && !/^[\x21-\x7e]{1,100}$/.test(redisKeyPrefix)) {
    throw new ConfigError(`REDIS_KEY_PREFIX must be 1 to 100 printable ASCII characters without spaces (got "${env.REDIS_KEY_PREFIX ?? ''}")`);
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL ?? ''}")`);
  }
  const production = nodeEnvironment(env.NODE_ENV) === 'production';
  const config: Config = {
    port,
    host,
    apiProcesses: apiProcesses(env.API_PROCESSES),
    databaseUrl,
    redisUrl,
    redisKeyPrefix,
    logLevel,
    production,
    demoAccount: boolean(env.DEMO_ACCOUNT, 'DEMO_ACCOUNT', !production),
    validateResponses: boolean(env.VALIDATE_RESPONSES, 'VALIDATE_RESPONSES', !production),
    inProcessWorkers: boolean(env.IN_PROCESS_WORKERS, 'IN_PROCESS_WORKERS', true),
    allowedFetchCidrs: allowedCidrs(env.CRAWLER_ALLOW_CIDRS),
    databaseSchema: schemaName(env.DATABASE_SCHEMA),
    databaseLockTimeoutMs: integer(env.DATABASE_LOCK_TIMEOUT_MS, 'DATABASE_LOCK_TIMEOUT_MS', 5_000, 0, 60_000),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    idempotencyLeaseMs: integer(env.IDEMPOTENCY_LEASE_MS, 'IDEMPOTENCY_LEASE_MS', 60_000, 1_000, 3_600_000),
    webhookTimeoutMs: integer(env.WEBHOOK_TIMEOUT_MS, 'WEBHOOK_TIMEOUT_MS', 15_000, 1_000, 60_000),
    requestTimeoutMs: integer(env.REQUEST_TIMEOUT_MS, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    headersTimeoutMs: integer(env.HEADERS_TIMEOUT_MS, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 120_000),
    webhookSecretsKey: secretsKey(env.WEBHOOK_SECRETS_KEY),
    geoEngines: answerEngines(env.GEO_ENGINES),
    analysisThreads: integer(env.ANALYSIS_THREADS, 'ANALYSIS_THREADS', 1, 0, 64),
    auditCrawlWorkers: integer(env.AUDIT_CRAWL_WORKERS, 'AUDIT_CRAWL_WORKERS', 1, 1, 64),
    auditTimeBudgetMsPerPage: integer(env.AUDIT_TIME_BUDGET_MS_PER_PAGE, 'AUDIT_TIME_BUDGET_MS_PER_PAGE', 12, 1, 60_000),
    siteChecksMemoryBytes: integer(env.SITE_CHECKS_MEMORY_MB, 'SITE_CHECKS_MEMORY_MB', 16, 1, 65_536) * 1024 * 1024,
    worker: {
      concurrency: integer(env.WORKER_CONCURRENCY, 'WORKER_CONCURRENCY', 4, 1, 64),
      leaseMs: integer(env.WORKER_LEASE_MS, 'WORKER_LEASE_MS', 30_000, 500, 3_600_000),
      pollIntervalMs: integer(env.WORKER_POLL_MS, 'WORKER_POLL_MS', 500, 10, 60_000),
    },
    shutdownGraceMs: integer(env.SHUTDOWN_GRACE_MS, 'SHUTDOWN_GRACE_MS', 25_000, 0, 600_000),
    monitorSchedulerIntervalMs: integer(env.MONITOR_SCHEDULER_INTERVAL_MS, 'MONITOR_SCHEDULER_INTERVAL_MS', 5_000, 10, 600_000),
    rendering: rendering(env),
  };
  checkApiProcesses(config);
  if (config.auditCrawlWorkers > 1 && !/^postgres(ql)?:\/\//i.test(config.databaseUrl))
    throw new ConfigError(`AUDIT_CRAWL_WORKERS=${config.auditCrawlWorkers} needs a postgres:// DATABASE_URL: the workers share the audit's frontier there`);
  return config;
}

const NODE_ENVIRONMENTS = ['production', 'development', 'test'] as const;

/**
 * What the rest of the ecosystem reads NODE_ENV as (Express, and the libraries it loads, compare it
 * with 'production' exactly): a mistyped `prod` would quietly start a development server in
 * production, demo account included, so only the three names are accepted. Unset: development.
 */
function nodeEnvironment(raw: string | undefined): (typeof NODE_ENVIRONMENTS)[number] {
  if (raw === undefined || raw === '') return 'development';
  const found = NODE_ENVIRONMENTS.find((name) => name === raw);
  if (!found) throw new ConfigError(`NODE_ENV must be ${NODE_ENVIRONMENTS.slice(0, -1).join(', ')} or ${NODE_ENVIRONMENTS.at(-1)!} (got "${raw}")`);
  return found;
}

/** An address or a host name to listen on: what `listen` would otherwise refuse after the start. */
function hostName(raw: string | undefined): string {
  const host = raw?.trim() || '127.0.0.1';
  if (isIP(host) === 0 && !/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(host)) {
    throw new ConfigError(`HOST must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::1 (got "${raw ?? ''}")`);
  }
  return host;
}

function hasHost(url: string): boolean {
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** CIDRs the crawler may reach although private, read by the engine's own address policy. */
function allowedCidrs(raw: string | undefined): string[] {
  const cidrs = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  try {
    validatePolicy({ allowCidrs: cidrs });
  } catch (error) {
    throw new ConfigError(`CRAWLER_ALLOW_CIDRS must be CIDRs, comma-separated, such as 127.0.0.0/8 or 10.1.0.0/16 (${(error as Error).message})`);
  }
  return cidrs;
}

const MAX_API_PROCESSES = 64;

function apiProcesses(raw: string | undefined): number {
  if (raw?.trim().toLowerCase() === 'auto') return Math.min(availableParallelism(), MAX_API_PROCESSES);
  try {
    return integer(raw, 'API_PROCESSES', 1, 1, MAX_API_PROCESSES);
  } catch {
    throw new ConfigError(`API_PROCESSES must be a whole number from 1 to ${MAX_API_PROCESSES} or auto (one per core) (got "${raw ?? ''}")`);
  }
}

/**
 * Several API processes answer as one server only on state they share: the database (a file or
 * PostgreSQL, not one in memory), the rate-limit buckets (Redis) and the job queue, worked by
 * `npm run worker` rather than by a worker inside each API process.
 */
function checkApiProcesses(config: Config): void {
  if (config.apiProcesses === 1) return;
  const missing: string[] = [];
  if (/^sqlite::memory:/i.test(config.databaseUrl))
    missing.push('a DATABASE_URL they share (sqlite::memory: is private to each process; use a sqlite: file or postgres://)');
  if (config.redisUrl === null) missing.push('REDIS_URL (in-memory rate-limit buckets are per process: each would grant a key its whole limit)');
  if (config.inProcessWorkers) missing.push('IN_PROCESS_WORKERS=false and `npm run worker` beside them (in-process workers would run in every API process)');
  if (missing.length > 0) throw new ConfigError(`API_PROCESSES=${config.apiProcesses} needs state the processes share: ${missing.join('; ')}`);
}

function rendering(env: NodeJS.ProcessEnv): Config['rendering'] {
  const executablePath = env.BROWSER_EXECUTABLE?.trim() ?? '';
  const poolSize = integer(env.RENDER_POOL_SIZE, 'RENDER_POOL_SIZE', 2, 1, 16);
  const timeoutMs = integer(env.RENDER_TIMEOUT_MS, 'RENDER_TIMEOUT_MS', 15_000, 1_000, 120_000);
  if (executablePath === '') return null;
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new ConfigError(`BROWSER_EXECUTABLE must name an executable browser, such as /usr/bin/chromium (got "${executablePath}")`);
  }
  return { executablePath, poolSize, timeoutMs };
}

function answerEngines(raw: string | undefined): AnswerEngineConfig[] {
  try {
    return parseEngineConfig(raw);
  } catch (error) {
    if (error instanceof EngineConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
function secretsKey(raw: string | undefined): Buffer | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : null;
  if (key === null || key.length !== 32) {
    throw new ConfigError('WEBHOOK_SECRETS_KEY must be 32 bytes, as 64 hex digits or in base64 (openssl rand -base64 32)');
  }
  return key;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxies(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'false') return null;
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && !(family !== 0 && validBits && extra === undefined)) {
      throw new ConfigError(
        `TRUST_PROXY must list proxy addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated (got "${entry}"); trusting every hop would let any client choose its address`,
      );
    }
  }
  return entries;
}

function schemaName(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw.trim())) {
    throw new ConfigError(`DATABASE_SCHEMA must be a lower-case SQL identifier (got "${raw}")`);
  }
  return raw.trim();
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function boolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** How every entry point opens the database (server, workers, admin): one reading of the settings. */
export function databaseOptions(config: Config, schema: string | null = config.databaseSchema): DatabaseOptions {
  return { ...(schema ? { schema } : {}), lockTimeoutMs: config.databaseLockTimeoutMs };
}

/** Never print a password from a connection URL. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

/** For the process entry points: the configuration, or one clear line on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}
