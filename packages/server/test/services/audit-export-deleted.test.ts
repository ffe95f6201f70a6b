// The CSV export of an audit reads its pages a batch at a time while the client downloads. If the
// audit is deleted meanwhile (its project deleted), the batches end early: the export must then
// fail, so that the transfer is cut, instead of ending as if the file were whole. The batches are
// read one by one here, the deletion between two of them; on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRun, type PageSpec } from '../support/audit-comparison-fixture.js';
import { postgresUrl } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { Principal } from '../../src/domain/principal.js';

const backends: Array<'sqlite' | 'postgres'> = postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
if (!postgresUrl()) console.warn('SKIPPED: the export of a deleted audit on PostgreSQL (DATABASE_URL is not set to a postgres:// URL)');

/** Three of the export's batches of 500. */
const PAGES = 1_500;

describe.each(backends)('the export of an audit deleted while it is read [%s]', (database) => {
  let server: TestServer;
  let principal: Principal;
  beforeAll(async () => {
    server = await startTestServer({ database });
    const authenticated = await server.services.apiKeys.authenticate(`Bearer ${await server.createKey({ plan: 'agency' })}`);
    if (!authenticated.ok) throw new Error('the key was not accepted');
    principal = authenticated.principal;
  }, 30_000);
  afterAll(() => server?.close());

  const exported = async () => {
    const project = await server.services.projects.create(principal, { name: 'Exported', primaryDomain: 'https://site.example' });
    const pages = Array.from({ length: PAGES }, (_, i): PageSpec => [`/page-${String(i).padStart(5, '0')}`, 50, []]);
    const run = await completedRun(server.repositories, { projectId: project.id, accountId: principal.accountId }, server.clock.now(), pages, 50);
    const { batches } = await server.services.audits.exportPages(principal, project.id, run.id, {});
    return { project, iterator: batches[Symbol.asyncIterator]() };
  };

  it('gives every page and ends when the audit stays', async () => {
    const { iterator } = await exported();
    let read = 0;
    for (let batch = await iterator.next(); !batch.done; batch = await iterator.next()) read += batch.value.length;
    expect(read).toBe(PAGES);
  });

  it('fails, rather than ends, when the audit is deleted between two batches', async () => {
    const { project, iterator } = await exported();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    await server.services.projects.remove(principal, project.id);
    const rest = (async () => {
      for (let batch = await iterator.next(); !batch.done; batch = await iterator.next());
    })();
    await expect(rest).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
