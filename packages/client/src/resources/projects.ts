import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

export class Projects extends APIResource {
  /** The account's projects, newest first (`GET /projects`). */
  list(query?: QueryParams<'listProjects'>, options?: PageOptions): PagePromise<ListItem<'listProjects'>> {
    return this.paginate('listProjects', { query }, options);
  }

  /** Creates a project (`POST /projects`); an `Idempotency-Key` is generated unless given. */
  create(body: RequestBody<'createProject'>, options?: RequestOptions): APIPromise<ResponseData<'createProject'>, ResponseMeta<'createProject'>> {
    return this.request('createProject', { body }, options);
  }

  /** One project with its `stats` (`GET /projects/{projectId}`). */
  get(projectId: string, options?: RequestOptions): APIPromise<ResponseData<'getProject'>, ResponseMeta<'getProject'>> {
    return this.request('getProject', { path: { projectId } }, options);
  }
}
