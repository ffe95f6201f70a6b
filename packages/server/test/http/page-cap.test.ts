// An operator's page cap for one account (issue 29): `npm run admin -- accounts set-page-cap` lets
// that account's audits have more pages than its plan's cap (or fewer), on the same plan and the
// same API. GET /me shows the cap and POST .../audits follows it, on a SQLite file and on
// PostgreSQL; the admin command runs on the server's database, and every response is checked
// against the spec.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/admin/run.js';
import { PRINCIPAL_CACHE_MS } from '../../src/services/accounts/api-keys.js';
import { dropSchema, postgresUrl, randomSchemaName } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';

interface Backend {
  name: string;
  skipReason?: string;
  /** The server's database, as the admin command is told it. */
  env: () => Record<string, string>;
  dispose: () => Promise<void>;
}

function sqliteFile(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'seo-geo-page-cap-'));
  return {
    name: 'sqlite-file',
    env: () => ({ DATABASE_URL: `sqlite:${join(dir, 'cap.db')}` }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgres(): Backend {
  const url = postgresUrl();
  const schema = randomSchemaName();
  return {
    name: 'postgres',
    ...(url ? {} : { skipReason: 'DATABASE_URL is not set to a postgres:// URL' }),
    env: () => ({ DATABASE_URL: url!, DATABASE_SCHEMA: schema }),
    dispose: async () => (url ? dropSchema(url, schema) : undefined),
  };
}

for (const backend of [sqliteFile(), postgres()]) {
  if (backend.skipReason) console.warn(`SKIPPED: "page cap [${backend.name}]" — ${backend.skipReason}`);
  describe.skipIf(backend.skipReason !== undefined)(`page cap set by the operator [${backend.name}]`, () => {
    let server: TestServer;

    beforeAll(async () => {
      const { DATABASE_URL, DATABASE_SCHEMA } = backend.env();
      server = await startTestServer({
        ...(DATABASE_SCHEMA ? { database: 'postgres' as const, databaseSchema: DATABASE_SCHEMA } : {}),
        // No worker: the audits started here stay queued, so nothing is crawled.
        env: { DATABASE_URL, IN_PROCESS_WORKERS: 'false' },
      });
    });
    afterAll(async () => {
      await server.close();
      await backend.dispose();
    });

    async function admin(...args: string[]): Promise<string> {
      let out = '';
      let err = '';
      const code = await runAdmin(args, { env: backend.env(), out: (line) => (out += line), err: (line) => (err += line) });
      expect({ code, err }).toEqual({ code: 0, err: '' });
      // The server keeps what it read of an account with its key this long: a change shows after it.
      server.clock.advance(PRINCIPAL_CACHE_MS);
      return out;
    }

    const startAudit = async (key: string, projectId: string, maxPages: number) => {
      const response = await server.call(`/projects/${projectId}/audits`, { key, method: 'POST', json: { maxPages } });
      expectContract('startAudit', response);
      return response;
    };

    const me = async (key: string) => {
      const response = await server.call('/me', { key });
      expect(response.status).toBe(200);
      expectContract('getMe', response);
      return response.body.data as { plan: string; maxPagesPerAudit: number };
    };

    it('lets an account with a cap of 1,000,000 pages start audits above its plan’s cap, and no larger than its cap', async () => {
      const email = `big-${Date.now()}@example.com`;
      const key = await server.createKey({ plan: 'agency', email });
      const other = await server.createKey({ plan: 'agency' });
      const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Big site', primaryDomain: 'https://big.example' } });
      expect(project.status).toBe(201);
      const projectId = project.body.data.id as string;

      expect(await me(key)).toMatchObject({ plan: 'agency', maxPagesPerAudit: 50_000 });
      const overPlan = await startAudit(key, projectId, 50_001);
      expect(overPlan.status).toBe(403);
      expect(overPlan.body.error).toMatchObject({
        code: 'PLAN_LIMIT_EXCEEDED',
        message: 'The agency plan allows at most 50000 pages per audit; 50001 were asked for.',
      });

      expect(await admin('accounts', 'set-page-cap', '--email', email, '--max-pages', '1000000')).toContain('up to 1,000,000 pages');
      expect(await me(key)).toMatchObject({ plan: 'agency', maxPagesPerAudit: 1_000_000 });
      // Another account on the same plan keeps the plan's cap.
      expect(await me(other)).toMatchObject({ plan: 'agency', maxPagesPerAudit: 50_000 });

      const started = await startAudit(key, projectId, 1_000_000);
      expect(started.status).toBe(202);
      const auditId = started.body.data.auditRunId as string;
      const run = await server.call(`/projects/${projectId}/audits/${auditId}`, { key });
      expectContract('getAudit', run);
      expect(run.body.data).toMatchObject({ status: 'pending', maxPages: 1_000_000, progress: { maxPages: 1_000_000 } });
      const listed = await server.call(`/projects/${projectId}/audits`, { key });
      expectContract('listAudits', listed);
      const cancelled = await server.call(`/projects/${projectId}/audits/${auditId}/cancel`, { key, method: 'POST' });
      expect(cancelled.status).toBe(200);
      expectContract('cancelAudit', cancelled);

      // Past the spec's bound no account goes: a validation error, before any plan is looked at.
      const beyond = await startAudit(key, projectId, 1_000_001);
      expect(beyond.status).toBe(400);
      expect(beyond.body.error.code).toBe('VALIDATION_ERROR');
    });

    it('refuses an audit over the account’s cap with 403, and gives the plan’s cap back when the cap is cleared', async () => {
      const email = `capped-${Date.now()}@example.com`;
      const key = await server.createKey({ plan: 'agency', email });
      const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Capped site', primaryDomain: 'https://capped.example' } });
      const projectId = project.body.data.id as string;

      await admin('accounts', 'set-page-cap', '--email', email, '--max-pages', '60000');
      expect(await me(key)).toMatchObject({ maxPagesPerAudit: 60_000 });
      const over = await startAudit(key, projectId, 60_001);
      expect(over.status).toBe(403);
      expect(over.body.error).toMatchObject({
        code: 'PLAN_LIMIT_EXCEEDED',
        message: "This account allows at most 60000 pages per audit (a cap set for it by the operator; the agency plan's is 50000); 60001 were asked for.",
      });
      const atCap = await startAudit(key, projectId, 60_000);
      expect(atCap.status).toBe(202);
      await server.call(`/projects/${projectId}/audits/${atCap.body.data.auditRunId as string}/cancel`, { key, method: 'POST' });

      await admin('accounts', 'clear-page-cap', '--email', email);
      expect(await me(key)).toMatchObject({ maxPagesPerAudit: 50_000 });
      const overPlan = await startAudit(key, projectId, 50_001);
      expect(overPlan.status).toBe(403);
      expect(overPlan.body.error.message).toContain('The agency plan allows at most 50000 pages per audit');
    });
  });
}
