// Stopping GEO work: the GEO tests and monitor runs of a scope (one test or run on request, a
// monitor's runs or a project's tests and runs before they are deleted) that are still pending or
// running end as cancelled, their queued jobs are cancelled, and the calls they were charged for
// and did not make go back to the month, all in the caller's transaction. A job already running
// sees its work stopped within seconds (watch.ts), and its writes are refused from now on.
import type { GeoMonitorRunScope, GeoMonitorRunsRepository } from '../../storage/repositories/geo-monitor-runs.js';
import type { GeoTestScope, GeoTestsRepository } from '../../storage/repositories/geo-tests.js';
import type { JobsRepository } from '../../storage/repositories/jobs.js';
import type { UsageRepository } from '../../storage/repositories/usage.js';
import type { TransactionHandle } from '../../storage/transaction.js';
import { refundUnmade } from './unmade-calls.js';

/** What to stop: a test or a run, a monitor's runs, or all of a project's tests and runs. */
export type GeoWorkScope = GeoTestScope | GeoMonitorRunScope;

/** Stops the open work of the scope; how many tests and runs it stopped. */
export type StopGeoWork = (trx: TransactionHandle, scope: GeoWorkScope, now: number) => Promise<number>;

export function geoWorkStopper(deps: {
  geoTests: Pick<GeoTestsRepository, 'cancelOpen'>;
  geoMonitorRuns: Pick<GeoMonitorRunsRepository, 'cancelOpen'>;
  jobs: Pick<JobsRepository, 'cancelQueued'>;
  usage: Pick<UsageRepository, 'refundCalls'>;
}): StopGeoWork {
  return async (trx, scope, now) => {
    const tests = 'runId' in scope || 'monitorId' in scope ? [] : await deps.geoTests.cancelOpen(trx, scope, now);
    const runs = 'testId' in scope ? [] : await deps.geoMonitorRuns.cancelOpen(trx, scope, now);
    const ended = [...tests, ...runs];
    for (const work of ended) await deps.jobs.cancelQueued(work.jobId, now, trx);
    await refundUnmade(deps.usage, ended, trx);
    return ended.length;
  };
}
