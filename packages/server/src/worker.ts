// `npm run worker`: a job worker process for scale mode. It claims jobs from the same database the
// API processes write (PostgreSQL at scale) and runs the handlers of jobs/registry.ts.
import { databaseOptions, loadConfigOrExit, redactUrl } from './config.js';
import { createLogger } from './http/logging.js';
import { jobHandlers, onJobExhausted, reconcileOrphans } from './jobs/registry.js';
import { rendererFor } from './jobs/renderer.js';
import { runWorkerProcess } from './jobs/worker-process.js';
import { runMonitorSchedulerProcess } from './jobs/monitor-scheduler.js';
import { runDeliveryLoopProcess } from './webhooks/worker-deliveries.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  const renderer = rendererFor(config);
  const worker = await runWorkerProcess({
    databaseUrl: config.databaseUrl,
    database: databaseOptions(config),
    logger,
    handlers: (deps) => jobHandlers({ ...deps, config, ...(renderer ? { renderer } : {}) }),
    ...(renderer ? { resources: [renderer] } : {}),
    onExhausted: (deps) => onJobExhausted(deps),
    reconcile: (deps) => reconcileOrphans(deps),
    worker: config.worker,
  });
  // Webhook deliveries run beside the jobs: the API processes of scale mode do not send them.
  await runDeliveryLoopProcess(config, logger);
  // So does the GEO monitor scheduler: each tick's run is created once, whatever the number of workers.
  await runMonitorSchedulerProcess(config, logger, { onScheduled: () => worker.wake() });
  logger.info({ workerId: worker.workerId, storage: redactUrl(config.databaseUrl) }, 'job worker running');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Failed to start: ${error.message}` : error);
  process.exit(1);
});
