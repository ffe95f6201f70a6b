// What a monitor's runs found, as a GEO analyst reads it: the prompt × brand table of a run (or by
// locale, engine or surface), a completed run's totals, the alerts it raised, and whether the GEO
// score goes with being cited on this site. Every rate with its 95% interval and sample count, and
// every table saying which surfaces it counts.
import type { ResponseData, SeoGeoClient } from '@seo-geo/client';
import { Option, type Command } from 'commander';
import { UsageError, type CommandContext } from '../context.js';
import { percent, printRecord, printRows } from '../output.js';
import { brandColumns, positionCell, rateCell, surfacesText, type GeoBrandFigures } from './brand-columns.js';

type Run = ResponseData<'getGeoMonitorRun'>;
type Alert = NonNullable<ResponseData<'getGeoMonitor'>['lastAlert']>;

/** The figure a prompt × brand table shows in its cells. */
const FIGURES = {
  visibility: (b: GeoBrandFigures) => rateCell(b.mentionRate, b.uncertainty?.mentionRate),
  'cited-rate': (b: GeoBrandFigures) => rateCell(b.citedRate, b.uncertainty?.citedRate),
  'share-of-voice': (b: GeoBrandFigures) => rateCell(b.shareOfVoice, b.uncertainty?.shareOfVoice),
  'citation-share': (b: GeoBrandFigures) => rateCell(b.citationShare, b.uncertainty?.citationShare),
  position: (b: GeoBrandFigures) => positionCell(b.avgPosition, b.uncertainty?.avgPosition),
} as const;
type FigureName = keyof typeof FIGURES;

export function monitorFigureCommands(monitors: Command, ctx: CommandContext): void {
  monitors
    .command('answers <projectId> <monitorId> [runId]')
    .description("A run's figures as a prompt × brand table (default the latest completed run): each cell a rate with its 95% interval and answers")
    .addOption(new Option('--by <dimension>', 'one row per').choices(['prompt', 'locale', 'engine', 'surface']).default('prompt'))
    .addOption(new Option('--figure <figure>', 'what each cell shows').choices(Object.keys(FIGURES)).default('visibility'))
    .addOption(
      new Option('--surface <surface>', 'only the answers of one surface (default: every surface, each row says which it sums)').choices(['model', 'grounded']),
    )
    .addOption(new Option('--format <format>', 'how to print the rows').choices(['table', 'json', 'csv']).default('table'))
    .action(
      async (
        projectId: string,
        monitorId: string,
        runId: string | undefined,
        o: { by: 'prompt' | 'locale' | 'engine' | 'surface'; figure: FigureName; surface?: 'model' | 'grounded'; format: string },
      ) => {
        const run = runId ? await ctx.client.geoMonitor.monitors.getRun(projectId, monitorId, runId) : await latestCompleted(ctx.client, projectId, monitorId);
        const groups = await ctx.client.geoMonitor.monitors
          .runFigures(projectId, monitorId, run.id, { by: o.by, pageSize: 100, ...(o.surface ? { surface: o.surface } : {}) })
          .toArray();
        const format = ctx.format(o.format);
        if (format === 'json') return ctx.io.out(JSON.stringify(groups, null, 2));
        const brands = groups[0]?.brands.map((b) => b.name) ?? run.figures?.brands.map((b) => b.name) ?? [];
        printRows(ctx.io, format, groups, [
          { header: o.by, value: (g) => g.key },
          ...brands.map((name, i) => ({ header: name, value: (g: (typeof groups)[number]) => (g.brands[i] ? FIGURES[o.figure](g.brands[i]) : null) })),
          { header: 'answers', value: (g) => g.samples },
          { header: 'surfaces', value: (g) => surfacesText(g.surfaces) },
        ]);
        if (format === 'table') ctx.io.out(`run ${run.id} (${run.scheduledFor}): ${o.figure} [95% interval] n=answers`);
      },
    );

  monitors
    .command('score-effect <projectId> <monitorId>')
    .description('Does the GEO score go with being cited on this site? Cited against never-cited audited pages, with the effect and its interval')
    .option('--from <timestamp>', 'runs from (ISO 8601; default 30 days ago)')
    .option('--to <timestamp>', 'runs until (ISO 8601; default now)')
    .action(async (projectId: string, monitorId: string, o: { from?: string; to?: string }) => {
      const effect = await ctx.client.geoMonitor.monitors.scoreEffect(projectId, monitorId, {
        ...(o.from ? { from: o.from } : {}),
        ...(o.to ? { to: o.to } : {}),
      });
      if (ctx.json) return ctx.io.out(JSON.stringify(effect, null, 2));
      ctx.io.out(effect.summary);
      if (effect.measures.length === 0) return;
      const interval = (m: (typeof effect.measures)[number]) =>
        m.aucLow === null || m.aucHigh === null ? null : `${percent(m.aucLow) ?? ''}–${percent(m.aucHigh) ?? ''}`;
      printRows(ctx.io, 'table', effect.measures, [
        { header: 'measure', value: (m) => m.measure },
        { header: 'cited (median)', value: (m) => `${m.cited.pages} (${m.cited.median ?? '–'})` },
        { header: 'never cited (median)', value: (m) => `${m.neverCited.pages} (${m.neverCited.median ?? '–'})` },
        { header: 'AUC', value: (m) => m.auc },
        { header: '95% interval', value: interval },
        { header: 'rank-biserial', value: (m) => m.rankBiserial },
        { header: 'verdict', value: (m) => m.verdict.replaceAll('_', ' ') },
      ]);
      if (effect.neverCitedSampledEvery > 1) ctx.io.out(`never-cited pages: every ${effect.neverCitedSampledEvery}th page in URL order`);
    });
}

