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

  /** Renames the project or changes its primary domain; the fields not given stay (`PATCH /projects/{projectId}`). */
  update(
    projectId: string,
    body: RequestBody<'updateProject'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'updateProject'>, ResponseMeta<'updateProject'>> {
    return this.request('updateProject', { path: { projectId }, body }, options);
  }

  /**
   * Deletes the project with its audits, content, reports, brand profile, GEO tests and monitors
   * (`DELETE /projects/{projectId}`); what is running stops. It cannot be undone.
   */
  delete(projectId: string, options?: RequestOptions): APIPromise<ResponseData<'deleteProject'>, ResponseMeta<'deleteProject'>> {
    return this.request('deleteProject', { path: { projectId } }, options);
  }

  /** The brands answers are read for: the project's own and its competitors (`GET /projects/{projectId}/brand`). */
  getBrand(projectId: string, options?: RequestOptions): APIPromise<ResponseData<'getBrandProfile'>, ResponseMeta<'getBrandProfile'>> {
    return this.request('getBrandProfile', { path: { projectId } }, options);
  }

  /** Replaces the brand profile; give a tracked competitor its `id` to keep it (`PUT /projects/{projectId}/brand`). */
  setBrand(
    projectId: string,
    body: RequestBody<'setBrandProfile'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'setBrandProfile'>, ResponseMeta<'setBrandProfile'>> {
    return this.request('setBrandProfile', { path: { projectId }, body }, options);
  }
}
