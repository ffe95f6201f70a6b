import { APITimeoutError, type AuditRun, type FinishedAuditRun, type PausedAuditRun } from '@seo-geo/client';
import type { Command } from 'commander';
import { listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';
import { auditProgress } from '../progress.js';
import { crawlSettingsOf, decimalNumber, repeatable, type CrawlFlags } from '../crawl-options.js';
import { safeguardOf, type SafeguardFlags } from '../safeguard-options.js';
import { linkCommands } from './links.js';

/**
 * The `--wait` and `--timeout` polling of `audits start --wait`, `audits wait` and `check --start`:
 * until the audit is final, or paused (nothing but a resume moves it on).
 */
export async function waitForAudit(
  ctx: CommandContext,
  projectId: string,
  auditId: string,
  maxPages: number,
  timeoutSeconds: number | undefined,
): Promise<FinishedAuditRun | PausedAuditRun> {
  const progress = ctx.json ? undefined : auditProgress(ctx.io, maxPages);
  // Ctrl-C stops the waiting, not the audit: say so, and how to stop it too.
  const off = ctx.io.onInterrupt?.(() => {
    progress?.stop();
    ctx.io.err(`stopped waiting: audit ${auditId} goes on running on the server; stop it with: seo-geo audits cancel ${projectId} ${auditId}`);
  });
  try {
    return await ctx.client.audits.waitForCompletion(projectId, auditId, {
      interval: 1_000,
      ...(timeoutSeconds === undefined ? {} : { timeout: timeoutSeconds * 1000 }),
      onProgress: (run) => progress?.update(run),
    });
  } catch (error) {
    // The client counts in milliseconds; the command was given seconds, and the audit goes on.
    if (error instanceof APITimeoutError && timeoutSeconds !== undefined) {
      throw new AuditWaitTimedOut(
        `The audit ${auditId} did not finish within ${timeoutSeconds} s (--timeout ${timeoutSeconds}); it goes on running on the server. ` +
          `Wait again with: seo-geo audits wait ${projectId} ${auditId}; stop it with: seo-geo audits cancel ${projectId} ${auditId}`,
      );
    }
    throw error;
  } finally {
    off?.();
    progress?.stop();
  }
}

export function printAudit(ctx: CommandContext, run: AuditRun): void {
  printRecord(ctx.io, ctx.json, run, [
    ['id', run.id],
    ['status', run.status],
    ['seed', run.seedUrl],
    ['pages crawled', run.progress.pagesCrawled],
    ['records', run.progress.pagesRecorded],
    ['phase', run.progress.phase],
    ['average GEO score', run.summary?.avgGeoScore],
    [
      'issues',
      run.summary ? `${run.summary.issueCounts.error} errors, ${run.summary.issueCounts.warning} warnings, ${run.summary.issueCounts.notice} notices` : null,
    ],
    ['stop reason', run.stopReason],
    ['error', run.error ? `${run.error.code}: ${run.error.message}` : null],
    ['paused', pauseOf(run)],
  ]);
}

/** Why the audit is paused (or pausing, while still running), in words; null when it is not. */
function pauseOf(run: AuditRun): string | null {
  if (run.pauseReason === null) return null;
  const why = run.pauseReason === 'safeguard' ? `by the crawl safeguard: ${run.pauseMessage ?? ''}` : 'on request';
  return run.status === 'paused' ? why : `stopping, ${why}`;
}

const CHANGES = ['added', 'removed', 'improved', 'declined', 'unchanged'] as const;

/** `--timeout` passed before the audit finished (exit 1): said in seconds, with how to wait again or cancel. */
export class AuditWaitTimedOut extends Error {
  override name = 'AuditWaitTimedOut';
}

/** A waited-for audit that did not complete is a failure of the command (exit 1). */
export class AuditNotCompleted extends Error {
  override name = 'AuditNotCompleted';
}

function finish(ctx: CommandContext, run: FinishedAuditRun | PausedAuditRun): void {
  printAudit(ctx, run);
  if (run.status === 'paused') {
    throw new AuditNotCompleted(`The audit was paused ${pauseOf(run) ?? ''}; continue it with: seo-geo audits resume ${run.projectId} ${run.id}`);
  }
  if (run.status !== 'completed') throw new AuditNotCompleted(`The audit ${run.status === 'failed' ? `failed: ${run.error.message}` : 'was cancelled'}`);
}

export function auditCommands(program: Command, ctx: CommandContext): void {
  const audits = program.command('audits').description('Site audits: crawl a project and score every page');

  audits
    .command('start <projectId>')
    .description('Start an audit')
    .option('--max-pages <n>', 'HTML pages to crawl at most (default 100)', wholeNumber('--max-pages'))
    .option('--seed-url <url>', 'where the crawl starts (default: the primary domain)')
    .option('--render-js', 'also render each page in a browser and report what only appears after JavaScript')
    .option('--check-external-links', 'also check the external links for broken targets')
    .option('--check-resources', 'also check the images, scripts, stylesheets and other resources pages load')
    .option('--include <pattern>', 'crawl only URLs whose path matches (robots.txt syntax: /blog/, /*.pdf$); repeatable', repeatable)
    .option('--exclude <pattern>', 'do not crawl URLs whose path matches; repeatable', repeatable)
    .option('--urls-file <file>', 'list mode: audit only the URLs in this file, one a line')
    .option('--user-agent <agent>', 'seo_geo_bot, googlebot_smartphone, googlebot_desktop, or any other User-Agent string')
    .option('--rps <n>', 'at most this many requests per second (0.1 to 10)', decimalNumber('--rps'))
    .option('--auth <user:password>', 'HTTP basic authentication for a staging site (or a user, with SEO_GEO_CRAWL_PASSWORD)')
    .option(
      '--safeguard-share <share>',
      'pause when more than this share (0 to 1) of the last requests answered 5xx or timed out (default 0.5)',
      decimalNumber('--safeguard-share'),
    )
    .option('--safeguard-window <n>', 'the crawl safeguard judges this many of the latest requests (10 to 1000, default 50)', wholeNumber('--safeguard-window'))
    .option('--no-safeguard', 'never pause by itself, however the site answers')
    .option('--wait', 'wait for the audit to finish, showing its progress')
    .option('--timeout <seconds>', 'with --wait: give up after this long', wholeNumber('--timeout'))
    .action(
      async (
        projectId: string,
        options: {
          maxPages?: number;
          seedUrl?: string;
          renderJs?: boolean;
          checkExternalLinks?: boolean;
          checkResources?: boolean;
          wait?: boolean;
          timeout?: number;
        } & CrawlFlags &
          SafeguardFlags,
      ) => {
        const crawl = await crawlSettingsOf(options, ctx.io.env);
        const safeguard = safeguardOf(options);
        const body = {
          ...(options.maxPages === undefined ? {} : { maxPages: options.maxPages }),
          ...(options.seedUrl ? { seedUrl: options.seedUrl } : {}),
          ...(options.renderJs ? { renderJavaScript: true } : {}),
          ...(options.checkExternalLinks ? { checkExternalLinks: true } : {}),
          ...(options.checkResources ? { checkResources: true } : {}),
          ...(crawl ? { crawl } : {}),
          ...(safeguard === undefined ? {} : { safeguard }),
        };
        const started = await ctx.client.audits.start(projectId, body);
        if (!options.wait)
          return printRecord(ctx.io, ctx.json, started, [
            ['audit', started.auditRunId],
            ['status', started.status],
          ]);
        if (!ctx.json) ctx.io.err(`audit ${started.auditRunId} started`);
        finish(ctx, await waitForAudit(ctx, projectId, started.auditRunId, options.maxPages ?? 100, options.timeout));
      },
    );

  audits
    .command('wait <projectId> <auditId>')
    .description('Wait for an audit to finish, showing its progress')
    .option('--timeout <seconds>', 'give up after this long', wholeNumber('--timeout'))
    .action(async (projectId: string, auditId: string, options: { timeout?: number }) => {
      const run = await ctx.client.audits.get(projectId, auditId);
      finish(ctx, await waitForAudit(ctx, projectId, auditId, run.maxPages, options.timeout));
    });

  listOptions(audits.command('list <projectId>').description("A project's audits, newest first")).action(
    async (projectId: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.audits.list(projectId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (r) => r.id },
        { header: 'status', value: (r) => r.status },
        { header: 'pages', value: (r) => r.progress.pagesCrawled },
        { header: 'avg GEO score', value: (r) => r.summary?.avgGeoScore },
        { header: 'created', value: (r) => r.createdAt },
      ]);
    },
  );

  audits
    .command('get <projectId> <auditId>')
    .description('One audit: state, progress, summary')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.get(projectId, auditId)));

  linkCommands(audits, ctx);

  audits
    .command('compare <projectId> <auditId>')
    .description('An audit against an earlier one (default: the previous completed audit): issues new, fixed and persisting')
    .option('--baseline <auditId>', 'the earlier audit to compare with')
    .action(async (projectId: string, auditId: string, options: { baseline?: string }) => {
      const comparison = await ctx.client.audits.compare(projectId, auditId, options.baseline ? { baseline: options.baseline } : {});
      if (ctx.json) return ctx.io.out(JSON.stringify(comparison, null, 2));
      const { avgGeoScore: score, pages } = comparison;
      printRecord(ctx.io, false, comparison, [
        ['baseline', comparison.baselineAuditRunId],
        [
          'average GEO score',
          `${score.baseline ?? '-'} → ${score.current ?? '-'}${score.change === null ? '' : ` (${score.change > 0 ? '+' : ''}${score.change})`}`,
        ],
        ['pages', `${pages.added} added, ${pages.removed} removed, ${pages.improved} improved, ${pages.declined} declined, ${pages.unchanged} unchanged`],
      ]);
      printRows(ctx.io, 'table', comparison.issues, [
        { header: 'code', value: (i) => i.code },
        { header: 'severity', value: (i) => i.severity },
        { header: 'status', value: (i) => i.status },
        { header: 'pages before', value: (i) => i.pagesBefore },
        { header: 'pages now', value: (i) => i.pagesAfter },
        { header: 'new', value: (i) => i.pagesNew },
        { header: 'fixed', value: (i) => i.pagesFixed },
      ]);
    });

  listOptions(
    audits
      .command('changes <projectId> <auditId>')
      .description('URL by URL: GEO score before and after, and the issues gained and lost since the baseline')
      .option('--baseline <auditId>', 'the earlier audit to compare with')
      .option('--change <kind>', 'only added, removed, improved, declined or unchanged pages'),
  ).action(async (projectId: string, auditId: string, options: { baseline?: string; change?: string; limit?: number; format: string }) => {
    if (options.change !== undefined && !(CHANGES as readonly string[]).includes(options.change))
      throw new UsageError(`--change must be one of ${CHANGES.join(', ')}`);
    const query = {
      pageSize: 100,
      ...(options.baseline ? { baseline: options.baseline } : {}),
      ...(options.change ? { change: options.change as (typeof CHANGES)[number] } : {}),
    };
    const rows = await ctx.client.audits.pageChanges(projectId, auditId, query, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'url', value: (r) => r.url },
      { header: 'change', value: (r) => r.change },
      { header: 'before', value: (r) => r.geoScoreBefore ?? (r.change === 'added' ? null : 'not scored') },
      { header: 'after', value: (r) => r.geoScoreAfter ?? (r.change === 'removed' ? null : 'not scored') },
      { header: 'new issues', value: (r) => r.issuesNew.join(' ') },
      { header: 'fixed issues', value: (r) => r.issuesFixed.join(' ') },
    ]);
  });

  audits
    .command('cancel <projectId> <auditId>')
    .description('Cancel a pending, running or paused audit')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.cancel(projectId, auditId)));

  audits
    .command('pause <projectId> <auditId>')
    .description('Pause an audit, keeping its pages; a running one stops at its next progress')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.pause(projectId, auditId)));

  audits
    .command('resume <projectId> <auditId>')
    .description('Resume a paused audit: its crawl continues where it stopped')
    .action(async (projectId: string, auditId: string) => printAudit(ctx, await ctx.client.audits.resume(projectId, auditId)));

  auditDeleteCommand(audits, ctx);
}

function auditDeleteCommand(audits: Command, ctx: CommandContext): void {
  audits
    .command('delete <projectId> <auditId>')
    .description('Delete an audit with its pages, issues and report; a running one stops')
    .option('--yes', 'delete without asking again: it cannot be undone')
    .action(async (projectId: string, auditId: string, options: { yes?: boolean }) => {
      // Read first, so that a wrong id is a 404 and the user sees what would go.
      const run = await ctx.client.audits.get(projectId, auditId);
      if (!options.yes) {
        throw new UsageError(
          `This deletes the ${run.status} audit ${auditId} of ${run.seedUrl} (${run.createdAt}) with its ${run.progress.pagesCrawled} pages, ` +
            'its issues and its report, and cannot be undone. Run it again with --yes to delete it.',
        );
      }
      await ctx.client.audits.delete(projectId, auditId);
      if (!ctx.json) ctx.io.out(`deleted audit ${auditId}`);
    });
}
