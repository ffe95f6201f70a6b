// `npm run worker`: a worker process for scale mode. It opens the same composition root as the API
// (the database the API processes write, PostgreSQL at scale) and runs the background work there:
// the job worker, the GEO monitor scheduler and the webhook deliveries. On SIGTERM or SIGINT it
// stops claiming, lets running jobs finish within their grace period, and closes the database.
import { loadConfigOrExit, redactUrl } from '../config/environment.js';
import { createLogger } from '../http/logging.js';
import { openRoot, startBackground } from '../composition/root.js';
import { stopOnSignals } from '../composition/signals.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const root = await openRoot({ config, logger });
  const background = startBackground(root);
  await background.worker.started;
  stopOnSignals(logger, 'shutting down: no new jobs, finishing running ones', async () => {
    await background.stop();
    await root.close();
    return true;
  });
  logger.info({ workerId: background.worker.workerId, storage: redactUrl(config.databaseUrl) }, 'job worker running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Failed to start: ${error.message}` : error);
  process.exit(1);
});
