// The audit bench's job worker: what `npm run worker` (packages/server/src/processes/worker.ts) runs in scale
// mode, the composition root and its background work on the database the API writes, with one
// difference: the crawl resolves the bench site's host to 127.0.0.1 (the same hook the server's
// tests use, BackgroundOptions.crawl.resolver). Configured by the environment like the real one.
//
// Run by scripts/bench/audit/workers.ts through fork(). Sends { ready, workerId } once claiming; on the
// message 'stop' it stops as on SIGTERM (finish, close the database), sends { stopped, maxRssMb }
// and exits normally, so that a --cpu-prof profile gets written.
// @seo-geo/server/background, not the package's index: that one loads the HTTP API too (express,
// the OpenAPI validator, the docs), which a worker process never runs and whose memory would count
// as the worker's.
import { getHeapSpaceStatistics } from 'node:v8';
import { createLogger, loadConfig, openRoot, startBackground } from '@seo-geo/server/background';
import { benchResolver } from './shared.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const root = await openRoot({ config, logger });
  const budget = Number(process.env.BENCH_TIME_BUDGET_MS ?? '');
  const background = startBackground(root, {
    crawl: { resolver: benchResolver, ...(budget > 0 ? { limits: { timeBudgetMs: budget } } : {}) },
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await background.stop();
    await root.close();
    process.send?.({ stopped: true, maxRssMb: process.resourceUsage().maxRSS / 1024 });
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
  });
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send!({ ready: true, workerId: background.worker.workerId });
  // For the bench's memory breakdown: what V8 holds, a few times a second.
  const sample = () => {
    const spaces = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
    process.send?.({ memory: { ...process.memoryUsage(), spaces } });
  };
  setInterval(sample, 250).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