/** A run as `monitors run --wait` prints it: its status and cost, its totals with intervals, the table by prompt, and an alert it raised. */
export async function printFinishedRun(ctx: CommandContext, projectId: string, monitorId: string, run: Run): Promise<void> {
  const monitor = await ctx.client.geoMonitor.monitors.get(projectId, monitorId);
  const alert = monitor.lastAlert?.runId === run.id ? monitor.lastAlert : null;
  if (ctx.json) {
    ctx.io.out(JSON.stringify({ run, alert }, null, 2));
    return;
  }
  printRecord(ctx.io, false, run, [
    ['run', run.id],
    ['status', run.status],
    ['calls', `${run.callsMade} made of ${run.callsPlanned} planned`],
    ['answers', run.figures?.samples],
    ['surfaces', surfacesText(run.figures?.surfaces)],
    ['skipped', run.skipReason],
    ['error', run.error],
  ]);
  if (run.figures === null) return;
  printRows(ctx.io, 'table', run.figures.brands, brandColumns);
  const groups = await ctx.client.geoMonitor.monitors.runFigures(projectId, monitorId, run.id, { by: 'prompt', pageSize: 100 }).toArray();
  printRows(ctx.io, 'table', groups, [
    { header: 'prompt', value: (g) => g.key },
    ...run.figures.brands.map((b, i) => ({ header: b.name, value: (g: (typeof groups)[number]) => (g.brands[i] ? FIGURES.visibility(g.brands[i]) : null) })),
    { header: 'surfaces', value: (g) => surfacesText(g.surfaces) },
  ]);
  ctx.io.out('visibility [95% interval] n=answers');
  if (alert) printAlerts(ctx, [alert]);
}

/** Alerts, one line per change with its evidence. */
export function printAlerts(ctx: CommandContext, alerts: readonly Alert[]): void {
  const rows = alerts.flatMap((alert) => alert.changes.map((change) => ({ alert, change })));
  printRows(ctx.io, 'table', rows, [
    { header: 'raised', value: (r) => r.alert.createdAt ?? null },
    { header: 'brand', value: (r) => r.change.name },
    { header: 'figure', value: (r) => r.change.figure },
    {
      header: 'before',
      value: (r) => rateCell(r.change.previous, r.change.evidence ? { ...r.change.evidence.previous, n: r.change.evidence.previous.samples } : undefined),
    },
    {
      header: 'after',
      value: (r) => rateCell(r.change.current, r.change.evidence ? { ...r.change.evidence.current, n: r.change.evidence.current.samples } : undefined),
    },
    { header: 'change', value: (r) => `${r.change.change > 0 ? '+' : ''}${Math.round(r.change.change * 1000) / 10} points` },
    { header: 'p-value', value: (r) => r.change.evidence?.pValue ?? null },
    { header: 'run', value: (r) => r.alert.runId },
  ]);
}

async function latestCompleted(client: SeoGeoClient, projectId: string, monitorId: string): Promise<Run> {
  for await (const run of client.geoMonitor.monitors.runs(projectId, monitorId, { pageSize: 100 }, { maxItems: 1000 })) {
    if (run.status === 'completed') return run;
  }
  throw new UsageError('the monitor has no completed run yet; name a run, or run it with `seo-geo monitors run --wait`');
}
