// GEO monitors: prompts put to answer engines on a schedule, their runs and trends, their alert
// thresholds, and the project's pages their answers cite, joined with the latest audit.
import type { RequestBody, ResponseData } from '@seo-geo/client';
import type { Command } from 'commander';
import { formatOption, listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { percent, printRecord, printRows } from '../output.js';
import { brandColumns, type GeoBrandFigures } from './brand-columns.js';

type Alerts = ResponseData<'getGeoMonitor'>['alerts'];

export function monitorCommands(program: Command, ctx: CommandContext): void {
  const monitors = program.command('monitors').description('GEO monitors: prompts × locales × engines on a schedule, with trends');
  listOptions(monitors.command('list <projectId>')).action(async (projectId: string, options: { limit?: number; format: string }) => {
    const rows = await ctx.client.geoMonitor.monitors.list(projectId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'id', value: (m) => m.id },
      { header: 'name', value: (m) => m.name },
      {
        header: 'schedule',
        value: (m) => ('intervalMinutes' in m.schedule ? `every ${m.schedule.intervalMinutes} min` : `${m.schedule.cron} ${m.schedule.timezone ?? 'UTC'}`),
      },
      { header: 'calls a run', value: (m) => m.callsPerRun },
      { header: 'next run', value: (m) => m.nextRunAt ?? 'paused' },
    ]);
  });
  monitors
    .command('create <projectId>')
    .requiredOption('--name <name>', 'a name for the monitor')
    .requiredOption('--prompt <prompt...>', 'the questions to ask')
    .option('--locale <locale...>', 'languages to ask in', ['en'])
    .option('--engine <name...>', 'answer engines (default: all the server has)')
    .option('--samples <n>', 'answers per prompt, locale and engine', wholeNumber('--samples'))
    .option('--every <minutes>', 'run every so many minutes', wholeNumber('--every'))
    .option('--cron <expression>', 'run on a cron expression, e.g. "0 9 * * 1"')
    .option('--timezone <zone>', 'time zone of --cron', 'UTC')
    .option(
      '--alert-visibility <change>',
      "send geo_monitor.alert when a brand's visibility moves by more than this (0.1 or 10%)",
      threshold('--alert-visibility'),
    )
    .option(
      '--alert-citation-share <change>',
      "send geo_monitor.alert when a brand's citation share moves by more than this",
      threshold('--alert-citation-share'),
    )
    .action(
      async (
        projectId: string,
        o: {
          name: string;
          prompt: string[];
          locale: string[];
          engine?: string[];
          samples?: number;
          every?: number;
          cron?: string;
          timezone: string;
          alertVisibility?: Threshold;
          alertCitationShare?: Threshold;
        },
      ) => {
        if ((o.every === undefined) === (o.cron === undefined)) throw new UsageError('give one of --every or --cron');
        const schedule = o.every !== undefined ? { intervalMinutes: o.every } : { cron: o.cron!, timezone: o.timezone };
        const monitor = await ctx.client.geoMonitor.monitors.create(projectId, {
          name: o.name,
          prompts: o.prompt,
          locales: o.locale,
          schedule,
          ...(o.engine ? { engines: o.engine } : {}),
          ...(o.samples === undefined ? {} : { samplesPerPrompt: o.samples }),
          ...alertsOf(o.alertVisibility, o.alertCitationShare),
        });
        printRecord(ctx.io, ctx.json, monitor, [
          ['monitor', monitor.id],
          ['calls a run', monitor.callsPerRun],
          ['next run', monitor.nextRunAt],
          ['alerts', describeAlerts(monitor.alerts)],
        ]);
      },
    );
  for (const [command, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    monitors.command(`${command} <projectId> <monitorId>`).action(async (projectId: string, monitorId: string) => {
      const monitor = await ctx.client.geoMonitor.monitors.update(projectId, monitorId, { paused });
      printRecord(ctx.io, ctx.json, monitor, [
        ['monitor', monitor.id],
        ['next run', monitor.nextRunAt ?? 'paused'],
      ]);
    });
  }
  monitors
    .command('alerts <projectId> <monitorId>')
    .description('Set when geo_monitor.alert is sent; "off" stops watching a figure, a figure left out stays as it is')
    .option('--visibility <change>', "a brand's visibility moved by more than this (0.1 or 10%), or off", threshold('--visibility'))
    .option('--citation-share <change>', "a brand's citation share moved by more than this, or off", threshold('--citation-share'))
    .action(async (projectId: string, monitorId: string, o: { visibility?: Threshold; citationShare?: Threshold }) => {
      const alerts = alertsOf(o.visibility, o.citationShare);
      if (!alerts.alerts) throw new UsageError('give --visibility or --citation-share');
      const monitor = await ctx.client.geoMonitor.monitors.update(projectId, monitorId, alerts);
      printRecord(ctx.io, ctx.json, monitor, [
        ['monitor', monitor.id],
        ['alerts', describeAlerts(monitor.alerts)],
      ]);
    });
  monitors
    .command('run <projectId> <monitorId>')
    .description('Run the monitor now, outside its schedule; charged like any run')
    .action(async (projectId: string, monitorId: string) => {
      const run = await ctx.client.geoMonitor.monitors.runNow(projectId, monitorId);
      printRecord(ctx.io, ctx.json, run, [
        ['run', run.id],
        ['status', run.status],
        ['calls', run.callsPlanned],
      ]);
    });
  monitors
    .command('cancel-run <projectId> <monitorId> <runId>')
    .description('Cancel a pending or running run; it keeps the answers it stored, and the calls it did not make go back to the month')
    .action(async (projectId: string, monitorId: string, runId: string) => {
      const run = await ctx.client.geoMonitor.monitors.cancelRun(projectId, monitorId, runId);
      printRecord(ctx.io, ctx.json, run, [
        ['run', run.id],
        ['status', run.status],
        ['calls', run.callsPlanned],
        ['calls made', run.callsMade],
      ]);
    });
  monitors.command('delete <projectId> <monitorId>').action(async (projectId: string, monitorId: string) => {
    await ctx.client.geoMonitor.monitors.delete(projectId, monitorId);
    if (!ctx.json) ctx.io.out(`monitor ${monitorId} deleted`);
  });
  listOptions(monitors.command('runs <projectId> <monitorId>')).action(
    async (projectId: string, monitorId: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.geoMonitor.monitors.runs(projectId, monitorId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (r) => r.id },
        { header: 'tick', value: (r) => r.scheduledFor },
        { header: 'status', value: (r) => r.status },
        { header: 'visibility', value: (r) => percent(r.figures?.brands[0]?.mentionRate) },
        { header: 'share of voice', value: (r) => percent(r.figures?.brands[0]?.shareOfVoice) },
        { header: 'citation share', value: (r) => percent(r.figures?.brands[0]?.citationShare) },
        { header: 'error', value: (r) => r.error },
      ]);
    },
  );
  monitors
    .command('trend <projectId> <monitorId>')
    .description('Each tracked brand run by run: visibility, position, share of voice, cited rate')
    .option('--from <timestamp>', 'start of the range (ISO 8601)')
    .option('--to <timestamp>', 'end of the range (ISO 8601)')
    .action(async (projectId: string, monitorId: string, options: { from?: string; to?: string }) => {
      const trend = await ctx.client.geoMonitor.monitors.trend(projectId, monitorId, {
        ...(options.from ? { from: options.from } : {}),
        ...(options.to ? { to: options.to } : {}),
      });
      if (ctx.json) return ctx.io.out(JSON.stringify(trend, null, 2));
      const rows = trend.points.flatMap((p) => p.brands.map((b) => ({ tick: p.scheduledFor, brand: b })));
      printRows(ctx.io, 'table', rows, [
        { header: 'tick', value: (r) => r.tick },
        ...brandColumns.map((c) => ({ header: c.header, value: (r: { brand: GeoBrandFigures }) => c.value(r.brand) })),
      ]);
    });
  monitors
    .command('cited-pages <projectId> <monitorId>')
    .description("The project's pages the answers cite, most-cited first, with their latest audit; --never-cited: audited pages no answer cites")
    .option('--never-cited', 'the audited pages no answer cites')
    .option('--from <timestamp>', 'runs from (ISO 8601; default 30 days ago)')
    .option('--to <timestamp>', 'runs until (ISO 8601; default now)')
    .option('--limit <n>', 'at most this many pages', wholeNumber('--limit'))
    .addOption(formatOption())
    .action(async (projectId: string, monitorId: string, o: { neverCited?: boolean; from?: string; to?: string; limit?: number; format: string }) => {
      const query = {
        pageSize: 100,
        ...(o.neverCited ? { cited: false } : {}),
        ...(o.from ? { from: o.from } : {}),
        ...(o.to ? { to: o.to } : {}),
      };
      const rows = await ctx.client.geoMonitor.monitors.citedPages(projectId, monitorId, query, { maxItems: o.limit ?? 20 }).toArray();
      printRows(ctx.io, ctx.format(o.format), rows, [
        { header: 'url', value: (p) => p.url },
        { header: 'citations', value: (p) => p.citations },
        { header: 'engines', value: (p) => p.engines.join(' ') },
        { header: 'GEO score', value: (p) => (p.audit === null ? 'not audited' : p.audit.scored ? p.audit.geoScore : 'not scored') },
        { header: 'issues', value: (p) => p.audit?.issues.map((i) => i.code).join(' ') },
      ]);
    });
}

