// `seo-geo check`: a gate for a CI pipeline, like Lighthouse CI's assertions. It reads a finished
// audit (the latest completed one, a given one, or one it starts and waits for) and fails with
// exit code 3 when the average GEO score is below a threshold or there are more issues than allowed.
import type { AuditRun } from '@seo-geo/client';
import type { Command } from 'commander';
import { CheckFailed, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { AuditNotCompleted, waitForAudit } from './audits.js';

interface CheckOptions {
  audit?: string;
  start?: boolean;
  maxPages?: number;
  timeout?: number;
  minScore?: number;
  maxErrors?: number;
  maxWarnings?: number;
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
    .action(async (projectId: string, options: CheckOptions) => {
      if (options.start && options.audit) throw new UsageError('--start and --audit exclude each other');
      if (options.minScore === undefined && options.maxErrors === undefined && options.maxWarnings === undefined) {
        throw new UsageError('Give at least one threshold: --min-score, --max-errors or --max-warnings');
      }
      const run = await auditToCheck(ctx, projectId, options);
      const results = assertions(run, options);
      if (ctx.json) ctx.io.out(JSON.stringify({ auditId: run.id, passed: results.every((r) => r.passed), results }, null, 2));
      else {
        const { green, red } = ctx.colors;
        ctx.io.out(`audit ${run.id} (${run.summary?.pagesAudited ?? 0} pages)`);
        for (const r of results) ctx.io.out(`${r.passed ? green('PASS') : red('FAIL')}  ${r.name}: ${r.actual} (${r.expected})`);
      }
      const failed = results.filter((r) => !r.passed).length;
      if (failed > 0) throw new CheckFailed(`${failed} of ${results.length} checks failed`);
    });
}

async function auditToCheck(ctx: CommandContext, projectId: string, options: CheckOptions): Promise<AuditRun> {
  if (options.start) {
    const started = await ctx.client.audits.start(projectId, options.maxPages === undefined ? {} : { maxPages: options.maxPages });
    const run = await waitForAudit(ctx, projectId, started.auditRunId, options.maxPages ?? 100, options.timeout);
    if (run.status !== 'completed') throw new AuditNotCompleted(`The audit ${run.status}: nothing to check`);
    return run;
  }
  if (options.audit) {
    const run = await ctx.client.audits.get(projectId, options.audit);
    if (run.status !== 'completed') throw new AuditNotCompleted(`The audit is ${run.status}, not completed: nothing to check`);
    return run;
  }
  for await (const run of ctx.client.audits.list(projectId, { pageSize: 100 })) if (run.status === 'completed') return run;
  throw new AuditNotCompleted('The project has no completed audit: run one, or use --start');
}

function assertions(run: AuditRun, options: CheckOptions): Array<{ name: string; passed: boolean; actual: string; expected: string }> {
  const summary = run.summary!;
  const results = [];
  if (options.minScore !== undefined) {
    const score = summary.avgGeoScore;
    results.push({
      name: 'average GEO score',
      passed: score !== null && score >= options.minScore,
      actual: score === null ? 'none' : score.toFixed(1),
      expected: `at least ${options.minScore}`,
    });
  }
  if (options.maxErrors !== undefined) {
    results.push({
      name: 'error issues',
      passed: summary.issueCounts.error <= options.maxErrors,
      actual: String(summary.issueCounts.error),
      expected: `at most ${options.maxErrors}`,
    });
  }
  if (options.maxWarnings !== undefined) {
    results.push({
      name: 'warning issues',
      passed: summary.issueCounts.warning <= options.maxWarnings,
      actual: String(summary.issueCounts.warning),
      expected: `at most ${options.maxWarnings}`,
    });
  }
  return results;
}
