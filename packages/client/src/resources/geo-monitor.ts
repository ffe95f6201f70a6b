import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions, Transport } from '../core/request.js';
import { pollUntil, type WaitOptions } from '../core/poll.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

export type GeoTest = ResponseData<'getGeoMonitorTest'>;
/** A completed test: its summary is set. */
export type CompletedGeoTest = GeoTest & { status: 'completed'; summary: NonNullable<GeoTest['summary']> };
export type FailedGeoTest = GeoTest & { status: 'failed' };
export type CancelledGeoTest = GeoTest & { status: 'cancelled' };
/** A test in a final state, narrowed on `status`. */
export type FinishedGeoTest = CompletedGeoTest | FailedGeoTest | CancelledGeoTest;

export class GeoMonitorTests extends APIResource {
  /** Puts a prompt to the configured answer engines (`POST .../geo-monitor/tests`); 503 `AnswerEngineNotConfiguredError` when there are none. */
  create(
    projectId: string,
    body: RequestBody<'createGeoMonitorTest'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'createGeoMonitorTest'>, ResponseMeta<'createGeoMonitorTest'>> {
    return this.request('createGeoMonitorTest', { path: { projectId }, body }, options);
  }

  list(projectId: string, query?: QueryParams<'listGeoMonitorTests'>, options?: PageOptions): PagePromise<ListItem<'listGeoMonitorTests'>> {
    return this.paginate('listGeoMonitorTests', { path: { projectId }, query }, options);
  }

  get(projectId: string, testId: string, options?: RequestOptions): APIPromise<ResponseData<'getGeoMonitorTest'>, ResponseMeta<'getGeoMonitorTest'>> {
    return this.request('getGeoMonitorTest', { path: { projectId, testId } }, options);
  }

  /**
   * Cancels a pending or running test: its calls in flight are aborted, and the calls it did not
   * make go back to the month. A final one answers 409 (`InvalidStateError`).
   */
  cancel(projectId: string, testId: string, options?: RequestOptions): APIPromise<ResponseData<'cancelGeoMonitorTest'>, ResponseMeta<'cancelGeoMonitorTest'>> {
    return this.request('cancelGeoMonitorTest', { path: { projectId, testId } }, options);
  }

  /** Polls the test until it is completed, failed or cancelled, and returns it narrowed on `status`. */
  async waitForCompletion(projectId: string, testId: string, options: WaitOptions<GeoTest> = {}): Promise<FinishedGeoTest> {
    const test = await pollUntil(
      (signal) => this.get(projectId, testId, { signal }).withResponse(),
      (state) => state.status === 'completed' || state.status === 'failed' || state.status === 'cancelled',
      options,
      this.transport.sleep,
      this.transport.clock,
      `GEO monitor test ${testId}`,
    );
    return test as FinishedGeoTest;
  }
}

export type GeoMonitorRun = ResponseData<'getGeoMonitorRun'>;

export class GeoMonitors extends APIResource {
  /** A monitor: prompts × locales × engines on a schedule (`POST .../geo-monitor/monitors`). */
  create(
    projectId: string,
    body: RequestBody<'createGeoMonitor'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'createGeoMonitor'>, ResponseMeta<'createGeoMonitor'>> {
    return this.request('createGeoMonitor', { path: { projectId }, body }, options);
  }

  list(projectId: string, query?: QueryParams<'listGeoMonitors'>, options?: PageOptions): PagePromise<ListItem<'listGeoMonitors'>> {
    return this.paginate('listGeoMonitors', { path: { projectId }, query }, options);
  }

  get(projectId: string, monitorId: string, options?: RequestOptions): APIPromise<ResponseData<'getGeoMonitor'>, ResponseMeta<'getGeoMonitor'>> {
    return this.request('getGeoMonitor', { path: { projectId, monitorId } }, options);
  }

  /** Changes the fields given (`{ paused: true }` pauses it). */
  update(
    projectId: string,
    monitorId: string,
    body: RequestBody<'updateGeoMonitor'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'updateGeoMonitor'>, ResponseMeta<'updateGeoMonitor'>> {
    return this.request('updateGeoMonitor', { path: { projectId, monitorId }, body }, options);
  }

  delete(projectId: string, monitorId: string, options?: RequestOptions): APIPromise<ResponseData<'deleteGeoMonitor'>, ResponseMeta<'deleteGeoMonitor'>> {
    return this.request('deleteGeoMonitor', { path: { projectId, monitorId } }, options);
  }

  /**
   * Runs the monitor now, outside its schedule (`POST …/monitors/{monitorId}/runs`, 202): the run
   * is charged like any run; an `Idempotency-Key` is generated unless given.
   */
  runNow(projectId: string, monitorId: string, options?: RequestOptions): APIPromise<ResponseData<'startGeoMonitorRun'>, ResponseMeta<'startGeoMonitorRun'>> {
    return this.request('startGeoMonitorRun', { path: { projectId, monitorId } }, options);
  }

  /** The monitor's runs, newest tick first. */
  runs(projectId: string, monitorId: string, query?: QueryParams<'listGeoMonitorRuns'>, options?: PageOptions): PagePromise<ListItem<'listGeoMonitorRuns'>> {
    return this.paginate('listGeoMonitorRuns', { path: { projectId, monitorId }, query }, options);
  }

  getRun(
    projectId: string,
    monitorId: string,
    runId: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'getGeoMonitorRun'>, ResponseMeta<'getGeoMonitorRun'>> {
    return this.request('getGeoMonitorRun', { path: { projectId, monitorId, runId } }, options);
  }

  /**
   * Cancels a pending or running run: its call in flight is aborted, it keeps the answers it
   * stored, and the calls it did not make go back to the month. A final one answers 409 (`InvalidStateError`).
   */
  cancelRun(
    projectId: string,
    monitorId: string,
    runId: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'cancelGeoMonitorRun'>, ResponseMeta<'cancelGeoMonitorRun'>> {
    return this.request('cancelGeoMonitorRun', { path: { projectId, monitorId, runId } }, options);
  }

  /** Every answer of a run, with what it says of each tracked brand. */
  runAnswers(
    projectId: string,
    monitorId: string,
    runId: string,
    query?: QueryParams<'listGeoMonitorRunAnswers'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listGeoMonitorRunAnswers'>> {
    return this.paginate('listGeoMonitorRunAnswers', { path: { projectId, monitorId, runId }, query }, options);
  }

  /** Each tracked brand's figures run by run over a date range (default the last 30 days). */
  trend(
    projectId: string,
    monitorId: string,
    query?: QueryParams<'getGeoMonitorTrend'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'getGeoMonitorTrend'>, ResponseMeta<'getGeoMonitorTrend'>> {
    return this.request('getGeoMonitorTrend', { path: { projectId, monitorId }, query }, options);
  }

  /**
   * The project's pages the monitor's answers cite, most-cited first, each with what the latest
   * completed audit found on it; `{ cited: false }` lists the audited pages no answer cites.
   */
  citedPages(
    projectId: string,
    monitorId: string,
    query?: QueryParams<'listGeoMonitorCitedPages'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listGeoMonitorCitedPages'>> {
    return this.paginate('listGeoMonitorCitedPages', { path: { projectId, monitorId }, query }, options);
  }

  /**
   * A run's figures over each prompt (the default), locale, engine or surface, every brand with its
   * sample counts and intervals; `{ surface: 'grounded' }` keeps one surface's answers.
   */
  runFigures(
    projectId: string,
    monitorId: string,
    runId: string,
    query?: QueryParams<'listGeoMonitorRunFigures'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listGeoMonitorRunFigures'>> {
    return this.paginate('listGeoMonitorRunFigures', { path: { projectId, monitorId, runId }, query }, options);
  }

  /** The monitor's alerts, newest first, each with its evidence. */
  alerts(
    projectId: string,
    monitorId: string,
    query?: QueryParams<'listGeoMonitorAlerts'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listGeoMonitorAlerts'>> {
    return this.paginate('listGeoMonitorAlerts', { path: { projectId, monitorId }, query }, options);
  }

  /** Cited against never-cited audited pages, by GEO score and each evidence check: the effect with its interval. */
  scoreEffect(
    projectId: string,
    monitorId: string,
    query?: QueryParams<'getGeoScoreEffect'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'getGeoScoreEffect'>, ResponseMeta<'getGeoScoreEffect'>> {
    return this.request('getGeoScoreEffect', { path: { projectId, monitorId }, query }, options);
  }

  /** Polls a run until it is completed, failed, cancelled or skipped. */
  async waitForRun(projectId: string, monitorId: string, runId: string, options: WaitOptions<GeoMonitorRun> = {}): Promise<GeoMonitorRun> {
    return pollUntil(
      (signal) => this.getRun(projectId, monitorId, runId, { signal }).withResponse(),
      (state) => state.status !== 'pending' && state.status !== 'running',
      options,
      this.transport.sleep,
      this.transport.clock,
      `GEO monitor run ${runId}`,
    );
  }
}

export class GeoMonitor {
  readonly tests: GeoMonitorTests;
  readonly monitors: GeoMonitors;

  constructor(transport: Transport) {
    this.tests = new GeoMonitorTests(transport);
    this.monitors = new GeoMonitors(transport);
  }
}
