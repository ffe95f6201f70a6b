// `npm start`: the reference server on its embedded defaults (SQLite file under ./data, in-memory
// buckets, in-process workers), or the scale mode when DATABASE_URL/REDIS_URL say so. With
// API_PROCESSES=N (N > 1) this process becomes the primary of N API processes on the one port
// (cluster.ts), each of which runs this file again as a cluster worker.
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { startCluster } from './cluster.js';
import { createApi } from '../composition/api.js';
import { openRoot } from '../composition/root.js';
import { stopOnSignals } from '../composition/signals.js';
import { DEFAULT_DATABASE_URL, loadConfigOrExit, redactUrl, type Config } from '../config/environment.js';
import { ensureDemoKey } from '../services/accounts/demo-account.js';
import { createLogger } from '../http/logging.js';
import { MemoryRateLimitStore } from '../ratelimit/index.js';
import { startServer } from './api-server.js';

type DemoKey = Awaited<ReturnType<typeof ensureDemoKey>>;

/**
 * The admin command for this server's database: run without its DATABASE_URL, it would write the
 * key into the default SQLite file instead. A password in the URL is not printed; the variable is.
 */
function adminHint(config: Config): string {
  const command = 'npm run admin -- keys create --email you@example.com --plan pro';
  const settings: string[] = [];
  if (config.databaseUrl !== DEFAULT_DATABASE_URL) {
    settings.push(redactUrl(config.databaseUrl) === config.databaseUrl ? `DATABASE_URL='${config.databaseUrl}'` : 'DATABASE_URL="$DATABASE_URL"');
  }
  if (config.databaseSchema) settings.push(`DATABASE_SCHEMA=${config.databaseSchema}`);
  return [...settings, command].join(' ');
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.apiProcesses > 1 && cluster.isPrimary) return startPrimary(config);

  const running = await startServer({ config });
  stopOnSignals(running.logger, 'shutting down: no new connections, finishing in-flight requests', () => running.close().then(() => true));
  // One of API_PROCESSES: the primary has prepared the database and printed the banner.
  if (cluster.isWorker) return;

  const demo = config.demoAccount ? await ensureDemoKey(running.services) : null;
  const readiness = await running.readiness();
  console.log(banner(config, running.url, running.baseUrl, demo, readiness.checks.rateLimits === 'ok'));
  warnIfUnsealed(config, running.logger);
}

/** API_PROCESSES > 1: migrate and make the demo key once, then fork the API processes and watch them. */
async function startPrimary(config: Config): Promise<void> {
  const logger = createLogger(config.logLevel);
  const demo = await prepareDatabase(config, logger);
  const running = await startCluster({ processes: config.apiProcesses, logger });
  stopOnSignals(logger, 'shutting down: stopping every API process', () => running.stop());
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${running.port}`;
  console.log(banner(config, url, `${url}/api/public/v1`, demo));
  warnIfUnsealed(config, logger);
}

/** The migrations and the demo key, before any API process starts, so that neither races. */
async function prepareDatabase(config: Config, logger: Logger): Promise<DemoKey> {
  const root = await openRoot({ config, logger });
  try {
    if (!config.demoAccount) return null;
    // The primary serves no request: the API is built only for its services, with no Redis connection.
    return await ensureDemoKey(createApi(root, { rateLimitStore: new MemoryRateLimitStore() }).services);
  } finally {
    await root.close();
  }
}

/**
 * `redisReachable`: false when Redis did not answer at start. The server starts all the same (its
 * liveness probe answers, /readyz says what is missing, API calls answer 503 with Retry-After)
 * and serves as soon as Redis does, as a service behind an orchestrator should.
 */
function banner(config: Config, url: string, baseUrl: string, demo: DemoKey, redisReachable = true): string {
  const limits = config.redisUrl ? `Redis${redisReachable ? '' : ' (NOT REACHABLE: every API call answers 503 until it is; see /readyz)'}` : 'in memory';
  const processes = config.apiProcesses > 1 ? ` (${config.apiProcesses} API processes)` : '';
  const lines = [
    '',
    `SEO and GEO Analysis API reference server listening on ${url}${processes}`,
    `  storage: ${redactUrl(config.databaseUrl)}; rate limits: ${limits}`,
    `  docs:    ${url}/docs`,
    `  spec:    ${baseUrl}/openapi.json`,
  ];
  if (demo) {
    lines.push(
      '',
      `A demo account was created (${demo.email}, plan ${demo.plan}). Its API key, shown only this once:`,
      '',
      `  ${demo.apiKey}`,
      '',
      'Try it:',
      `  curl -i -H "Authorization: Bearer ${demo.apiKey}" ${baseUrl}/me`,
    );
  } else {
    lines.push('', 'Create an API key with (on the database this server uses):', '', `  ${adminHint(config)}`);
  }
  return lines.join('\n') + '\n';
}

function warnIfUnsealed(config: Config, logger: Logger): void {
  if (config.webhookSecretsKey === null && config.production) {
    logger.warn('WEBHOOK_SECRETS_KEY is not set: webhook signing secrets are stored in plain text (see the README)');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Failed to start: ${error.message}` : error);
  process.exit(1);
});
