// The delivery loop of a `npm run worker` process (scale mode), on its own connection pool so it
// neither shares nor outlives the job worker's. On SIGTERM/SIGINT it stops claiming and lets the
// attempts in flight finish; one cut short by the process exiting is simply not recorded, and its
// lease passing makes it due again, for any worker, with the same `webhook-id`.
import type { Logger } from 'pino';
import { systemClock } from '../clock.js';
import { databaseOptions, type Config } from '../config.js';
import { createDatabase } from '../storage/database.js';
import { createWebhooksRepository } from '../storage/repositories/webhooks.js';
import { createSecretBox } from '../storage/secret-box.js';
import { startDeliveryLoop, type RunningDeliveryLoop } from './delivery-loop.js';

/** Call after the database is migrated (runWorkerProcess does that first). */
export async function runDeliveryLoopProcess(config: Config, logger: Logger): Promise<RunningDeliveryLoop> {
  const database = await createDatabase(config.databaseUrl, databaseOptions(config));
  const loop = startDeliveryLoop({
    webhooks: createWebhooksRepository(database.db, database.dialect, createSecretBox(config.webhookSecretsKey)),
    clock: systemClock,
    logger,
    policy: { allowCidrs: config.allowedFetchCidrs },
    timeoutMs: config.webhookTimeoutMs,
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= loop
      .stop()
      .then(() => database.close())
      .catch((error: unknown) => logger.error({ err: error }, 'stopping webhook deliveries failed'));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return loop;
}
