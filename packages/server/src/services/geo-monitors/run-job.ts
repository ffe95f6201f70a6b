// The worker side of a GEO monitor run: charge the run's calls to the month (once, whatever the
// number of attempts), put every prompt × locale × sample to each engine (engines in parallel, each
// engine's questions one after another), analyse each answer for the run's tracked brands and
// store it (or the provider's error) as soon as it arrives, then compute the run's figures over the
// stored answers and complete it with its `geo_monitor.run.completed` event, keeping the project's
// own URLs the answers cite (for *List pages cited by answer engines*) and sending
// `geo_monitor.alert` when a brand's figures moved past the monitor's thresholds since its
// previous completed run.
//
// A worker lost mid-run leaves the answers it stored; the retried attempt asks only for the ones
// that are missing. A run whose calls do not fit the month's allowance fails before any call; a run
// in which no engine answered anything fails with the providers' errors. Calls charged but never
// made (an engine the operator removed since, a run given up or stopped by an internal error) are
// given back to the month they were charged to, when the run ends. A run cancelled, or deleted with
// its monitor or project, while it runs stops within seconds, its call in flight aborted (the
// cancel or the deletion gave back what it did not make), and its job ends as cancelled.
import { askEngine, engineSurface, urlsOnSites } from '@seo-geo/engine';
import { contractBounds } from '@seo-geo/types/bounds';
import { cutText, fitToContract } from '../../domain/fit-to-contract.js';
import type { JobOutcome } from '../../jobs/job-run.js';
import type { AnswerEngineJobDeps } from '../geo-tests/job.js';
import type { AccountsRepository } from '../../storage/repositories/accounts.js';
import type { CitedPagesRepository, RunCitation } from '../../storage/repositories/cited-pages.js';
import type { GeoMonitorsRepository } from '../../storage/repositories/geo-monitors.js';
import type { AnswerKey, GeoMonitorRunRecord, GeoMonitorRunsRepository, StoredAnswer } from '../../storage/repositories/geo-monitor-runs.js';
import type { Job } from '../../storage/repositories/jobs.js';
import { usageMonth, type UsageRepository } from '../../storage/repositories/usage.js';
import type { RunInTransaction } from '../../storage/transaction.js';
import { callsExhausted } from '../geo-tests/service.js';
import { geoMonitorRunView } from '../../views/geo-monitors.js';
import { figuresOf, geoSample } from '../geo-answers/samples.js';
import { alertChanges } from './alerts.js';
import { planOf } from '../accounts/plans.js';
import { refundUnmade } from '../geo-answers/unmade-calls.js';
import { watchWork, type WorkWatch } from '../geo-answers/watch.js';
import type { GeoMonitorAlertsRepository } from '../../storage/repositories/geo-monitor-alerts.js';
import { uuidv7 } from '../../support/ids.js';
import { toTimestamp } from '../../storage/timestamps.js';
import { figureGroups, surfacesOf } from './figure-groups.js';
import { capRefusal } from './call-cap.js';

export const GEO_MONITOR_RUN_JOB_KIND = 'geo-monitor-run';

export interface GeoMonitorRunJobDeps extends AnswerEngineJobDeps {
  runs: GeoMonitorRunsRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  /** Charges (and gives back) calls for an explicit month: the one recorded with the run. */
  usage: Pick<UsageRepository, 'chargeCalls' | 'refundCalls' | 'callsIn'>;
  monitors: Pick<GeoMonitorsRepository, 'find' | 'lockForCharge'>;
  citedPages: Pick<CitedPagesRepository, 'record'>;
  alerts: Pick<GeoMonitorAlertsRepository, 'record'>;
}

/** Thrown inside a transaction to roll it back: the run was no longer running when it was charged. */
class RunGone extends Error {}
/** Thrown inside a transaction to roll it back: the month cannot pay for the run. */
class CallsRefused extends Error {}
/** Thrown inside a transaction to roll it back: the run would take its monitor past its monthly call cap. */
class CapReached extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export function createGeoMonitorRunJob(deps: GeoMonitorRunJobDeps) {
  return async function runGeoMonitorRunJob(job: Job, context: { signal: AbortSignal }): Promise<JobOutcome> {
    const { runId } = job.payload as { runId: string };
    const run = await deps.runs.find(runId);
    // Gone: the monitor was deleted, and its run abandoned with it. Final: nothing left to do.
    if (!run || !(await deps.runs.markRunning(run.id, deps.clock.now()))) return 'cancelled';
    const watch = watchWork(context.signal, async () => (await deps.runs.status(run.id)) === 'running');
    try {
      if (run.chargedMonth === null) {
        const refused = await charge(run);
        if (refused === 'gone') return 'cancelled';
        if (refused === 'skipped') return 'succeeded';
        if (refused !== null) {
          await deps.runs.fail(run.id, { error: refused, now: deps.clock.now() });
          return 'failed';
        }
      }
      await askMissing(run, watch);
      return await finish(run);
    } catch (error) {
      if (context.signal.aborted) return 'failed'; // the lease was lost or the worker stops: not this run's failure
      if (watch.stopped || (await deps.runs.status(run.id)) !== 'running') return 'cancelled'; // cancelled or deleted while it ran
      deps.logger.error({ err: error, runId: run.id }, 'GEO monitor run failed');
      await failRun(deps, run.id, 'The run stopped because of an internal error.', deps.clock.now());
      return 'failed';
    } finally {
      await watch.release();
    }
  };

