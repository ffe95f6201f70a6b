// `npm start`: the reference server on its embedded defaults (SQLite file under ./data, in-memory
// buckets, in-process workers), or the scale mode when DATABASE_URL/REDIS_URL say so.
import { DEFAULT_DATABASE_URL, loadConfigOrExit, redactUrl, type Config } from './config.js';
import { ensureDemoKey } from './demo-account.js';
import { startServer } from './server.js';

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
  const running = await startServer({ config });
  const demo = await ensureDemoKey(running.services);

  const lines = [
    '',
    `SEO and GEO Analysis API reference server listening on ${running.url}`,
    `  storage: ${redactUrl(config.databaseUrl)}; rate limits: ${config.redisUrl ? 'Redis' : 'in memory'}`,
    `  docs:    ${running.url}/docs`,
    `  spec:    ${running.baseUrl}/openapi.json`,
  ];
  if (demo) {
    lines.push(
      '',
      `A demo account was created (${demo.email}, plan ${demo.plan}). Its API key, shown only this once:`,
      '',
      `  ${demo.apiKey}`,
      '',
      'Try it:',
      `  curl -i -H "Authorization: Bearer ${demo.apiKey}" ${running.baseUrl}/me`,
    );
  } else {
    lines.push('', 'Create an API key with (on the database this server uses):', '', `  ${adminHint(config)}`);
  }
  console.log(lines.join('\n') + '\n');
  if (config.webhookSecretsKey === null && process.env.NODE_ENV === 'production') {
    running.logger.warn('WEBHOOK_SECRETS_KEY is not set: webhook signing secrets are stored in plain text (see the README)');
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Failed to start: ${error.message}` : error);
  process.exit(1);
});
