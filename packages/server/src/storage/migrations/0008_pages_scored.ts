// Summaries and report snapshots gain `pagesScored` (the 2xx HTML pages the average is taken
// over), and a snapshot's schema share becomes pages with schema ÷ pages scored, as the spec's
// AuditSummary now defines them. Stored ones are recomputed from their audit's pages; a report's
// change is then recomputed from the recomputed metrics of its project's snapshots, in order.
import type { Kysely } from 'kysely';

/** The columns this migration reads and writes, as they stand when it runs. */
interface Tables {
  audit_runs: { id: string; summary: string | null };
  audit_pages: { audit_run_id: string; status_code: number; content_type: string | null };
  reports: { id: string; project_id: string; audit_run_id: string; metrics: string; change: string | null; created_at: string };
}
type Db = Kysely<Tables>;
/** A stored summary: the fields read here (pagesScored is what this migration adds). */
interface Summary {
  pagesScored?: number;
  pagesWithSchema: number;
}
/** A report's stored metrics, with the pagesScored this migration sets on each. */
interface Metrics {
  avgGeoScore: number | null;
  pagesAudited: number;
  pagesScored: number;
  schemaShare: number | null;
  issueCounts: { error: number; warning: number; notice: number };
}
const HTML = ['text/html', 'application/xhtml+xml'];
/** Runs updated per query, so a large history is worked through without holding it all. */
const BATCH = 500;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

async function pagesScored(db: Db, auditRunId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_pages')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('audit_run_id', '=', auditRunId)
    .where('status_code', '>=', 200)
    .where('status_code', '<', 300)
    .where('content_type', 'in', HTML)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function up(db: Db): Promise<void> {
  for (let after = ''; ;) {
    const runs = await db
      .selectFrom('audit_runs')
      .select(['id', 'summary'])
      .where('id', '>', after)
      .where('summary', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (runs.length === 0) break;
    for (const run of runs as Array<{ id: string; summary: string }>) {
      const summary = JSON.parse(run.summary) as Record<string, unknown>;
      if (typeof summary.pagesScored === 'number') continue;
      summary.pagesScored = await pagesScored(db, run.id);
      await db
        .updateTable('audit_runs')
        .set({ summary: JSON.stringify(summary) })
        .where('id', '=', run.id)
        .execute();
    }
    after = runs.at(-1)!.id;
  }

  const projects = await db.selectFrom('reports').select('project_id').distinct().execute();
  for (const { project_id: projectId } of projects as Array<{ project_id: string }>) {
    const reports = (await db
      .selectFrom('reports')
      .select(['id', 'audit_run_id', 'metrics'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as Array<{ id: string; audit_run_id: string; metrics: string }>;
    let previous: { id: string; metrics: Metrics } | null = null;
    for (const report of reports) {
      const metrics = JSON.parse(report.metrics) as Metrics; // its pagesScored is set below
      const run = await db.selectFrom('audit_runs').select('summary').where('id', '=', report.audit_run_id).executeTakeFirst();
      const summary = run?.summary ? (JSON.parse(run.summary) as Summary) : null;
      const scored = summary?.pagesScored ?? (await pagesScored(db, report.audit_run_id));
      metrics.pagesScored = scored;
      metrics.schemaShare = scored === 0 || !summary ? (metrics.schemaShare ?? null) : round(summary.pagesWithSchema / scored, 3);
      const change = previous && {
        previousSnapshotId: previous.id,
        avgGeoScore:
          metrics.avgGeoScore === null || previous.metrics.avgGeoScore === null ? null : round(metrics.avgGeoScore - previous.metrics.avgGeoScore, 1),
        pagesAudited: metrics.pagesAudited - previous.metrics.pagesAudited,
        pagesScored: metrics.pagesScored - previous.metrics.pagesScored,
        schemaShare:
          metrics.schemaShare === null || previous.metrics.schemaShare === null ? null : round(metrics.schemaShare - previous.metrics.schemaShare, 3),
        issueCounts: {
          error: metrics.issueCounts.error - previous.metrics.issueCounts.error,
          warning: metrics.issueCounts.warning - previous.metrics.issueCounts.warning,
          notice: metrics.issueCounts.notice - previous.metrics.issueCounts.notice,
        },
      };
      await db
        .updateTable('reports')
        .set({ metrics: JSON.stringify(metrics), change: change ? JSON.stringify(change) : null })
        .where('id', '=', report.id)
        .execute();
      previous = { id: report.id, metrics };
    }
  }
}

// The added fields are harmless to older code, which ignores them.
export async function down(): Promise<void> {}