  /**
   * Charges the run's calls to this month, with the month recorded on the run in the same
   * transaction; the refusal's message when they do not fit, 'gone' when the run ended meanwhile,
   * 'skipped' when it would take its monitor past its monthly call cap (it is skipped, charged nothing).
   */
  async function charge(run: GeoMonitorRunRecord): Promise<string | null> {
    const account = await deps.accounts.findById(run.accountId);
    if (!account) return 'gone';
    const plan = planOf(account.plan);
    const month = usageMonth(deps.clock.now());
    const cap = (await deps.monitors.find(run.monitorId))?.monthlyCallCap ?? null;
    try {
      await deps.transaction(async (trx) => {
        if (cap !== null) {
          if (!(await deps.monitors.lockForCharge(trx, run.monitorId))) throw new RunGone();
          const reason = capRefusal(cap, await deps.runs.chargedIn(run.monitorId, month, trx), run.callsPlanned);
          if (reason !== null) throw new CapReached(reason);
        }
        // The run's row before the month's, the order of every transaction that ends a run.
        if (!(await deps.runs.markCharged(trx, run.id, month))) throw new RunGone();
        const charge = { accountId: account.id, month, calls: run.callsPlanned, limit: plan.answerEngineCallsPerMonth };
        if (!(await deps.usage.chargeCalls(charge, trx))) throw new CallsRefused();
      });
      return null;
    } catch (error) {
      if (error instanceof RunGone) return 'gone';
      if (error instanceof CapReached) return skipRun(run.id, error.reason);
      if (!(error instanceof CallsRefused)) throw error;
    }
    const left = Math.max(0, plan.answerEngineCallsPerMonth - (await deps.usage.callsIn(account.id, month)));
    return `Not run: ${callsExhausted(plan, run.callsPlanned, left).message}`;
  }

  /** Skips the run for its monitor's cap, in a transaction of its own (the charge's rolled back). */
  async function skipRun(runId: string, reason: string): Promise<'skipped' | 'gone'> {
    const skipped = await deps.transaction((trx) => deps.runs.skip(trx, runId, { reason, now: deps.clock.now() }));
    return skipped ? 'skipped' : 'gone';
  }

