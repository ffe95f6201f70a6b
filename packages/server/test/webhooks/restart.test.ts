// Pending deliveries are rows: a delivery whose retry was due after the server stopped is sent by
// the next server on the same database (a SQLite file, or the same PostgreSQL schema), with the
// same webhook-id, and its attempt history continues.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../support/server.js';
import { accountIdOf, createEndpoint, deliveriesOf, emitExampleEvent, fastDeliveries } from './support/endpoints.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { until } from '../support/wait.js';

const backends: Array<'sqlite-file' | 'postgres'> = postgresUrl() ? ['sqlite-file', 'postgres'] : ['sqlite-file'];
if (!postgresUrl()) console.warn('SKIPPED: "webhook deliveries across a restart [postgres]" — DATABASE_URL is not set to a postgres:// URL');

describe.each(backends)('webhook deliveries across a restart [%s]', (backend) => {
  let receiver: Receiver;
  let dir: string | undefined;
  const schema = randomSchemaName();
  let storage: TestServerOptions;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    if (backend === 'postgres') {
      storage = { database: 'postgres', databaseSchema: schema };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'seo-geo-webhooks-'));
      storage = { env: { DATABASE_URL: `sqlite:${join(dir, 'restart.db')}` } };
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchema(postgresUrl()!, schema);
  });

  it('sends after the restart what was still pending when the server stopped', async () => {
    // The first server's retry is due 1.5 s (±25%) after its failed attempt: it stops before then.
    const first = await startTestServer({ ...storage, webhooks: fastDeliveries({ retry: { baseMs: 1_500 } }) });
    servers.push(first);
    const key = await first.createKey();
    const endpoint = await createEndpoint(first, key, receiver, '/restart');
    receiver.respond(() => 503);
    const { eventId } = await emitExampleEvent(first, await accountIdOf(first, key));
    await until('the first attempt to be recorded', async () => ((await deliveriesOf(first, key, endpoint.id)).length === 1 ? true : undefined));
    await first.close();
    expect(receiver.deliveries).toHaveLength(1);

    receiver.respond(() => 204);
    const second = await startTestServer({ ...storage, webhooks: fastDeliveries() });
    servers.push(second);
    const [delivery] = await second.repositories.webhooks.deliveriesOfEvent(eventId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });

    const attempts = await until('the retry after the restart', async () => {
      const list = await deliveriesOf(second, key, endpoint.id);
      return list.length === 2 ? list : undefined;
    });
    expect(attempts.map((a) => [a.eventId, a.attempt, a.outcome, a.responseStatus])).toEqual([
      [eventId, 2, 'succeeded', 204],
      [eventId, 1, 'failed', 503],
    ]);
    expect(receiver.deliveries.map((d) => [d.webhookId, d.verified, d.answered])).toEqual([
      [eventId, true, 503],
      [eventId, true, 204],
    ]);
  }, 30_000);
});
