// Faults in the middle of a request or a job, with real processes (see environment.ts):
//   - the API killed with SIGKILL between an idempotent POST's claim on its key and its commit;
//   - a project deleted while its pages are being exported as CSV;
//   - a project deleted while its audit renders a page in Chromium (skipped without Chromium).
// Nothing may be lost, duplicated or stuck.
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedRun, type PageSpec } from '../support/audit-comparison-fixture.js';
import { until } from '../support/wait.js';
import { faultBackends, startFaultEnvironment, type FaultEnvironment } from './environment.js';

const CHROMIUM = process.env.BROWSER_EXECUTABLE ?? '/usr/bin/chromium';
const rendering = existsSync(CHROMIUM);
if (!rendering) console.warn(`SKIPPED: "a project deleted while its audit renders a page" — ${CHROMIUM} not found (apt-get install chromium)`);

/** Pages of the exported audit: several batches of the export, more than a socket's buffers hold. */
const EXPORTED_PAGES = 6_000;

describe.each(faultBackends('the mid-request faults'))('faults in the middle of a request or a job [%s]', { timeout: 120_000 }, (backend) => {
  let faults: FaultEnvironment;
  beforeAll(async () => {
    faults = await startFaultEnvironment(backend, { sitePages: 30, env: rendering ? { BROWSER_EXECUTABLE: CHROMIUM } : {} });
  }, 60_000);
  afterAll(() => faults?.close(), 60_000);

  const newProject = async (name: string) => {
    const created = await faults.call('/projects', { method: 'POST', json: { name, primaryDomain: faults.site.origin } });
    expect(created.status).toBe(201);
    return created.body.data.id as string;
  };

  /**
   * Holds the database so that a POST with `key` stops between its claim on the key (committed)
   * and its work's commit. PostgreSQL: the account's row is locked first, which the claim does not
   * need and creating a project does. SQLite: the write lock is taken as soon as the claim is seen;
   * `landed` is false when the POST was quicker (it answered), and the caller tries again.
   */
  async function holdAfterClaim(idempotencyKey: string, post: () => Promise<unknown>): Promise<{ landed: boolean; release(): Promise<void> }> {
    const claimed = () =>
      faults.database.db.selectFrom('idempotency_keys').select('key').where('key', '=', idempotencyKey).where('state', '=', 'in_progress').executeTakeFirst();
    if (faults.backend === 'postgres') {
      const client = new pg.Client({ connectionString: faults.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      await client.query(`SET search_path TO ${faults.schema!}`);
      await client.query('BEGIN');
      await client.query('UPDATE accounts SET id = id WHERE id = $1', [faults.accountId]);
      void post();
      await until('the POST to claim its key', claimed);
      return {
        landed: true,
        release: async () => {
          await client.query('ROLLBACK');
          await client.end();
        },
      };
    }
    const sqlite = new Sqlite(faults.databaseUrl.slice('sqlite:'.length));
    let answered = false;
    void post().then(() => (answered = true));
    const seen = sqlite.prepare("SELECT 1 FROM idempotency_keys WHERE key = ? AND state = 'in_progress'");
    const deadline = Date.now() + 10_000;
    // Polled on every turn of the event loop: the POST's work begins a moment after its claim.
    while (seen.get(idempotencyKey) === undefined) {
      if (Date.now() > deadline || answered) break;
      await new Promise((next) => setImmediate(next));
    }
    for (;;) {
      try {
        sqlite.exec('BEGIN IMMEDIATE');
        break;
      } catch {
        await new Promise((next) => setImmediate(next));
      }
    }
    return {
      landed: !answered && seen.get(idempotencyKey) !== undefined,
      release: async () => {
        sqlite.exec('ROLLBACK');
        sqlite.close();
      },
    };
  }

  it('creates a resource once when the API is killed between the POST claiming its key and committing its work', async () => {
    let attempt = 0;
    let request: { idempotencyKey: string; json: { name: string; primaryDomain: string } } | undefined;
    // Tried until a deadline rather than a number of times: on a loaded machine the POST can be
    // quicker than the hold fifty times running (about a second), where locally the first lands.
    const deadline = Date.now() + 45_000;
    for (; Date.now() < deadline && request === undefined; attempt++) {
      const name = `killed-mid-post-${randomUUID().slice(0, 8)}`;
      const candidate = { idempotencyKey: name, json: { name, primaryDomain: 'https://mid-post.example' } };
      const hold = await holdAfterClaim(candidate.idempotencyKey, () => faults.call('/projects', { method: 'POST', ...candidate }).catch(() => undefined));
      if (hold.landed) {
        await faults.api.kill();
        request = candidate;
      }
      await hold.release();
    }
    expect(request, 'the kill never landed between claim and commit').toBeDefined();
    await faults.restartApi();

    // The key is held until its lease passes, then the retry runs once, and a later one replays it.
    const created = await until('the retry to be answered', async () => {
      const retried = await faults.call('/projects', { method: 'POST', ...request! });
      return retried.status === 409 ? undefined : retried;
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await faults.call('/projects', { method: 'POST', ...request! });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.data.id).toBe(created.body.data.id);
    const stored = await faults.database.db.selectFrom('projects').select('id').where('name', '=', request!.json.name).execute();
    expect(stored).toEqual([{ id: created.body.data.id }]);
    console.info(`FAULTS | ${backend} | API killed between claim and commit of an idempotent POST on attempt ${attempt}`);
  });

  it('cuts the CSV export of a project deleted while it streams, rather than end a complete-looking file', async () => {
    const projectId = await newProject('Exported');
    const run = await completedRun(
      faults.repositories,
      { projectId, accountId: faults.accountId },
      Date.now(),
      Array.from({ length: EXPORTED_PAGES }, (_, i): PageSpec => [`/page-${String(i).padStart(5, '0')}`, 50, ['h1_missing']]),
      50,
    );
    const response = await fetch(`${faults.api.baseUrl}/projects/${projectId}/audits/${run.id}/pages/export`, {
      headers: { authorization: `Bearer ${faults.key}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The client reads nothing more until the project is gone.
    expect((await faults.call(`/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);
    const lines = (bytes: Uint8Array) => bytes.reduce((n, byte) => (byte === 0x0a ? n + 1 : n), 0);
    let rows = lines(first.value!);
    const ending = await (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return 'complete';
          rows += lines(chunk.value);
        }
      } catch (error) {
        return `cut (${(error as Error).message})`;
      }
    })();
    console.info(`FAULTS | ${backend} | export of ${EXPORTED_PAGES} pages, project deleted after the first chunk was read: ${ending} after ${rows} lines`);
    // Either the whole file was sent before the deletion (the socket's buffers hold megabytes), or
    // the transfer is cut: never a short file that ends as if it were whole.
    if (ending === 'complete') expect(rows).toBe(EXPORTED_PAGES + 1);
    else expect(rows).toBeLessThan(EXPORTED_PAGES + 1);
    // The API still serves, and nothing of the project is left.
    expect((await faults.call(`/projects/${projectId}/audits/${run.id}`)).status).toBe(404);
    expect(await faults.database.db.selectFrom('audit_pages').select('id').where('audit_run_id', '=', run.id).limit(1).execute()).toEqual([]);
  });

  it.runIf(rendering)('stops an audit whose project is deleted while it renders a page, and the worker goes on', async () => {
    const worker = await faults.worker({ BROWSER_EXECUTABLE: CHROMIUM });
    const projectId = await newProject('Rendered');
    // The browser's load of /p/3 (its second request: the crawl fetched it first) hangs.
    const stuck = faults.site.hold('/p/3', 2);
    const started = await faults.call(`/projects/${projectId}/audits`, { method: 'POST', json: { maxPages: 20, renderJavaScript: true } });
    expect(started.status).toBe(202);
    const { auditRunId, jobId } = started.body.data as { auditRunId: string; jobId: string };
    await stuck.arrived;
    const deletedAt = Date.now();
    expect((await faults.call(`/projects/${projectId}`, { method: 'DELETE' })).status).toBe(204);

    // The job ends, the browser lets go of the page it was loading, and nothing more is written.
    const job = await until('the audit job to end', async () => {
      const row = await faults.database.db.selectFrom('jobs').select(['status']).where('id', '=', jobId).executeTakeFirst();
      return row && row.status !== 'running' && row.status !== 'queued' ? row : undefined;
    });
    expect(job.status).toBe('cancelled');
    await stuck.abandoned;
    const stoppedInMs = Date.now() - deletedAt;
    console.info(`FAULTS | ${backend} | rendered audit: job ended and the page in the browser let go ${stoppedInMs} ms after its project was deleted`);
    expect(await faults.database.db.selectFrom('audit_pages').select('id').where('audit_run_id', '=', auditRunId).limit(1).execute()).toEqual([]);
    stuck.release();

    // The same worker process takes the next rendered audit and finishes it.
    expect(worker.child.exitCode).toBeNull();
    const next = await newProject('Rendered after');
    const again = await faults.call(`/projects/${next}/audits`, { method: 'POST', json: { maxPages: 3, renderJavaScript: true } });
    expect(again.status).toBe(202);
    const finished = await until(
      'the next rendered audit to finish',
      async () => {
        const current = (await faults.call(`/projects/${next}/audits/${again.body.data.auditRunId as string}`)).body.data;
        return current.status === 'running' || current.status === 'pending' ? undefined : current;
      },
      60_000,
    );
    expect(finished.status).toBe('completed');
    await worker.kill();
  });
});