  /**
   * Asks every question of the run that has no stored answer yet, storing each answer as it comes;
   * a store refused because the run no longer runs stops every engine's questions.
   */
  async function askMissing(run: GeoMonitorRunRecord, watch: WorkWatch): Promise<void> {
    const { signal } = watch;
    const store = async (answer: StoredAnswer, called?: boolean) => {
      // What the engine said (its answer, or its error) is held to the contract's bounds.
      if ((await deps.runs.storeAnswer(run.id, fitToContract('GeoMonitorAnswer', answer).value, called)) === 'not_running') watch.stop();
    };
    const stored = new Set((await deps.runs.answerKeys(run.id)).map(keyText));
    const { prompts, locales, engines, samplesPerPrompt } = run.settings;
    // Settled, not all: an engine's failure must not leave the other engines asking after the job has returned.
    const outcomes = await Promise.allSettled(
      engines.map(async (name, engineIndex) => {
        const engine = deps.engines.find((e) => e.name === name);
        for (let promptIndex = 0; promptIndex < prompts.length; promptIndex++) {
          for (let localeIndex = 0; localeIndex < locales.length; localeIndex++) {
            for (let sampleIndex = 0; sampleIndex < samplesPerPrompt; sampleIndex++) {
              const key: AnswerKey = { promptIndex, localeIndex, engineIndex, sampleIndex };
              if (stored.has(keyText(key))) continue;
              signal.throwIfAborted();
              if (!engine) {
                await store(
                  { ...key, model: '', sample: null, error: `The answer engine "${name}" is no longer configured on this server.`, surface: null },
                  false,
                );
                continue;
              }
              const asked = await askEngine(
                { ...engine, samples: 1 },
                {
                  prompt: prompts[promptIndex]!,
                  locale: locales[localeIndex]!,
                  signal,
                  policy: deps.policy,
                  ...(deps.resolver ? { resolver: deps.resolver } : {}),
                  ...(deps.env ? { env: deps.env } : {}),
                },
              );
              const given = asked.samples[0];
              const surface = engineSurface(engine);
              const answer: StoredAnswer =
                given === undefined
                  ? { ...key, model: engine.model, sample: null, error: asked.error ?? 'The engine gave no answer.', surface }
                  : {
                      ...key,
                      model: engine.model,
                      sample: geoSample(sampleIndex, given.text, run.brands, given.sources, prompts[promptIndex]),
                      error: null,
                      surface,
                    };
              await store(answer);
            }
          }
        }
      }),
    );
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure) throw failure.reason;
    // The last store may have been refused: the run is no longer there to finish.
    signal.throwIfAborted();
  }

  /** Figures over the stored answers; completes the run (and emits its event) or fails it when nothing was answered. */
  async function finish(run: GeoMonitorRunRecord): Promise<JobOutcome> {
    const answers = await deps.runs.answers(run.id);
    const answered = answers.filter((answer) => answer.sample !== null);
    const now = deps.clock.now();
    if (answered.length === 0) {
      const reasons = [...new Set(answers.map((a) => `${run.settings.engines[a.engineIndex]!}: ${a.error ?? 'no answer'}`))].join('; ');
      return (await failRun(deps, run.id, `No answer engine answered. ${reasons}`, now)) ? 'failed' : 'cancelled';
    }
    const figures = {
      ...figuresOf(
        run.brands,
        answered.map((answer) => answer.sample!),
      ),
      surfaces: surfacesOf(answered),
    };
    const groups = figureGroups(run, answers);
    const citations = projectCitations(run, answered);
    const thresholds = (await deps.monitors.find(run.monitorId))?.alerts ?? null;
    const completed = await deps.transaction(async (trx) => {
      if (!(await deps.runs.complete(trx, run.id, { figures, now }))) return false;
      const stored = (await deps.runs.find(run.id, trx))!;
      await refundUnmade(deps.usage, [stored], trx);
      await deps.runs.recordFigures(trx, run.id, groups);
      await deps.citedPages.record(trx, run.id, run.monitorId, citations);
      await deps.webhooks.emit({ type: 'geo_monitor.run.completed', accountId: run.accountId, data: geoMonitorRunView(stored) }, trx);
      const previous = thresholds === null ? null : await deps.runs.previousCompleted(trx, run.monitorId, run.scheduledFor);
      if (thresholds !== null && previous?.figures) {
        const changes = alertChanges(thresholds, previous.figures, figures);
        if (changes.length > 0) {
          const alert = {
            id: uuidv7(now),
            createdAt: toTimestamp(now),
            monitorId: run.monitorId,
            projectId: run.projectId,
            runId: run.id,
            previousRunId: previous.id,
            changes,
          };
          // Kept whether or not a webhook receives it: *List a monitor's alerts* and the monitor's lastAlert read it.
          await deps.alerts.record(trx, alert);
          await deps.webhooks.emit({ type: 'geo_monitor.alert', accountId: run.accountId, data: alert }, trx);
        }
      }
      return true;
    });
    return completed ? 'succeeded' : 'cancelled';
  }
}

/**
 * Fails a run still pending or running, and gives back the calls it was charged for but never made,
 * in one transaction; false when the run had already ended (or is gone). The job's handler and the
 * given-up job's lifecycle (worker_lost, orphans) both end runs here.
 */
export async function failRun(
  deps: { runs: GeoMonitorRunsRepository; usage: Pick<UsageRepository, 'refundCalls'>; transaction: RunInTransaction },
  runId: string,
  error: string,
  now: number,
): Promise<boolean> {
  return deps.transaction(async (trx) => {
    // The providers' errors it may list are held to the contract's bound on a run's error.
    if (!(await deps.runs.fail(runId, { error: cutText(error, contractBounds.GeoMonitorRun.properties.error.maxLength), now }, trx))) return false;
    await refundUnmade(deps.usage, [(await deps.runs.find(runId, trx))!], trx);
    return true;
  });
}

/** The project's own URLs the answers cite, per engine, with the answers citing each. */
function projectCitations(run: GeoMonitorRunRecord, answered: readonly StoredAnswer[]): RunCitation[] {
  const project = run.brands[0];
  if (project === undefined) return [];
  const counts = new Map<string, RunCitation>();
  for (const answer of answered) {
    const engine = run.settings.engines[answer.engineIndex]!;
    for (const url of urlsOnSites(project.domains, answer.sample!.citedUrls)) {
      const key = `${engine}\n${url}`;
      const entry = counts.get(key) ?? { url, engine, answers: 0 };
      entry.answers++;
      counts.set(key, entry);
    }
  }
  return [...counts.values()];
}

const keyText = (key: AnswerKey) => `${key.promptIndex}/${key.localeIndex}/${key.engineIndex}/${key.sampleIndex}`;
