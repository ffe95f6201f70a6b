import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions, Transport } from '../core/request.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

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
}

export class GeoMonitor {
  readonly tests: GeoMonitorTests;

  constructor(transport: Transport) {
    this.tests = new GeoMonitorTests(transport);
  }
}
