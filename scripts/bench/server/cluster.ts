// The reference server as one and as two API processes on one port (node:cluster, as
// API_PROCESSES runs it), each on a fresh store of the same kind: the same harness and store for
// both, so that their ratio is what the second process adds.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { dropSchema } from '../lib/postgres.js';
import { startChildTarget } from './child-target.js';
import { API_PATH, bench, fetchChecked, type Row } from './measure.js';
import type { Options } from './options.js';
import { BENCH_PROJECTS, type ClusterStore } from './protocol.js';

/** PostgreSQL and Redis when the machine has both (as scale mode runs), else a SQLite file. */
function clusterStores(workDir: string): { name: string; store: (processes: number) => ClusterStore } {
  const databaseUrl = process.env.DATABASE_URL?.trim() ?? '';
  const redisUrl = process.env.REDIS_URL?.trim() ?? '';
  if (/^postgres(ql)?:\/\//i.test(databaseUrl) && /^rediss?:\/\//i.test(redisUrl)) {
    return {
      name: 'PostgreSQL + Redis',
      store: () => {
        const suffix = randomBytes(4).toString('hex');
        return { kind: 'postgres', databaseUrl, schema: `bench_cluster_${suffix}`, redisUrl, keyPrefix: `bench:${suffix}:` };
      },
    };
  }
  return { name: 'SQLite file, buckets per process', store: (processes) => ({ kind: 'sqlite', sqliteFile: join(workDir, `cluster-${processes}.db`) }) };
}

/** The CPU time is the primary's and the API processes' together (not PostgreSQL's or Redis's). */
export async function benchCluster(workDir: string, options: Options): Promise<Row[]> {
  const stores = clusterStores(workDir);
  if (stores.name.startsWith('SQLite')) console.log('DATABASE_URL (postgres://) and REDIS_URL are not both set: the cluster rows run on a SQLite file.');
  const rows: Row[] = [];
  for (const processes of [1, 2]) rows.push(await benchProcesses(processes, stores.name, stores.store(processes), options));
  return rows;
}

async function benchProcesses(processes: number, storeName: string, store: ClusterStore, options: Options): Promise<Row> {
  const label = `reference ×${processes} (${storeName})`;
  const target = await startChildTarget({ type: 'start', kind: 'reference-cluster', processes, store });
  try {
    const auth = { authorization: `Bearer ${target.apiKey!}` };
    const { text } = await fetchChecked(target.url + API_PATH, auth, label);
    if ((JSON.parse(text) as { data?: unknown[] }).data?.length !== BENCH_PROJECTS)
      throw new Error(`${label}: expected ${BENCH_PROJECTS} projects, got: ${text.slice(0, 300)}`);
    console.log(`Reference ×${processes} ready at ${target.url}: ${processes} API process${processes > 1 ? 'es' : ''} behind a cluster primary, ${storeName}.`);
    console.log(`  rate-limit bypass: ${target.bypass!}`);
    const before = (await target.stats()).keyTakes;
    const measured = await bench(label, target.url + API_PATH, auth, options, async () => (await target.stats()).cpuMicros);
    const takes = (await target.stats()).keyTakes - before;
    console.log(
      `  the per-key rate limiter ran ${takes} times (autocannon completed ${measured.result!.warmupRequests + measured.result!.totalRequests} requests)`,
    );
    return { target: 'reference-x2', label, processes, ...measured };
  } finally {
    await target.stop();
    // The Redis keys of a run need no cleanup: a bucket's key expires once the bucket is full again.
    if (store.kind === 'postgres') await dropSchema(store.databaseUrl, store.schema);
  }
}
