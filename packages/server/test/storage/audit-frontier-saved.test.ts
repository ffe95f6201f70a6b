// Where a crawl on one worker paused, as its resume reads it back: the site records of its stored
// pages in crawl order, and the URLs it had still to fetch. A page queued at one pause and stored
// before the next is saved as stored in place of its queued row, whichever is written first.
import { expect, it } from 'vitest';
import { createRepositories } from '../../src/storage/repositories/index.js';
import { createAuditRun } from '../support/audit-run.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 6, 1);
const url = (path: string) => `https://site.example${path}`;
const saved = (...paths: string[]) => paths.map((path) => ({ url: url(path), record: JSON.stringify({ url: url(path) }) }));

describeEachDatabase('a paused crawl saved on one worker', (database) => {
  it('keeps the records in crawl order across two pauses, a page queued at the first stored as of the second', async () => {
    const r = createRepositories(database().handle.db);
    const run = await createAuditRun(r, { now: NOW });
    const read = async () => {
      const records: string[] = [];
      for await (const batch of r.auditFrontier.records(run.id, 2)) for (const json of batch) records.push((JSON.parse(json) as { url: string }).url);
      const queue: string[] = [];
      for await (const batch of r.auditFrontier.savedQueue(run.id, 2)) queue.push(...batch);
      return { records, queue };
    };

    // The first pause: two pages stored, two URLs left.
    await r.auditFrontier.saveRecords(run.id, saved('/', '/a'));
    await r.auditFrontier.saveQueue(run.id, ['/b', '/c'].map(url));
    expect(await read()).toEqual({ records: ['/', '/a'].map(url), queue: ['/b', '/c'].map(url) });

    // The second: every record again (the first two kept as they were), /b stored since, /d found.
    await r.auditFrontier.saveRecords(run.id, saved('/', '/a', '/b', '/e'));
    await r.auditFrontier.saveQueue(run.id, ['/c', '/d'].map(url));
    expect(await read()).toEqual({ records: ['/', '/a', '/b', '/e'].map(url), queue: ['/c', '/d'].map(url) });
  });
});
