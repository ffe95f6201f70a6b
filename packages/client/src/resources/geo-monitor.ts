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
/** A test in a final state, narrowed on `status`. */
export type FinishedGeoTest = CompletedGeoTest | FailedGeoTest;

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

  /** Polls the test until it is completed or failed, and returns it narrowed on `status`. */
  async waitForCompletion(projectId: string, testId: string, options: WaitOptions<GeoTest> = {}): Promise<FinishedGeoTest> {
    const test = await pollUntil(
      (signal) => this.get(projectId, testId, { signal }).withResponse(),
      (state) => state.status === 'completed' || state.status === 'failed',
      options,
      this.transport.sleep,
      `GEO monitor test ${testId}`,
    );
    return test as FinishedGeoTest;
  }
}

export class GeoMonitor {
  readonly tests: GeoMonitorTests;

  constructor(transport: Transport) {
    this.tests = new GeoMonitorTests(transport);
  }
}
