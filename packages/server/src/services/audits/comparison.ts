// An audit against an earlier completed audit of the same project (the spec's compareAudits and
// listAuditPageChanges).
import type { AuditComparison, IssueChange, PageChange } from '@seo-geo/types';
import { invalidState, notFound } from '../../domain/errors.js';
import type { Page, PageRequest } from '../../domain/page.js';
import { createdBefore, type AuditComparisonsRepository } from '../../storage/repositories/audit-comparisons.js';
import type { AuditIssuesRepository, AuditIssueTotal } from '../../storage/repositories/audit-issues.js';
import type { AuditRun, AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { Principal } from '../../domain/principal.js';
import type { ProjectService } from '../projects/service.js';

export interface AuditComparisonService {
  compare(principal: Principal, projectId: string, auditId: string, baselineId: string | undefined): Promise<AuditComparison>;
  pageChanges(
    principal: Principal,
    projectId: string,
    auditId: string,
    query: { baseline?: string; change?: PageChange['change'] },
    page: PageRequest,
  ): Promise<Page<PageChange>>;
}

const STATUS_ORDER: Record<IssueChange['status'], number> = { new: 0, persisting: 1, fixed: 2 };
const SEVERITY_ORDER: Record<IssueChange['severity'], number> = { error: 0, warning: 1, notice: 2 };

export function createAuditComparisonService(deps: {
  projects: ProjectService;
  auditRuns: AuditRunsRepository;
  auditIssues: AuditIssuesRepository;
  comparisons: AuditComparisonsRepository;
}): AuditComparisonService {
  const { projects, auditRuns, auditIssues, comparisons } = deps;

  /** The two runs to compare, or the 404 or 409 the spec gives for each way they cannot be. */
  async function resolve(
    principal: Principal,
    projectId: string,
    auditId: string,
    baselineId: string | undefined,
  ): Promise<{ current: AuditRun; baseline: AuditRun }> {
    const project = await projects.get(principal, projectId);
    const current = await auditRuns.findForProject(project.id, auditId);
    if (!current) throw notFound('Audit run', auditId);
    requireCompleted(current);
    if (baselineId === undefined) {
      const previousId = await comparisons.previousCompleted(project.id, current);
      if (previousId === null) {
        throw invalidState(`No completed audit of this project was created before audit ${current.id}, so there is nothing to compare it with.`);
      }
      return { current, baseline: (await auditRuns.findForProject(project.id, previousId))! };
    }
    const baseline = await auditRuns.findForProject(project.id, baselineId);
    if (!baseline) throw notFound('Audit run', baselineId);
    requireCompleted(baseline);
    if (!createdBefore(baseline, current)) {
      throw invalidState(`Audit ${baseline.id} was not created before audit ${current.id}; the baseline must be an earlier audit.`);
    }
    return { current, baseline };
  }

  return {
    async compare(principal, projectId, auditId, baselineId) {
      const { current, baseline } = await resolve(principal, projectId, auditId, baselineId);
      const [after, before, changes, pages] = await Promise.all([
        auditIssues.all(current.id),
        auditIssues.all(baseline.id),
        comparisons.issueChanges(current.id, baseline.id),
        comparisons.pageCounts(current.id, baseline.id),
      ]);
      const currentScore = avgGeoScoreOf(current);
      const baselineScore = avgGeoScoreOf(baseline);
      return {
        auditRunId: current.id,
        baselineAuditRunId: baseline.id,
        avgGeoScore: {
          current: currentScore,
          baseline: baselineScore,
          change: currentScore === null || baselineScore === null ? null : oneDecimal(currentScore - baselineScore),
        },
        pages,
        issues: issueChanges(before, after, changes),
      };
    },

    async pageChanges(principal, projectId, auditId, query, page) {
      const { current, baseline } = await resolve(principal, projectId, auditId, query.baseline);
      const { items, total } = await comparisons.pageChanges(current.id, baseline.id, query.change !== undefined ? { change: query.change } : {}, page);
      return {
        items: items.map((row) => ({
          ...row,
          geoScoreChange: row.geoScoreBefore === null || row.geoScoreAfter === null ? null : row.geoScoreAfter - row.geoScoreBefore,
        })),
        total,
      };
    },
  };
}

function requireCompleted(run: AuditRun): void {
  if (run.status !== 'completed') throw invalidState(`Audit ${run.id} is ${run.status}; only completed audits can be compared.`);
}

function avgGeoScoreOf(run: AuditRun): number | null {
  const score = run.summary?.avgGeoScore;
  return typeof score === 'number' ? oneDecimal(score) : null;
}

/** Half away from zero, so that a change and its opposite round alike; never -0. */
function oneDecimal(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** Every code of either run, in the spec's order: new, persisting, fixed; errors first, then by pages now. */
function issueChanges(
  before: AuditIssueTotal[],
  after: AuditIssueTotal[],
  changes: Awaited<ReturnType<AuditComparisonsRepository['issueChanges']>>,
): IssueChange[] {
  const beforeByCode = new Map(before.map((total) => [total.code, total]));
  const afterByCode = new Map(after.map((total) => [total.code, total]));
  const changeByCode = new Map(changes.map((change) => [change.code, change]));
  const codes = new Set([...afterByCode.keys(), ...beforeByCode.keys()]);
  const issues = [...codes].map((code): IssueChange => {
    const then = beforeByCode.get(code);
    const now = afterByCode.get(code);
    const pagesBefore = then?.pagesAffected ?? 0;
    const pagesAfter = now?.pagesAffected ?? 0;
    return {
      code,
      severity: (now ?? then)!.severity,
      status: pagesBefore === 0 ? 'new' : pagesAfter === 0 ? 'fixed' : 'persisting',
      pagesBefore,
      pagesAfter,
      pagesNew: changeByCode.get(code)?.pagesNew ?? 0,
      pagesFixed: changeByCode.get(code)?.pagesFixed ?? 0,
    };
  });
  // Fixed codes all affect no page now: the pages they affected before, then the code, decide.
  return issues.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      b.pagesAfter - a.pagesAfter ||
      b.pagesBefore - a.pagesBefore ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}
