import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

export class Briefs extends APIResource {
  /** Builds a content brief and its first draft (`POST /projects/{projectId}/content/briefs`). */
  create(projectId: string, body: RequestBody<'createBrief'>, options?: RequestOptions): APIPromise<ResponseData<'createBrief'>, ResponseMeta<'createBrief'>> {
    return this.request('createBrief', { path: { projectId }, body }, options);
  }

  get(projectId: string, briefId: string, options?: RequestOptions): APIPromise<ResponseData<'getBrief'>, ResponseMeta<'getBrief'>> {
    return this.request('getBrief', { path: { projectId, briefId } }, options);
  }
}

export class Drafts extends APIResource {
  /** The project's content drafts, newest first. */
  list(projectId: string, query?: QueryParams<'listDrafts'>, options?: PageOptions): PagePromise<ListItem<'listDrafts'>> {
    return this.paginate('listDrafts', { path: { projectId }, query }, options);
  }

  get(projectId: string, draftId: string, options?: RequestOptions): APIPromise<ResponseData<'getDraft'>, ResponseMeta<'getDraft'>> {
    return this.request('getDraft', { path: { projectId, draftId } }, options);
  }
}

export class Reports extends APIResource {
  /** The project's report snapshots (one per completed audit), newest first. */
  list(projectId: string, query?: QueryParams<'listReports'>, options?: PageOptions): PagePromise<ListItem<'listReports'>> {
    return this.paginate('listReports', { path: { projectId }, query }, options);
  }
}
