// Two delivery loops on one database (the test server's and a second process's, as in scale
// mode) share a burst of events while the receiver fails some first attempts and answers slowly.
// Every (event, endpoint) is acknowledged exactly once, always under the event's own id, and
// every request the receiver saw is a recorded attempt (no delivery was sent by both loops at once).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountIdOf, createEndpoint, deliveriesOf, emitExampleEvent, fastDeliveries } from './support/endpoints.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { until } from '../support/wait.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const LOOP_SCRIPT = join(ROOT, 'packages/server/test/webhooks/support/loop-process.ts');
const EVENTS = 30;
const ENDPOINTS = 3;

const backends: Array<'sqlite-file' | 'postgres'> = postgresUrl() ? ['sqlite-file', 'postgres'] : ['sqlite-file'];
if (!postgresUrl()) console.warn('SKIPPED: "two delivery loops [postgres]" — DATABASE_URL is not set to a postgres:// URL');

interface LoopProcess {
  child: ChildProcess;
  /** Resolves with the number of attempts the process recorded, once it stopped. */
  stop(): Promise<number>;
}

function spawnLoop(env: Record<string, string>): Promise<LoopProcess> {
  // Node with tsx as a loader (not the tsx CLI), so the signal reaches the loop itself.
  const child = spawn(process.execPath, ['--import', 'tsx', LOOP_SCRIPT], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    const match = /recorded (\d+)/.exec(stdout);
    if (!match) throw new Error(`the loop process did not report; stderr:\n${stderr}`);
    return Number(match[1]);
  };
  return new Promise((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('ready\n')) ready({ child, stop });
    });
    void exited.then(() => fail(new Error(`the loop process exited early; stderr:\n${stderr}`)));
  });
}

describe.each(backends)('two delivery loops [%s]', (backend) => {
  let receiver: Receiver;
  let server: TestServer;
  let loop: LoopProcess | undefined;
  let dir: string | undefined;
  const schema = randomSchemaName();

  beforeAll(async () => {
    receiver = await startReceiver();
    let env: Record<string, string>;
    if (backend === 'postgres') {
      server = await startTestServer({ database: 'postgres', databaseSchema: schema, webhooks: fastDeliveries() });
      env = { DATABASE_URL: postgresUrl()!, SEO_GEO_TEST_SCHEMA: schema };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'seo-geo-webhooks-'));
      const url = `sqlite:${join(dir, 'loops.db')}`;
      server = await startTestServer({ env: { DATABASE_URL: url }, webhooks: fastDeliveries() });
      env = { DATABASE_URL: url };
    }
    loop = await spawnLoop(env);
  }, 30_000);
  afterAll(async () => {
    if (loop && loop.child.exitCode === null) loop.child.kill('SIGKILL');
    await server?.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchema(postgresUrl()!, schema);
  });

  it('acknowledges every (event, endpoint) exactly once, under the event id', async () => {
    const key = await server.createKey();
    const endpoints = [];
    for (let i = 0; i < ENDPOINTS; i++) endpoints.push(await createEndpoint(server, key, receiver, `/loop-${i}`));
    // Every other event's first attempt fails; answers take a few ms, so claims overlap.
    receiver.respond(async (delivery, previous) => {
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 8)));
      return previous.length === 0 && delivery.webhookId.charCodeAt(delivery.webhookId.length - 1) % 2 === 0 ? 500 : 204;
    });
    const accountId = await accountIdOf(server, key);
    const eventIds = (await Promise.all(Array.from({ length: EVENTS }, () => emitExampleEvent(server, accountId)))).map((e) => e.eventId);

    const acknowledged = () => receiver.deliveries.filter((d) => d.answered < 300);
    await until('every delivery to be acknowledged', () => (acknowledged().length >= EVENTS * ENDPOINTS ? true : undefined), 60_000);
    const byLoopProcess = await loop!.stop();

    expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    const counts = new Map<string, number>();
    for (const d of acknowledged()) counts.set(`${d.webhookId} ${d.path}`, (counts.get(`${d.webhookId} ${d.path}`) ?? 0) + 1);
    expect(counts.size).toBe(EVENTS * ENDPOINTS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(receiver.deliveries.map((d) => d.webhookId))).toEqual(new Set(eventIds));

    // Every request the receiver saw is one recorded attempt, numbered without gaps per delivery.
    let recorded = 0;
    for (const endpoint of endpoints) {
      const attempts = await deliveriesOf(server, key, endpoint.id);
      recorded += attempts.length;
      const perEvent = new Map<string, number[]>();
      for (const a of attempts) perEvent.set(a.eventId, [...(perEvent.get(a.eventId) ?? []), a.attempt]);
      for (const numbers of perEvent.values()) expect(numbers.sort()).toEqual(numbers.map((_, i) => i + 1));
      expect(attempts.filter((a) => a.outcome === 'succeeded')).toHaveLength(EVENTS);
    }
    expect(recorded).toBe(receiver.deliveries.length);
    // Both loops took part (the process reports its own share).
    expect(byLoopProcess).toBeGreaterThan(0);
    expect(byLoopProcess).toBeLessThan(recorded);
  }, 90_000);
});
