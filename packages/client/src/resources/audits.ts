import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource } from './resource.js';

// The spec gives `maxPages` a default, which openapi-typescript turns into a required property;
// the schema itself requires nothing ("send `{}` to audit the primary domain with 100 pages").
export type AuditStartBody = Partial<RequestBody<'startAudit'>>;

export class Audits extends APIResource {
  /** The project's audit runs, newest first (`GET /projects/{projectId}/audits`). */
  list(projectId: string, query?: QueryParams<'listAudits'>, options?: PageOptions): PagePromise<ListItem<'listAudits'>> {
    return this.paginate('listAudits', { path: { projectId }, query }, options);
  }

  /** Starts an audit (`POST /projects/{projectId}/audits`); resolves to `{auditRunId, status: 'pending', jobId}`. */
  start(projectId: string, body: AuditStartBody = {}, options?: RequestOptions): APIPromise<ResponseData<'startAudit'>, ResponseMeta<'startAudit'>> {
    return this.request('startAudit', { path: { projectId }, body: body as RequestBody<'startAudit'> }, options);
  }

  /** One audit run: state, progress, summary (`GET /projects/{projectId}/audits/{auditId}`). */
  get(projectId: string, auditId: string, options?: RequestOptions): APIPromise<ResponseData<'getAudit'>, ResponseMeta<'getAudit'>> {
    return this.request('getAudit', { path: { projectId, auditId } }, options);
  }

  /** Cancels a pending or running audit; a final one answers 409 (`InvalidStateError`). */
  cancel(projectId: string, auditId: string, options?: RequestOptions): APIPromise<ResponseData<'cancelAudit'>, ResponseMeta<'cancelAudit'>> {
    return this.request('cancelAudit', { path: { projectId, auditId } }, options);
  }

  /** The audit's pages by URL, filtered by `minGeoScore` (strictly greater) and `hasSchema`. */
  pages(
    projectId: string,
    auditId: string,
    query?: QueryParams<'listAuditPages'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listAuditPages'>> {
    return this.paginate('listAuditPages', { path: { projectId, auditId }, query }, options);
  }
}
