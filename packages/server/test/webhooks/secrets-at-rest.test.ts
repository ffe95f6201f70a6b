// Webhook signing secrets at rest: sealed with WEBHOOK_SECRETS_KEY (AES-256-GCM, bound to the
// endpoint), opened only for delivery; stored as they are without a key.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/environment.js';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createSecretBox } from '../../src/storage/secret-box.js';
import { newEventId } from '../../src/webhooks/events.js';
import { generateSigningSecret } from '../../src/webhooks/secret.js';
import { describeEachDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

const NOW = Date.UTC(2025, 2, 1);
const KEY = randomBytes(32);

describeEachDatabase('webhook secrets at rest', (database) => {
  const repos = (key: Buffer | null) => createRepositories(database().handle.db, database().handle.dialect, createSecretBox(key));
  const setUp = async (key: Buffer | null) => {
    const account = (await repos(key).accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW })).account;
    const secret = generateSigningSecret();
    const endpoint = await repos(key).webhooks.createEndpointWithinLimit({
      accountId: account.id,
      url: 'https://hooks.example.com/',
      events: ['audit.completed'],
      description: null,
      secret,
      now: NOW,
      maxEndpoints: 10,
    });
    if (endpoint === 'limit_exceeded') throw new Error('limit');
    await repos(key).webhooks.insertEvent({ id: newEventId(NOW), accountId: account.id, type: 'audit.completed', payload: '{}', now: NOW });
    const stored = await database().handle.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    return { endpoint, secret, stored: stored.secret };
  };
  const claimFor = async (key: Buffer | null, endpointId: string) => {
    const deliveries = await repos(key).webhooks.claimDue({ now: NOW + 1000, leaseMs: 60_000, limit: 100, perEndpoint: 2, perAccount: 8 });
    return deliveries.find((t) => t.endpoint.id === endpointId);
  };

  it('stores a sealed secret with a key, and opens it only for the delivery', async () => {
    const { endpoint, secret, stored } = await setUp(KEY);
    expect(endpoint.secret).toBe(secret);
    expect(stored.startsWith('enc:v1:')).toBe(true);
    expect(stored).not.toContain(secret.slice('whsec_'.length, 20));
    expect((await claimFor(KEY, endpoint.id))?.endpoint.secret).toBe(secret);
  });

  it('seals a rotated secret as on creation, and the next delivery is signed with it', async () => {
    const { endpoint } = await setUp(KEY);
    const rotated = generateSigningSecret();
    expect(await repos(KEY).webhooks.rotateSecret(endpoint.accountId, endpoint.id, rotated)).toMatchObject({ id: endpoint.id, secret: rotated });
    const stored = await database().handle.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(stored.secret.startsWith('enc:v1:')).toBe(true);
    expect((await claimFor(KEY, endpoint.id))?.endpoint.secret).toBe(rotated);
    expect(await repos(KEY).webhooks.rotateSecret('another-account', endpoint.id, generateSigningSecret())).toBeNull();
  });

  it('refuses to open a sealed secret without the key, with another key, or moved to another endpoint', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('whsec_abc', 'endpoint-a');
    expect(box.open(sealed, 'endpoint-a')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'endpoint-b')).toThrow(/could not be decrypted/);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'endpoint-a')).toThrow(/could not be decrypted/);
    expect(() => createSecretBox(null).open(sealed, 'endpoint-a')).toThrow(/WEBHOOK_SECRETS_KEY is not set/);
  });

  it('keeps working for secrets stored before a key was set', async () => {
    const { endpoint, secret, stored } = await setUp(null);
    expect(stored).toBe(secret);
    expect((await claimFor(KEY, endpoint.id))?.endpoint.secret).toBe(secret);
  });
});

it('reads WEBHOOK_SECRETS_KEY as 32 bytes in hex or base64, and refuses anything else', () => {
  expect(loadConfig({}).webhookSecretsKey).toBeNull();
  expect(loadConfig({ WEBHOOK_SECRETS_KEY: KEY.toString('hex') }).webhookSecretsKey).toEqual(KEY);
  expect(loadConfig({ WEBHOOK_SECRETS_KEY: KEY.toString('base64') }).webhookSecretsKey).toEqual(KEY);
  expect(() => loadConfig({ WEBHOOK_SECRETS_KEY: 'too-short' })).toThrow(/WEBHOOK_SECRETS_KEY must be 32 bytes/);
});

describe.each(process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const))(
  'a secret in a kept idempotent response [%s]',
  (backend) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ database: backend, env: { WEBHOOK_SECRETS_KEY: KEY.toString('hex'), IN_PROCESS_WORKERS: 'false' } });
    });
    afterAll(() => server?.close());

    it('is sealed at rest, and the replay still returns it', async () => {
      const key = await server.createKey();
      const idempotencyKey = randomUUID();
      const create = () =>
        server.call('/webhooks/endpoints', {
          key,
          method: 'POST',
          headers: { 'idempotency-key': idempotencyKey },
          json: { url: 'https://hooks.example.com/in', events: ['audit.completed'] },
        });
      const created = await create();
      expect(created.status).toBe(201);
      const secret = created.body.data.secret as string;
      expect(secret.startsWith('whsec_')).toBe(true);

      const rows = await server.database.db.selectFrom('idempotency_keys').select(['key', 'response_body']).where('key', '=', idempotencyKey).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.response_body).not.toContain(secret.slice('whsec_'.length));
      expect(rows[0]!.response_body).not.toContain('whsec_');

      const replayed = await create();
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body.data.secret).toBe(secret);
    });
  },
);
