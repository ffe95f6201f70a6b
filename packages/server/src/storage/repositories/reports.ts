// Report snapshots: one per completed audit, with its metrics and the change since the previous one.
import type { components } from '@seo-geo/types';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database } from '../schema.js';
import type { ReportsTable } from '../schema-audits.js';
import { toTimestamp } from '../timestamps.js';

export type ReportMetrics = components['schemas']['ReportMetrics'];
export type ReportChange = components['schemas']['ReportChange'];

export interface Report {
  id: string;
  projectId: string;
  auditRunId: string;
  metrics: ReportMetrics;
  change: ReportChange | null;
  createdAt: string;
}

export interface ReportsRepository {
  create(
    input: { projectId: string; auditRunId: string; metrics: ReportMetrics; change: ReportChange | null; now: number },
    trx?: Transaction<Database>,
  ): Promise<Report>;
  latestForProject(projectId: string, trx?: Transaction<Database>): Promise<Report | null>;
  listForProject(projectId: string, page: PageRequest): Promise<Page<Report>>;
}

export function createReportsRepository(db: Kysely<Database>): ReportsRepository {
  return {
    async create({ projectId, auditRunId, metrics, change, now }, trx) {
      const row: ReportsTable = {
        id: uuidv7(now),
        project_id: projectId,
        audit_run_id: auditRunId,
        metrics: JSON.stringify(metrics),
        change: change === null ? null : JSON.stringify(change),
        created_at: toTimestamp(now),
      };
      await (trx ?? db).insertInto('reports').values(row).execute();
      return toReport(row);
    },
    async latestForProject(projectId, trx) {
      const row = await (trx ?? db)
        .selectFrom('reports')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toReport(row) : null;
    },
    listForProject: (projectId, page) => newestFirstPage(db, 'reports', { column: 'project_id', id: projectId }, page, toReport),
  };
}

function toReport(row: Selectable<ReportsTable>): Report {
  return {
    id: row.id,
    projectId: row.project_id,
    auditRunId: row.audit_run_id,
    metrics: JSON.parse(row.metrics) as ReportMetrics,
    change: row.change === null ? null : (JSON.parse(row.change) as ReportChange),
    createdAt: row.created_at,
  };
}
