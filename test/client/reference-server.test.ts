// Every operation through the client against the real reference server (in-process, manual clock),
// each response (or error) checked against the contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  createClient,
  IdempotencyKeyReusedError,
  InvalidStateError,
  NotFoundError,
  PermissionError,
  PlanLimitError,
  AnswerEngineNotConfiguredError,
  ValidationError,
  type RetryInfo,
  type SeoGeoClient,
} from '@seo-geo/client';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { expectErrorContract, expectResultContract } from './support.js';

const UNKNOWN_ID = '0192f8a2-1b4d-7c21-9d3e-000000000000';

let server: TestServer;
let client: SeoGeoClient;
let key: string;

beforeAll(async () => {
  server = await startTestServer();
  key = await server.createKey({ plan: 'agency' });
  client = createClient({ apiKey: key, baseUrl: server.baseUrl });
});
afterAll(() => server.close());

describe('working operations', () => {
  it('me.get', async () => {
    const result = await client.me.get().withResponse();
    expectResultContract('getMe', result);
    expect(result.data.plan).toBe('agency');
    expect(key.startsWith(result.data.apiKeyPrefix)).toBe(true);
    expect(result.requestId).toBe(result.headers.get('x-request-id'));
    expect(result.rateLimit).toMatchObject({ limit: 1200, remaining: expect.any(Number) });
  });

  it('openapi', async () => {
    const result = await client.openapi().withResponse();
    expectResultContract('getOpenApiDocument', result);
    expect(result.data.openapi).toMatch(/^3\.1/);
    expect(result.meta).toBeNull();
  });

  it('projects.create, get, list', async () => {
    const created = await client.projects.create({ name: 'Client Shop', primaryDomain: 'https://shop.example.com' }).withResponse();
    expectResultContract('createProject', created);
    expect(created.status).toBe(201);
    expect(created.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.headers.get('location')).toBe(`/api/public/v1/projects/${created.data.id}`);

    const detail = await client.projects.get(created.data.id).withResponse();
    expectResultContract('getProject', detail);
    expect(detail.data.stats.auditsCount).toBe(0);

    const page = await client.projects.list({ pageSize: 5 });
    expectResultContract('listProjects', page.response);
    expect(page.data.map((p) => p.id)).toContain(created.data.id);
  });

  it('replays a create with the same idempotency key', async () => {
    const body = { name: 'Replayed', primaryDomain: 'https://replay.example.com' };
    const first = await client.projects.create(body, { idempotencyKey: 'client-test-replay-1' }).withResponse();
    const again = await client.projects.create(body, { idempotencyKey: 'client-test-replay-1' }).withResponse();
    expectResultContract('createProject', again);
    expect(again.data.id).toBe(first.data.id);
    expect(again.replayed).toBe(true);
    const reused = await client.projects.create({ ...body, name: 'Other' }, { idempotencyKey: 'client-test-replay-1' }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((reused as APIError).idempotencyKey).toBe('client-test-replay-1');
    expectErrorContract('createProject', reused as APIError);
  });
});

describe('typed errors from the reference server', () => {
  it('NotFoundError with the request id of the body and the rate-limit state', async () => {
    const error = (await client.projects.get(UNKNOWN_ID).catch((e: unknown) => e)) as NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expectErrorContract('getProject', error);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.requestId).toBe((error.body as { error: { requestId: string } }).error.requestId);
    expect(error.requestId).toBe(error.headers.get('x-request-id'));
    expect(error.rateLimit?.limit).toBe(1200);
  });

  it('ValidationError with details, not retried', async () => {
    const retries: RetryInfo[] = [];
    const strict = createClient({ apiKey: key, baseUrl: server.baseUrl, hooks: { onRetry: (info) => retries.push(info) } });
    const error = (await strict.projects.create({ name: 'X', primaryDomain: 'ftp://nope' }).catch((e: unknown) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expectErrorContract('createProject', error);
    expect(error.details.some((d) => d.field === 'primaryDomain')).toBe(true);
    expect(error.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(retries).toEqual([]);
  });

  it('AuthenticationError for an unknown key', async () => {
    const anonymous = createClient({ apiKey: 'sk_live_' + 'x'.repeat(32), baseUrl: server.baseUrl });
    const error = (await anonymous.me.get().catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expectErrorContract('getMe', error);
  });

  it('PermissionError for a missing scope', async () => {
    const readOnly = createClient({ apiKey: await server.createKey({ scopes: ['projects:read'] }), baseUrl: server.baseUrl });
    const error = (await readOnly.projects.create({ name: 'No', primaryDomain: 'https://no.example.com' }).catch((e: unknown) => e)) as PermissionError;
    expect(error).toBeInstanceOf(PermissionError);
    expect(error.code).toBe('INSUFFICIENT_SCOPE');
    expectErrorContract('createProject', error);
  });

  it('PlanLimitError past the starter quota', async () => {
    const starter = createClient({ apiKey: await server.createKey({ plan: 'starter' }), baseUrl: server.baseUrl });
    for (let i = 0; i < 3; i++) await starter.projects.create({ name: `S${i}`, primaryDomain: `https://s${i}.example.com` });
    const error = (await starter.projects.create({ name: 'S3', primaryDomain: 'https://s3.example.com' }).catch((e: unknown) => e)) as PlanLimitError;
    expect(error).toBeInstanceOf(PlanLimitError);
    expectErrorContract('createProject', error);
  });
});

describe('the domain operations', () => {
  let projectId: string;
  beforeAll(async () => {
    ({ id: projectId } = await client.projects.create({ name: 'Domain', primaryDomain: 'https://domain.example.com' }));
  });

  it('audits and reports', async () => {
    const started = await client.audits.start(projectId, { maxPages: 1 }).withResponse();
    expectResultContract('startAudit', started);
    expect(started.data.status).toBe('pending');
    const auditId = started.data.auditRunId;
    expectResultContract('getAudit', await client.audits.get(projectId, auditId).withResponse());
    expectResultContract('listAudits', (await client.audits.list(projectId)).response);
    expectResultContract('listAuditPages', (await client.audits.pages(projectId, auditId, { minGeoScore: 0, hasSchema: false })).response);
    const cancelled = await client.audits
      .cancel(projectId, auditId)
      .withResponse()
      .catch((e: unknown) => e);
    if (cancelled instanceof InvalidStateError) expectErrorContract('cancelAudit', cancelled);
    else expectResultContract('cancelAudit', cancelled as never);
    expectResultContract('listReports', (await client.reports.list(projectId)).response);
  });

  it('briefs and drafts', async () => {
    const brief = await client.briefs.create(projectId, { topic: 'GEO basics', audience: 'Marketers', goal: 'awareness' }).withResponse();
    expectResultContract('createBrief', brief);
    expectResultContract('getBrief', await client.briefs.get(projectId, brief.data.id).withResponse());
    expectResultContract('listDrafts', (await client.drafts.list(projectId)).response);
    expectResultContract('getDraft', await client.drafts.get(projectId, brief.data.draftId).withResponse());
  });

  it('GEO monitor tests: without an answer engine the service refuses, and the client does not retry', async () => {
    const retries: RetryInfo[] = [];
    const c = createClient({ apiKey: key, baseUrl: server.baseUrl, hooks: { onRetry: (info) => void retries.push(info) } });
    const refused = await c.geoMonitor.tests.create(projectId, { prompt: 'Which shop sells running shoes?', locale: 'en' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AnswerEngineNotConfiguredError);
    expectErrorContract('createGeoMonitorTest', refused as APIError);
    expect(retries).toEqual([]);
    expectResultContract('listGeoMonitorTests', (await client.geoMonitor.tests.list(projectId)).response);
    const missing = await client.geoMonitor.tests.get(projectId, UNKNOWN_ID).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expectErrorContract('getGeoMonitorTest', missing as APIError);
  });

  it('webhook endpoints and deliveries', async () => {
    const created = await client.webhooks.endpoints.create({ url: 'https://hooks.example.com/in', events: ['audit.completed'] }).withResponse();
    expectResultContract('createWebhookEndpoint', created);
    expect(created.data.secret).toMatch(/^whsec_/);
    const listed = await client.webhooks.endpoints.list();
    expectResultContract('listWebhookEndpoints', listed.response);
    expect(listed.data.map((e) => e.id)).toContain(created.data.id);
    expectResultContract('listWebhookDeliveries', (await client.webhooks.deliveries.list(created.data.id)).response);
    const deleted = await client.webhooks.endpoints.delete(created.data.id).withResponse();
    expect(deleted.status).toBe(204);
    expect(deleted.data).toBeUndefined();
    const gone = await client.webhooks.deliveries.list(created.data.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(NotFoundError);
  });
});
