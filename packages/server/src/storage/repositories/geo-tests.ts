// GEO monitor tests. State changes are conditional on the current state: final states never change.
// A test records the calls it was charged when it started and counts those it makes, only while it
// runs: a call counted after the test ended (cancelled, or deleted with its project) is refused, so
// what was given back when it ended stays right.
import type { GeoEngineResult, GeoTestSummary } from '@seo-geo/types';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database } from '../schema.js';
import type { GeoTestStatus, GeoTestsTable } from '../schema-geo.js';
import { toTimestamp } from '../timestamps.js';
import type { TrackedBrandRecord } from './brand-profiles.js';
import { changed } from './updated-rows.js';
import { cancelOpenWork, type EndedWork } from './cancel-open-work.js';

export interface GeoTest {
  id: string;
  projectId: string;
  accountId: string;
  status: GeoTestStatus;
  prompt: string;
  locale: string;
  engines: string[];
  /** The brands tracked when the test started; [] for tests stored before brand profiles (the project's alone). */
  brands: TrackedBrandRecord[];
  results: GeoEngineResult[];
  summary: GeoTestSummary | null;
  error: string | null;
  jobId: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The calls charged when it started; 0 for tests stored before this was recorded. */
  callsPlanned: number;
  /** Calls made so far (answered or failed, retries not counted). */
  callsMade: number;
  /** The month (YYYY-MM) the calls were charged to; null for tests stored before this was recorded. */
  chargedMonth: string | null;
}

/** A test ended by cancelOpen: what it was charged and made, and its job. */
export type EndedGeoTest = EndedWork;

/** The open tests cancelOpen ends: one test, or every one of a project. */
export type GeoTestScope = { testId: string } | { projectId: string };

export interface GeoTestsRepository {
  create(
    input: {
      id: string;
      projectId: string;
      accountId: string;
      prompt: string;
      locale: string;
      engines: string[];
      brands?: TrackedBrandRecord[];
      jobId: string;
      /** The calls charged with it, and the month they were charged to. */
      callsPlanned: number;
      chargedMonth: string | null;
      now: number;
    },
    trx?: Transaction<Database>,
  ): Promise<GeoTest>;
  find(id: string, trx?: Transaction<Database>): Promise<GeoTest | null>;
  findForProject(projectId: string, id: string): Promise<GeoTest | null>;
  listForProject(projectId: string, page: PageRequest): Promise<Page<GeoTest>>;
  /** The test's status alone (what its job watches); null when it is gone. */
  status(id: string): Promise<GeoTestStatus | null>;
  markRunning(id: string, now: number): Promise<boolean>;
  /** Counts one call made; false (nothing counted) when the test is no longer running or is gone. */
  recordCall(id: string): Promise<boolean>;
  complete(id: string, input: { results: GeoEngineResult[]; summary: GeoTestSummary; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  fail(id: string, input: { error: string; results: GeoEngineResult[]; now: number }, trx?: Transaction<Database>): Promise<boolean>;
  /**
   * Ends the pending or running tests of the scope as cancelled, and returns them as they ended
   * (on PostgreSQL the update waits for a call being counted, so its count is in). Their jobs are
   * the caller's to cancel.
   */
  cancelOpen(trx: Transaction<Database>, scope: GeoTestScope, now: number): Promise<EndedGeoTest[]>;
  /** Tests still pending or running although their job has ended: orphans a reconcile finishes. */
  listOrphaned(limit: number): Promise<string[]>;
}

export function createGeoTestsRepository(db: Kysely<Database>): GeoTestsRepository {
  return {
    async create(input, trx) {
      const row: Selectable<GeoTestsTable> = {
        id: input.id,
        project_id: input.projectId,
        account_id: input.accountId,
        status: 'pending',
        prompt: input.prompt,
        locale: input.locale,
        engines: JSON.stringify(input.engines),
        brands: JSON.stringify(input.brands ?? []),
        results: '[]',
        summary: null,
        error: null,
        job_id: input.jobId,
        created_at: toTimestamp(input.now),
        started_at: null,
        finished_at: null,
        calls_planned: input.callsPlanned,
        calls_made: 0,
        charged_month: input.chargedMonth,
      };
      await (trx ?? db).insertInto('geo_tests').values(row).execute();
      return toGeoTest(row);
    },
    async find(id, trx) {
      const row = await (trx ?? db).selectFrom('geo_tests').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGeoTest(row) : null;
    },
    async findForProject(projectId, id) {
      const row = await db.selectFrom('geo_tests').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return row ? toGeoTest(row) : null;
    },
    listForProject: (projectId, page) => newestFirstPage(db, 'geo_tests', { column: 'project_id', id: projectId }, page, toGeoTest),
    async status(id) {
      const row = await db.selectFrom('geo_tests').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status ?? null;
    },
    async markRunning(id, now) {
      const result = await db
        .updateTable('geo_tests')
        .set({ status: 'running', started_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirst();
      return changed(result);
    },
    async recordCall(id) {
      const result = await db
        .updateTable('geo_tests')
        .set((eb) => ({ calls_made: eb('calls_made', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return changed(result);
    },
    async complete(id, { results, summary, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('geo_tests')
        .set({ status: 'completed', results: JSON.stringify(results), summary: JSON.stringify(summary), finished_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return changed(result);
    },
    async listOrphaned(limit) {
      const rows = await db
        .selectFrom('geo_tests as t')
        .innerJoin('jobs as j', 'j.id', 't.job_id')
        .select('t.id')
        .where('t.status', 'in', ['pending', 'running'])
        .where('j.status', 'in', ['succeeded', 'failed', 'cancelled'])
        .orderBy('t.created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
    async fail(id, { error, results, now }, trx) {
      const result = await (trx ?? db)
        .updateTable('geo_tests')
        .set({ status: 'failed', error, results: JSON.stringify(results), finished_at: toTimestamp(now) })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .executeTakeFirst();
      return changed(result);
    },
    cancelOpen(trx, scope, now) {
      return cancelOpenWork(trx, 'geo_tests', 'testId' in scope ? ['id', scope.testId] : ['project_id', scope.projectId], now);
    },
  };
}

function toGeoTest(row: Selectable<GeoTestsTable>): GeoTest {
  return {
    id: row.id,
    projectId: row.project_id,
    accountId: row.account_id,
    status: row.status,
    prompt: row.prompt,
    locale: row.locale,
    engines: JSON.parse(row.engines) as string[],
    brands: JSON.parse(row.brands) as TrackedBrandRecord[],
    results: JSON.parse(row.results) as GeoEngineResult[],
    summary: row.summary === null ? null : (JSON.parse(row.summary) as GeoTestSummary),
    error: row.error,
    jobId: row.job_id,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    callsPlanned: Number(row.calls_planned),
    callsMade: Number(row.calls_made),
    chargedMonth: row.charged_month,
  };
}
