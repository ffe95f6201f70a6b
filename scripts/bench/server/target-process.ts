// Entry point of a target's child process: starts the server the parent asks for, reports its
// address, and closes it cleanly when told (a clean exit is also what writes a --cpu-prof file).
import type { ChildMessage, ParentMessage } from './protocol.js';
import { startExpress, startExpressValidated, startNodeHttp } from './baselines.js';
import { startReferenceServer } from './reference.js';
import { startReferenceCluster, type ReferenceCluster } from './reference-cluster.js';
import { keyTakes } from './unlimited-key-buckets.js';

let running: { close(): Promise<void> } | undefined;
/** The cluster target counts its API processes' CPU time and limiter takes, not only this process's. */
let cluster: ReferenceCluster | undefined;

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function stop(code: number): Promise<never> {
  try {
    await running?.close();
  } finally {
    send({ type: 'stopped' });
    // Let the IPC channel flush the last message before leaving.
    setImmediate(() => process.exit(code));
  }
  return new Promise<never>(() => undefined);
}

process.on('message', (message: ParentMessage) => {
  void (async () => {
    try {
      if (message.type === 'start') {
        if (message.kind === 'reference') {
          const reference = await startReferenceServer({ sqliteFile: message.sqliteFile });
          running = reference;
          send({ type: 'ready', url: reference.url, apiKey: reference.apiKey, bypass: reference.bypass, workloads: reference.workloads });
        } else if (message.kind === 'reference-cluster') {
          cluster = await startReferenceCluster(message);
          running = cluster;
          send({ type: 'ready', url: cluster.url, apiKey: cluster.apiKey, bypass: cluster.bypass });
        } else {
          const start = { 'node-http': startNodeHttp, express: startExpress, 'express-validated': startExpressValidated }[message.kind];
          const baseline = await start(message.body);
          running = baseline;
          send({ type: 'ready', url: baseline.url });
        }
      } else if (message.type === 'stats') {
        const cpu = process.cpuUsage();
        send(cluster ? { type: 'stats', ...(await cluster.stats()) } : { type: 'stats', keyTakes: keyTakes.count, cpuMicros: cpu.user + cpu.system });
      } else {
        // message.type === 'stop'
        await stop(0);
      }
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      await stop(1);
    }
  })();
});

// The parent went away (crash, Ctrl-C): never outlive it.
process.on('disconnect', () => void stop(0));
