import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request.js';
import { pollUntil, type WaitOptions } from '../core/poll.js';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { APIResource, type FileStream } from './resource.js';

export type AuditRun = ResponseData<'getAudit'>;
/**
 * One audit run's id under its three names: `auditRunId` in the answer of `audits.start`, `id` of
 * the `AuditRun`, and the `auditId` that `get`, `waitForCompletion`, `cancel`, `pause`, `resume`, `pages`, `issues`,
 * `exportPages`, `compare` and `pageChanges` take (`{auditId}` in the paths).
 */
export type AuditRunId = AuditRun['id'];
/** The answer of `audits.start`: `auditRunId` is the `auditId` the other audit methods take. */
export type AuditStarted = ResponseData<'startAudit'>;
/** A completed run: its summary and stop reason are set (the spec's audit states). */
export type CompletedAuditRun = AuditRun & { status: 'completed'; summary: NonNullable<AuditRun['summary']>; stopReason: NonNullable<AuditRun['stopReason']> };
export type FailedAuditRun = AuditRun & { status: 'failed'; error: NonNullable<AuditRun['error']> };
export type CancelledAuditRun = AuditRun & { status: 'cancelled' };
/** A run in a final state, narrowed on `status`: `if (run.status === 'completed') run.summary.avgGeoScore`. */
export type FinishedAuditRun = CompletedAuditRun | FailedAuditRun | CancelledAuditRun;
/** A paused run: `pauseReason` says why (`requested`, or `safeguard` with `pauseMessage`); `resume` continues it. */
export type PausedAuditRun = AuditRun & { status: 'paused'; pauseReason: NonNullable<AuditRun['pauseReason']> };

/** Where waiting ends: a final state, or paused (only a resume or a cancel moves it on). */
const AUDIT_SETTLED = new Set(['completed', 'failed', 'cancelled', 'paused']);

// The spec gives `maxPages` a default, which openapi-typescript turns into a required property;
// the schema itself requires nothing ("send `{}` to audit the primary domain with 100 pages").
export type AuditStartBody = Partial<RequestBody<'startAudit'>>;

export class Audits extends APIResource {
  /** The project's audit runs, newest first (`GET /projects/{projectId}/audits`). */
  list(projectId: string, query?: QueryParams<'listAudits'>, options?: PageOptions): PagePromise<ListItem<'listAudits'>> {
    return this.paginate('listAudits', { path: { projectId }, query }, options);
  }

  /**
   * Starts an audit (`POST /projects/{projectId}/audits`); resolves to `{auditRunId, status: 'pending', jobId}`.
   * `auditRunId` is the run's `id` and the `auditId` the other audit methods take:
   * `const { auditRunId } = await client.audits.start(projectId); await client.audits.waitForCompletion(projectId, auditRunId);`
   */
  start(projectId: string, body: AuditStartBody = {}, options?: RequestOptions): APIPromise<AuditStarted, ResponseMeta<'startAudit'>> {
    return this.request('startAudit', { path: { projectId }, body }, options);
  }

  /**
   * One audit run: state, progress, summary (`GET /projects/{projectId}/audits/{auditId}`).
   * `auditId` is the `auditRunId` that `start` answered, or the `id` of a run from `list`.
   */
  get(projectId: string, auditId: AuditRunId, options?: RequestOptions): APIPromise<ResponseData<'getAudit'>, ResponseMeta<'getAudit'>> {
    return this.request('getAudit', { path: { projectId, auditId } }, options);
  }

  /**
   * Polls the run until it is final, or paused (by request or by the crawl's safeguard: nothing
   * moves it on but `resume` or `cancel`), and returns it narrowed on `status`. `onProgress` gets
   * each changed state (`progress.pagesCrawled`); polls slow down when the key's bucket runs low.
   */
  async waitForCompletion(projectId: string, auditId: AuditRunId, options: WaitOptions<AuditRun> = {}): Promise<FinishedAuditRun | PausedAuditRun> {
    const run = await pollUntil(
      (signal) => this.get(projectId, auditId, { signal }).withResponse(),
      (state) => AUDIT_SETTLED.has(state.status),
      options,
      this.transport.sleep,
      this.transport.clock,
      `audit ${auditId}`,
    );
    return run as FinishedAuditRun | PausedAuditRun;
  }

  /** Cancels a pending, running or paused audit; a final one answers 409 (`InvalidStateError`). */
  cancel(projectId: string, auditId: AuditRunId, options?: RequestOptions): APIPromise<ResponseData<'cancelAudit'>, ResponseMeta<'cancelAudit'>> {
    return this.request('cancelAudit', { path: { projectId, auditId } }, options);
  }

