// An audit whose seed cannot be fetched says why, in the API and in the log: a local or private site
// (refused unless the operator allows its range) names the address, its range and CRAWLER_ALLOW_CIDRS,
// and the log gives the setting to allow it; a host name that does not resolve says so, not "no
// response arrived". On one worker (SQLite), and in a crawl shared through PostgreSQL, whose figures
// come back from storage.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResolver } from '@seo-geo/engine/testing';
import { createLogger } from '../../src/http/logging.js';
import { postgresUrl } from '../support/databases.js';
import { expectContract, startTestServer, type TestServer } from '../support/server.js';
import { until } from '../support/wait.js';

const RESOLVER = fixtureResolver({ localhost: '127.0.0.1', 'intranet.test': '10.1.2.3' }).resolve;

const variants: Array<{ name: string; database: 'sqlite' | 'postgres'; env: NodeJS.ProcessEnv }> = [{ name: 'one worker', database: 'sqlite', env: {} }];
if (postgresUrl()) variants.push({ name: 'a shared crawl', database: 'postgres', env: { AUDIT_CRAWL_WORKERS: '2' } });
else console.warn('SKIPPED: "seed failures [a shared crawl]" — DATABASE_URL is not set to a postgres:// URL');

describe.each(variants)('an audit whose seed cannot be fetched ($name)', ({ database, env }) => {
  const lines: string[] = [];
  let server: TestServer;
  let key: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // As a new user runs it: no private range allowed.
    server = await startTestServer({ database, env: { ...env, CRAWLER_ALLOW_CIDRS: '' }, crawl: { resolver: RESOLVER }, logger: createLogger('warn', sink) });
    key = await server.createKey({ plan: 'pro' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  async function failedAudit(primaryDomain: string): Promise<any> {
    const project = await server.call('/projects', { key, method: 'POST', json: { name: primaryDomain, primaryDomain } });
    expect(project.status).toBe(201);
    const started = await server.call(`/projects/${project.body.data.id}/audits`, { key, method: 'POST', json: { maxPages: 5 } });
    expect(started.status).toBe(202);
    return until(`the audit of ${primaryDomain} to end`, async () => {
      const response = await server.call(`/projects/${project.body.data.id}/audits/${started.body.data.auditRunId}`, { key });
      expectContract('getAudit', response);
      return ['pending', 'running'].includes(response.body.data.status) ? undefined : response.body.data;
    });
  }

  it('names the loopback address of a local site and CRAWLER_ALLOW_CIDRS, in the API and in the log', async () => {
    const run = await failedAudit('http://localhost:8080');
    expect(run.status).toBe('failed');
    expect(run.error.code).toBe('seed_blocked');
    expect(run.error.message).toContain(`${run.seedUrl} resolves to 127.0.0.1`);
    expect(run.error.message).toContain('loopback');
    expect(run.error.message).toContain('CRAWLER_ALLOW_CIDRS');
    const logged = await until('the warning in the log', () => lines.find((line) => line.includes(run.id)));
    expect(JSON.parse(logged)).toMatchObject({ level: 40, auditRunId: run.id, address: '127.0.0.1' });
    expect(logged).toContain('CRAWLER_ALLOW_CIDRS=127.0.0.1/32');
  });

  it('names the private address a host name resolves to', async () => {
    const run = await failedAudit('http://intranet.test');
    expect(run.error.code).toBe('seed_blocked');
    expect(run.error.message).toContain(`${run.seedUrl} resolves to 10.1.2.3`);
    expect(run.error.message).toContain('private');
    expect(await until('the warning in the log', () => lines.find((line) => line.includes(run.id)))).toContain('CRAWLER_ALLOW_CIDRS=10.1.2.3/32');
  });

  it('says that the host name could not be resolved', async () => {
    const run = await failedAudit('https://nowhere.test');
    expect(run.status).toBe('failed');
    expect(run.error.code).toBe('seed_unreachable');
    expect(run.error.message).toMatch(/^https:\/\/nowhere\.test\/? could not be fetched: the host name nowhere\.test could not be resolved \(/);
    expect(run.error.message).not.toContain('no response arrived');
  });
});
