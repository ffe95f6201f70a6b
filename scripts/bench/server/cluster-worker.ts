// One API process of the bench's "reference ×N" target, forked by startCluster() as `npm start`
// forks processes/api.ts: startServer() on the configuration the primary hands over, listening on the
// cluster's one port. The bench's one departure is the same as for the single reference server:
// the per-key bucket is made bottomless, over the very store the configuration selects (Redis with
// REDIS_URL, else memory), so every request still runs the limiter, Redis round trip included.
import { createRateLimitStore, loadConfig, startServer } from '@seo-geo/server';
import { CLUSTER_CONFIG_ENV, type ClusterWorkerMessage } from './protocol.js';
import { keyTakes, UnlimitedKeyBuckets } from './unlimited-key-buckets.js';

const config = loadConfig(JSON.parse(process.env[CLUSTER_CONFIG_ENV] ?? '{}') as NodeJS.ProcessEnv);
const buckets = createRateLimitStore({
  ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
  ...(config.redisKeyPrefix ? { keyPrefix: config.redisKeyPrefix } : {}),
});
const running = await startServer({ config, rateLimitStore: new UnlimitedKeyBuckets(buckets.store) });

process.on('message', (message: ClusterWorkerMessage) => {
  if (message.type !== 'bench-stats') return;
  const cpu = process.cpuUsage();
  process.send?.({ type: 'bench-stats-reply', keyTakes: keyTakes.count, cpuMicros: cpu.user + cpu.system } satisfies ClusterWorkerMessage);
});

// As processes/api.ts: SIGTERM from the primary finishes in-flight requests, then exits 0.
let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void running
    .close()
    .then(() => buckets.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
});
