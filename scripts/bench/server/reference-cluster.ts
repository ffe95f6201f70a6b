// The reference server as `API_PROCESSES=N npm start` runs it: this process is the cluster's
// primary, and startCluster() from the server package forks N API processes (cluster-worker.ts)
// that share one listening port. As processes/api.ts does, the primary prepares the database once before
// they start (here: migrates and seeds the bench account on a server of its own, closed again).
// Its CPU time and the API processes' are added up for the report.
import type { Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfig, MemoryRateLimitStore, startCluster, startServer } from '@seo-geo/server';
import { LOOPBACK } from '../lib/net.js';
import { CLUSTER_CONFIG_ENV, type ClusterStore, type ClusterWorkerMessage } from './protocol.js';
import { seedBenchAccount } from './reference.js';

const WORKER = fileURLToPath(new URL('./cluster-worker.ts', import.meta.url));
const STATS_TIMEOUT_MS = 5_000;

export interface ReferenceCluster {
  url: string;
  apiKey: string;
  bypass: string;
  stats(): Promise<{ keyTakes: number; cpuMicros: number }>;
  close(): Promise<void>;
}

/** The environment an operator would set: on PostgreSQL and Redis it passes the API_PROCESSES check as in production. */
function configEnv(processes: number, store: ClusterStore): NodeJS.ProcessEnv {
  const common = { NODE_ENV: 'production', HOST: LOOPBACK, PORT: '0', LOG_LEVEL: 'silent', VALIDATE_RESPONSES: 'false', IN_PROCESS_WORKERS: 'false' };
  if (store.kind === 'postgres') {
    return {
      ...common,
      API_PROCESSES: String(processes),
      DATABASE_URL: store.databaseUrl,
      DATABASE_SCHEMA: store.schema,
      REDIS_URL: store.redisUrl,
      REDIS_KEY_PREFIX: store.keyPrefix,
    };
  }
  // No Redis on this machine: API_PROCESSES would (rightly) be refused, so the processes are
  // counted by startCluster alone and each keeps its own, bottomless, in-memory buckets.
  return { ...common, DATABASE_URL: `sqlite:${store.sqliteFile}` };
}

export async function startReferenceCluster(options: { processes: number; store: ClusterStore }): Promise<ReferenceCluster> {
  const env = configEnv(options.processes, options.store);
  const config = loadConfig(env);

  const seeding = await startServer({ config, rateLimitStore: new MemoryRateLimitStore() });
  let apiKey: string;
  try {
    apiKey = await seedBenchAccount(seeding.services);
  } finally {
    await seeding.close();
  }

  const running = await startCluster({
    processes: options.processes,
    logger: createLogger('silent'),
    exec: WORKER,
    env: { [CLUSTER_CONFIG_ENV]: JSON.stringify(env) },
  });
  const url = `http://${LOOPBACK}:${running.port}`;
  const stats = async () => {
    const replies = await Promise.all(running.workers().map(askStats));
    const own = process.cpuUsage();
    return replies.reduce((sum, reply) => ({ keyTakes: sum.keyTakes + reply.keyTakes, cpuMicros: sum.cpuMicros + reply.cpuMicros }), {
      keyTakes: 0,
      cpuMicros: own.user + own.system,
    });
  };
  try {
    // Did the API processes use the bench's store? One authenticated request tells.
    const probe = await fetch(`${url}/api/public/v1/projects`, { headers: { authorization: `Bearer ${apiKey}` } });
    await probe.arrayBuffer();
    if ((await stats()).keyTakes === 0) throw new Error('The API processes did not take from the bench’s per-key buckets');
  } catch (error) {
    await running.stop();
    throw error;
  }
  const store = options.store.kind === 'postgres' ? 'Redis store' : 'in-memory store of each process';
  return {
    url,
    apiKey,
    bypass: `startServer({ rateLimitStore }) in each API process: the ${store} with the per-key bucket deepened`,
    stats,
    close: async () => {
      await running.stop();
    },
  };
}

function askStats(worker: Worker): Promise<{ keyTakes: number; cpuMicros: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`API process ${String(worker.process.pid)} did not report its stats`)), STATS_TIMEOUT_MS);
    const onMessage = (message: ClusterWorkerMessage) => {
      if (message.type === 'bench-stats-reply') finish(undefined, message);
    };
    function finish(error?: Error, reply?: { keyTakes: number; cpuMicros: number }) {
      clearTimeout(timer);
      worker.off('message', onMessage);
      if (error) reject(error);
      else resolve({ keyTakes: reply!.keyTakes, cpuMicros: reply!.cpuMicros });
    }
    worker.on('message', onMessage);
    worker.send({ type: 'bench-stats' } satisfies ClusterWorkerMessage);
  });
}
