// One database and worker count: the API on a fresh database, the workers, the audit, the lists,
// and the figures of it all as one result. The workers and the API are stopped whatever happens,
// so that a broken run leaves no process behind to disturb the next one.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agencyProject } from './account.js';
import { stopChild } from './children.js';
import { benchDatabase, databaseSize, releaseDatabase, startApi } from './database.js';
import type { DatabaseSize } from './database-size.js';
import { measureLists } from './lists.js';
import type { AuditBenchOptions } from './options.js';
import { phaseTimes, type Phases } from './phases.js';
import { profileReport } from './profile.js';
import type { DbResult } from './result.js';
import { runAudit, type AuditRun } from './run-audit.js';
import { startWorkers, type Workers } from './workers.js';

export async function benchOneDatabase(
  kind: string,
  dir: string,
  site: { port: number; process: ChildProcess },
  workerCount: number,
  options: AuditBenchOptions,
): Promise<DbResult> {
  const name = `${kind === 'sqlite' ? 'SQLite (file, WAL)' : 'PostgreSQL'}, ${workerCount} worker${workerCount === 1 ? '' : 's'}`;
  console.log(`\n${name}`);
  const database = benchDatabase(kind, join(dir, `audit-${Date.now()}.db`), workerCount, options.postgresUrl);
  const server = await startApi(database);
  let workers: Workers | undefined;
  const profileDir = options.profile && kind === 'sqlite' ? mkdtempSync(join(tmpdir(), 'bench-audit-profile-')) : undefined;
  try {
    const account = await agencyProject(server, site.port, options.expectedPages);
    workers = await startWorkers(workerCount, database.env, options, profileDir);
    const audit = await runAudit(server, account, workers, site.process, options);
    const dbSize = await databaseSize(database, options.postgresUrl);
    const timed = phaseTimes(audit.transitions);
    const lists = await measureLists(server, account, audit, options.requests);
    // Stopped before the profile is read: a worker writes its profile as it exits.
    await Promise.all(workers.children.map((w) => stopChild(w.process)));
    const profile = profileDir ? profileReport(profileDir, timed.windows) : undefined;
    const figures = auditFigures(audit, timed, dbSize);
    return {
      name,
      workers: workerCount,
      ...figures,
      workerIdleMb: workers.idleMb,
      ...lists,
      heapAtPeak: workers.heapAtPeak(),
      ...(profile ? { profile } : {}),
    };
  } finally {
    await Promise.all((workers?.children ?? []).map((w) => stopChild(w.process)));
    await server.close();
    await releaseDatabase(database, options);
  }
}

type AuditFigures = Omit<DbResult, 'name' | 'workers' | 'workerIdleMb' | 'lists' | 'listsAnalyzed' | 'heapAtPeak' | 'profile'>;

/** The audit's own figures: speed, phases, memory, CPU time, size. */
function auditFigures(audit: AuditRun, timed: Phases, dbSize: DatabaseSize): AuditFigures {
  const pagesCrawled = audit.run.progress.pagesCrawled;
  return {
    workerPeaksMb: audit.workerPeaksMb,
    pagesCrawled,
    stopReason: audit.run.stopReason,
    wallSeconds: audit.wallSeconds,
    pagesPerSecond: pagesCrawled / audit.wallSeconds,
    crawlPagesPerSecond: timed.crawlingSeconds > 0 ? pagesCrawled / timed.crawlingSeconds : NaN,
    phases: timed.phases,
    workerPeakMb: Math.max(...audit.workerPeaksMb),
    workerCpuSeconds: audit.cpu.worker,
    siteCpuSeconds: audit.cpu.site,
    apiCpuSeconds: audit.cpu.api,
    dbBytes: dbSize.bytes,
    dbDetail: dbSize.detail,
    peakByPhase: [...audit.peakByPhase.entries()],
  };
}