  /**
   * Pauses an audit, keeping its pages (`POST …/pause`): a pending one is `paused` at once; a running
   * one answers `running` with `pauseReason: 'requested'` and is `paused` once its crawl has stopped.
   * Already paused or pausing, or final: 409 (`InvalidStateError`).
   */
  pause(projectId: string, auditId: AuditRunId, options?: RequestOptions): APIPromise<ResponseData<'pauseAudit'>, ResponseMeta<'pauseAudit'>> {
    return this.request('pauseAudit', { path: { projectId, auditId } }, options);
  }

  /**
   * Resumes a paused audit (`POST …/resume`): `pending` again, with a new `jobId`, its crawl continuing
   * where it stopped; one that is not paused answers 409 (`InvalidStateError`).
   */
  resume(projectId: string, auditId: AuditRunId, options?: RequestOptions): APIPromise<ResponseData<'resumeAudit'>, ResponseMeta<'resumeAudit'>> {
    return this.request('resumeAudit', { path: { projectId, auditId } }, options);
  }

  /**
   * Deletes the audit run with its pages, issues and report snapshot; a running one stops
   * (`DELETE /projects/{projectId}/audits/{auditId}`). It cannot be undone.
   */
  delete(projectId: string, auditId: AuditRunId, options?: RequestOptions): APIPromise<ResponseData<'deleteAudit'>, ResponseMeta<'deleteAudit'>> {
    return this.request('deleteAudit', { path: { projectId, auditId } }, options);
  }

  /** The audit's pages by URL, filtered by `minGeoScore` (strictly greater), `hasSchema` and `issue` (an issue code). */
  pages(projectId: string, auditId: AuditRunId, query?: QueryParams<'listAuditPages'>, options?: PageOptions): PagePromise<ListItem<'listAuditPages'>> {
    return this.paginate('listAuditPages', { path: { projectId, auditId }, query }, options);
  }

  /** The audit by issue: every issue code with its severity, pages affected and sample URLs, errors first. */
  issues(projectId: string, auditId: AuditRunId, query?: QueryParams<'listAuditIssues'>, options?: PageOptions): PagePromise<ListItem<'listAuditIssues'>> {
    return this.paginate('listAuditIssues', { path: { projectId, auditId }, query }, options);
  }

  /** The links of the audit's pages to `url`, by linking page: anchor text, `rel`, followed. */
  inlinks(projectId: string, auditId: AuditRunId, query: QueryParams<'listAuditInlinks'>, options?: PageOptions): PagePromise<ListItem<'listAuditInlinks'>> {
    return this.paginate('listAuditInlinks', { path: { projectId, auditId }, query }, options);
  }

  /** The links on the page `url`, in document order (one per distinct target). */
  outlinks(projectId: string, auditId: AuditRunId, query: QueryParams<'listAuditOutlinks'>, options?: PageOptions): PagePromise<ListItem<'listAuditOutlinks'>> {
    return this.paginate('listAuditOutlinks', { path: { projectId, auditId }, query }, options);
  }

  /** The distinct broken (`kind: 'broken'`) or redirecting link targets, most linked first; `kind: 'resource'`: the broken resources pages load. */
  linkTargets(
    projectId: string,
    auditId: AuditRunId,
    query: QueryParams<'listAuditLinkTargets'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listAuditLinkTargets'>> {
    return this.paginate('listAuditLinkTargets', { path: { projectId, auditId }, query }, options);
  }

  /** The issue catalogue: every code's title, description, how to fix it and priority. */
  issueCodes(query?: QueryParams<'listIssueCodes'>, options?: PageOptions): PagePromise<ListItem<'listIssueCodes'>> {
    return this.paginate('listIssueCodes', { query }, options);
  }

  /**
   * The pages as CSV (the spec lists the columns), with the pages list's filters: resolves to the
   * body stream, read as it arrives, so a large audit is never held in memory:
   * `await pipeline(file, createWriteStream('pages.csv'))`, or `await new Response(file).text()`.
   */
  exportPages(projectId: string, auditId: AuditRunId, query?: QueryParams<'exportAuditPages'>, options?: RequestOptions): APIPromise<FileStream, null> {
    return this.download('exportAuditPages', { path: { projectId, auditId }, query }, options);
  }

  /** This audit against an earlier completed one (default: the previous): issues new, fixed and persisting, score changes. */
  compare(
    projectId: string,
    auditId: AuditRunId,
    query?: QueryParams<'compareAudits'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'compareAudits'>, ResponseMeta<'compareAudits'>> {
    return this.request('compareAudits', { path: { projectId, auditId }, query }, options);
  }

  /** The URL-by-URL changes between this audit and the baseline, by URL, filtered by `change`. */
  pageChanges(
    projectId: string,
    auditId: AuditRunId,
    query?: QueryParams<'listAuditPageChanges'>,
    options?: PageOptions,
  ): PagePromise<ListItem<'listAuditPageChanges'>> {
    return this.paginate('listAuditPageChanges', { path: { projectId, auditId }, query }, options);
  }
}
