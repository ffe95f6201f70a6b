// `seo-geo check`: a gate for a CI pipeline, like Lighthouse CI's assertions. It reads a finished
// audit (the latest completed one, a given one, or one it starts and waits for) and fails with
// exit code 3 when the average GEO score is below a threshold or there are more issues than allowed.
import type { AuditRun } from '@seo-geo/client';
import { Option, type Command } from 'commander';
import { CheckFailed, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { CHECK_FORMATS, githubReport, junitReport, sarifReport, type CheckFormat } from './check-reports.js';
import { AuditNotCompleted, waitForAudit } from './audits.js';

interface CheckOptions {
  audit?: string;
  start?: boolean;
  maxPages?: number;
  timeout?: number;
  minScore?: number;
  maxErrors?: number;
  maxWarnings?: number;
  format: CheckFormat;
}

export function checkCommand(program: Command, ctx: CommandContext): void {
  program
    .command('check <projectId>')
    .description('Fail (exit 3) when an audit misses the thresholds: for CI pipelines')
    .option('--audit <auditId>', 'the audit to check (default: the latest completed one)')
    .option('--start', 'start an audit and wait for it, then check it')
    .option('--max-pages <n>', 'with --start: pages to crawl', wholeNumber('--max-pages'))
    .option('--timeout <seconds>', 'with --start: give up waiting after this long', wholeNumber('--timeout'))
    .option('--min-score <n>', 'the average GEO score must be at least n', wholeNumber('--min-score'))
    .option('--max-errors <n>', 'at most n issues of severity error', wholeNumber('--max-errors'))
    .option('--max-warnings <n>', 'at most n issues of severity warning', wholeNumber('--max-warnings'))
    .addOption(
      new Option('--format <format>', 'how to report: a table, JSON, JUnit XML, SARIF 2.1.0, or GitHub Actions annotations')
        .choices(CHECK_FORMATS)
        .default('table'),
    )
    .action(async (projectId: string, options: CheckOptions) => {
      if (options.start && options.audit) throw new UsageError('--start and --audit exclude each other');
      if (options.minScore === undefined && options.maxErrors === undefined && options.maxWarnings === undefined) {
        throw new UsageError('Give at least one threshold: --min-score, --max-errors or --max-warnings');
      }
      const run = await auditToCheck(ctx, projectId, options);
      const results = await withIssues(ctx, projectId, run, assertions(run, options));
      const format = ctx.json ? 'json' : options.format;
      if (format === 'json') ctx.io.out(JSON.stringify({ auditId: run.id, passed: results.every((r) => r.passed), results }, null, 2));
      else if (format === 'junit') ctx.io.out(junitReport(run.id, results));
      else if (format === 'sarif') ctx.io.out(sarifReport(`${ctx.connection.baseUrl}/projects/${projectId}/audits/${run.id}`, results));
      else if (format === 'github') ctx.io.out(githubReport(results));
      else {
        const { green, red } = ctx.colors;
        ctx.io.out(`audit ${run.id} (${run.summary?.pagesAudited ?? 0} pages)`);
        for (const r of results) {
          ctx.io.out(`${r.passed ? green('PASS') : red('FAIL')}  ${r.name}: ${r.actual ?? 'none'} (${r.expected})`);
          // As Lighthouse CI names each failing assertion: which issues made the count.
          for (const issue of r.issues ?? []) ctx.io.out(`      ${issue.code}: ${issue.pagesAffected} page${issue.pagesAffected === 1 ? '' : 's'}`);
        }
      }
      const failed = results.filter((r) => !r.passed).length;
      if (failed > 0) throw new CheckFailed(`${failed} of ${results.length} checks failed`);
    });
}

async function auditToCheck(ctx: CommandContext, projectId: string, options: CheckOptions): Promise<AuditRun> {
  if (options.start) {
    const started = await ctx.client.audits.start(projectId, options.maxPages === undefined ? {} : { maxPages: options.maxPages });
    const run = await waitForAudit(ctx, projectId, started.auditRunId, options.maxPages ?? 100, options.timeout);
    if (run.status !== 'completed') throw new AuditNotCompleted(`The audit ${run.id} ${run.status}${whyNot(run)}: nothing to check`);
    return run;
  }
  if (options.audit) {
    const run = await ctx.client.audits.get(projectId, options.audit);
    if (run.status !== 'completed') throw new AuditNotCompleted(`The audit is ${run.status}, not completed${whyNot(run)}: nothing to check`);
    return run;
  }
  for await (const run of ctx.client.audits.list(projectId, { pageSize: 100 })) if (run.status === 'completed') return run;
  throw new AuditNotCompleted('The project has no completed audit: run one, or use --start');
}

/** What the run says of why it did not complete: `(seed_unreachable: https://… could not be fetched)`, or the safeguard's measure. */
function whyNot(run: AuditRun): string {
  if (run.error) return ` (${run.error.code}: ${run.error.message})`;
  return run.pauseMessage ? ` (${run.pauseMessage})` : '';
}

interface Assertion {
  name: string;
  passed: boolean;
  /** The measured value; null when there is none (no page was scored). */
  actual: number | null;
  expected: string;
  /** For a failing issue count: the issue codes of that severity, most pages first. */
  issues?: Array<{ code: string; pagesAffected: number }>;
  severity?: 'error' | 'warning';
}

/** Adds to each failing issue count the codes behind it, and drops the internal severity. */
async function withIssues(ctx: CommandContext, projectId: string, run: AuditRun, results: Assertion[]): Promise<Assertion[]> {
  return Promise.all(
    results.map(async ({ severity, ...result }) => {
      if (result.passed || severity === undefined) return result;
      const issues = await ctx.client.audits.issues(projectId, run.id, { severity, pageSize: 100 }).toArray();
      return { ...result, issues: issues.map((i) => ({ code: i.code, pagesAffected: i.pagesAffected })) };
    }),
  );
}

function assertions(run: AuditRun, options: CheckOptions): Assertion[] {
  const summary = run.summary!;
  const results: Assertion[] = [];
  if (options.minScore !== undefined) {
    const score = summary.avgGeoScore;
    results.push({
      name: 'average GEO score',
      passed: score !== null && score >= options.minScore,
      actual: score,
      expected: `at least ${options.minScore}`,
    });
  }
  if (options.maxErrors !== undefined) {
    results.push({
      name: 'error issues',
      passed: summary.issueCounts.error <= options.maxErrors,
      actual: summary.issueCounts.error,
      expected: `at most ${options.maxErrors}`,
      severity: 'error',
    });
  }
  if (options.maxWarnings !== undefined) {
    results.push({
      name: 'warning issues',
      passed: summary.issueCounts.warning <= options.maxWarnings,
      actual: summary.issueCounts.warning,
      expected: `at most ${options.maxWarnings}`,
      severity: 'warning',
    });
  }
  return results;
}