/**
 * An alert threshold: a change of a rate, as a fraction (`0.1`) or in points (`10%`), between
 * 0.01 and 1 as the contract allows; `off` stops watching the figure (null in the contract; kept
 * as a word here because commander stores a parser's null as an empty string).
 */
function threshold(name: string): (value: string) => Threshold {
  return (value) => {
    if (value.trim().toLowerCase() === 'off') return 'off';
    const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(value);
    const change = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
    if (!(change >= 0.01 && change <= 1)) throw new UsageError(`${name} must be a change between 0.01 and 1 (or 1% and 100%), or off (got "${value}")`);
    return change;
  };
}

type Threshold = number | 'off';

function alertsOf(visibility: Threshold | undefined, citationShare: Threshold | undefined): Pick<RequestBody<'updateGeoMonitor'>, 'alerts'> {
  if (visibility === undefined && citationShare === undefined) return {};
  const value = (t: Threshold) => (t === 'off' ? null : t);
  return {
    alerts: {
      ...(visibility === undefined ? {} : { visibility: value(visibility) }),
      ...(citationShare === undefined ? {} : { citationShare: value(citationShare) }),
    },
  };
}

function describeAlerts(alerts: Alerts | undefined): string {
  const watched = (
    [
      ['visibility', alerts?.visibility],
      ['citation share', alerts?.citationShare],
    ] as const
  ).flatMap(([figure, change]) => (typeof change === 'number' ? [`${figure} ± ${Math.round(change * 1000) / 10} points`] : []));
  return watched.length ? watched.join(', ') : 'none';
}
