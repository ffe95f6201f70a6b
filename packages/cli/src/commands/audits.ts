import type { AuditRun, FinishedAuditRun } from '@seo-geo/client';
import type { Command } from 'commander';
import { listOptions, wholeNumber, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';
import { auditProgress } from '../progress.js';

/** The `--wait` and `--timeout` polling of `audits start --wait`, `audits wait` and `check --start`. */
export async function waitForAudit(ctx: CommandContext, projectId: string, auditId: string, maxPages: number, timeoutSeconds: number | undefined): Promise<FinishedAuditRun> {
  const progress = ctx.json ? undefined : auditProgress(ctx.io, maxPages);
  try {
    return await ctx.client.audits.waitForCompletion(projectId, auditId, {
      interval: 1_000,
      ...(timeoutSeconds === undefined ? {} : { timeout: timeoutSeconds * 1000 }),
      onProgress: (run) => progress?.update(run),
    });
  } finally {
    progress?.stop();
  }
}

export function printAudit(ctx: CommandContext, run: AuditRun): void {
  printRecord(ctx.io, ctx.json, run, [
    ['id', run.id],
    ['status', run.status],
    ['seed', run.seedUrl],
    ['pages crawled', run.progress.pagesCrawled],
    ['average GEO score', run.summary?.avgGeoScore],
    ['issues', run.summary ? `${run.summary.issueCounts.error} errors, ${run.summary.issueCounts.warning} warnings, ${run.summary.issueCounts.notice} notices` : null],
    ['stop reason', run.stopReason],
    ['error', run.error ? `${run.error.code}: ${run.error.message}` : null],
  ]);
}

/** A waited-for audit that did not complete is a failure of the command (exit 1). */
export class AuditNotCompleted extends Error {
  override name = 'AuditNotCompleted';
}

function finish(ctx: CommandContext, run: FinishedAuditRun): void {
  printAudit(ctx, run);
  if (run.status !== 'completed') throw new AuditNotCompleted(`The audit ${run.status === 'failed' ? `failed: ${run.error.message}` : 'was cancelled'}`);
}

export function auditCommands(program: Command, ctx: CommandContext): void {
  const audits = program.command('audits').description('Site audits: crawl a project and score every page');

  audits
    .command('start <projectId>')
    .description('Start an audit')
    .option('--max-pages <n>', 'HTML pages to crawl at most (default 100)', wholeNumber('--max-pages'))
    .option('--seed-url <url>', 'where the crawl starts (default: the primary domain)')
    .option('--wait', 'wait for the audit to finish, showing its progress')
    .option('--timeout <seconds>', 'with --wait: give up after this long', wholeNumber('--timeout'))
    .action(async (projectId: string, options: { maxPages?: number; seedUrl?: string; wait?: boolean; timeout?: number }) => {
      const body = { ...(options.maxPages === undefined ? {} : { maxPages: options.maxPages }), ...(options.seedUrl ? { seedUrl: options.seedUrl } : {}) };
      const started = await ctx.client.audits.start(projectId, body);
      if (!options.wait) return printRecord(ctx.io, ctx.json, started, [['audit', started.auditRunId], ['status', started.status]]);
      if (!ctx.json) ctx.io.err(`audit ${started.auditRunId} started`);
      finish(ctx, await waitForAudit(ctx, projectId, started.auditRunId, options.maxPages ?? 100, options.timeout));
    });

  audits
    .command('wait <projectId> <auditId>')
    .description('Wait for an audit to finish, showing its progress')
    .option('--timeout <seconds>', 'give up after this long', wholeNumber('--timeout'))
    .action(async (projectId: string, auditId: string, options: { timeout?: number }) => {
      const run = await ctx.client.audits.get(projectId, auditId);
      finish(ctx, await waitForAudit(ctx, projectId, auditId, run.maxPages, options.timeout));
    });

  listOptions(audits.command('list <projectId>').description("A project's audits, newest first"))
    .action(async (projectId: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.audits.list(projectId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (r) => r.id },
        { header: 'status', value: (r) => r.status },
        { header: 'pages', value: (r) => r.progress.pagesCrawled },
        { header: 'avg GEO score', value: (r) => r.summary?.avgGeoScore },
        { header: 'created', value: (r) => r.createdAt },
      ]);
    });

  audits
    .command('get <projectId> <auditId>')
    .description('One audit: state, progress, summary')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.get(projectId, auditId)));

  audits
    .command('cancel <projectId> <auditId>')
    .description('Cancel a pending or running audit')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.cancel(projectId, auditId)));
}
