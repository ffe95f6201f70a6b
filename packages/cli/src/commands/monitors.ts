// GEO monitors: prompts put to answer engines on a schedule, their runs and trends, their alert
// thresholds, and the project's pages their answers cite, joined with the latest audit.
import type { RequestBody, ResponseData } from '@seo-geo/client';
import type { Command } from 'commander';
import { formatOption, listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { percent, printRecord, printRows } from '../output.js';
import { brandColumns, type GeoBrandFigures } from './brand-columns.js';
import { monitorFigureCommands, printAlerts, printFinishedRun } from './monitor-figures.js';

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
      { header: 'calls a month', value: (m) => m.callsPerMonth },
      { header: 'cap', value: (m) => m.monthlyCallCap },
      { header: 'calls this month', value: (m) => m.callsThisMonth },
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
    .option('--every <minutes>', 'run every so many minutes: at least 15, at most 43200 (30 days)', wholeNumber('--every'))
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
    .option('--alert-confidence <level>', 'how sure a change must be to alert (0.95 or 95%, the default)', confidence('--alert-confidence'))
    .option(
      '--monthly-call-cap <calls>',
      "the most calls the monitor's runs may be charged a month; a run past it is skipped",
      wholeNumber('--monthly-call-cap'),
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
          alertConfidence?: number;
          monthlyCallCap?: number;
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
          ...(o.monthlyCallCap === undefined ? {} : { monthlyCallCap: o.monthlyCallCap }),
          ...alertsOf(o.alertVisibility, o.alertCitationShare, o.alertConfidence),
        });
        printRecord(ctx.io, ctx.json, monitor, [
          ['monitor', monitor.id],
          ...costOf(monitor),
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
    .description(
      'The alerts the monitor raised, newest first, with their evidence; with an option, set when geo_monitor.alert is sent ("off" stops watching a figure, a figure left out stays as it is)',
    )
    .option('--visibility <change>', "a brand's visibility moved by more than this (0.1 or 10%), or off", threshold('--visibility'))
    .option('--citation-share <change>', "a brand's citation share moved by more than this, or off", threshold('--citation-share'))
    .option('--confidence <level>', 'and the change is significant at this level (0.95 or 95%)', confidence('--confidence'))
    .option('--limit <n>', 'at most this many alerts', wholeNumber('--limit'))
    .action(async (projectId: string, monitorId: string, o: { visibility?: Threshold; citationShare?: Threshold; confidence?: number; limit?: number }) => {
      const alerts = alertsOf(o.visibility, o.citationShare, o.confidence);
      if (!alerts.alerts) {
        const raised = await ctx.client.geoMonitor.monitors.alerts(projectId, monitorId, { pageSize: 100 }, { maxItems: o.limit ?? 20 }).toArray();
        if (ctx.json) return ctx.io.out(JSON.stringify(raised, null, 2));
        if (raised.length === 0) return ctx.io.out('no alert raised yet');
        return printAlerts(ctx, raised);
      }
      const monitor = await ctx.client.geoMonitor.monitors.update(projectId, monitorId, alerts);
      printRecord(ctx.io, ctx.json, monitor, [
        ['monitor', monitor.id],
        ['alerts', describeAlerts(monitor.alerts)],
      ]);
    });
  monitors
    .command('cap <projectId> <monitorId> <calls>')
    .description("The most calls the monitor's runs may be charged a month (a run past it is skipped), or off")
    .action(async (projectId: string, monitorId: string, calls: string) => {
      const cap = calls.trim().toLowerCase() === 'off' ? null : wholeNumber('<calls>')(calls);
      if (cap === 0) throw new UsageError('<calls> must be at least 1, or off');
      const monitor = await ctx.client.geoMonitor.monitors.update(projectId, monitorId, { monthlyCallCap: cap });
      printRecord(ctx.io, ctx.json, monitor, [['monitor', monitor.id], ...costOf(monitor)]);
    });
  monitors
    .command('run <projectId> <monitorId>')
    .description('Run the monitor now, outside its schedule; charged like any run. --wait prints its figures with their intervals')
    .option('--wait', 'wait for the run to end, then print its figures, the table by prompt and any alert it raised')
    .option('--timeout <seconds>', 'with --wait: give up after this long', wholeNumber('--timeout'))
    .action(async (projectId: string, monitorId: string, o: { wait?: boolean; timeout?: number }) => {
      const run = await ctx.client.geoMonitor.monitors.runNow(projectId, monitorId);
      if (!o.wait) {
        return printRecord(ctx.io, ctx.json, run, [
          ['run', run.id],
          ['status', run.status],
          ['calls', run.callsPlanned],
        ]);
      }
      if (!ctx.json) ctx.io.err(`run ${run.id} started (${run.callsPlanned} calls); waiting…`);
      const finished = await ctx.client.geoMonitor.monitors.waitForRun(projectId, monitorId, run.id, {
        interval: 500,
        ...(o.timeout === undefined ? {} : { timeout: o.timeout * 1000 }),
      });
      await printFinishedRun(ctx, projectId, monitorId, finished);
      // A waited-for run that did not complete fails the command (exit 1), as an awaited audit does.
      if (finished.status !== 'completed') throw new Error(`The run ${finished.status}: ${finished.skipReason ?? finished.error ?? 'no figures'}`);
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
  monitors
    .command('delete <projectId> <monitorId>')
    .description('Delete a monitor with its runs and their answers; a run in progress stops')
    .option('--yes', 'delete without asking again: it cannot be undone')
    .action(async (projectId: string, monitorId: string, options: { yes?: boolean }) => {
      // As `projects delete`: read first, so that a wrong id is a 404 and the user sees what would go.
      const monitor = await ctx.client.geoMonitor.monitors.get(projectId, monitorId);
      if (!options.yes) {
        throw new UsageError(
          `This deletes the monitor "${monitor.name}" with its runs and their answers, and cannot be undone. Run it again with --yes to delete it.`,
        );
      }
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
  monitorFigureCommands(monitors, ctx);
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

/** A confidence level, as a fraction (`0.95`) or a percentage (`95%`), between 0.5 and 0.999 as the contract allows. */
function confidence(name: string): (value: string) => number {
  return (value) => {
    const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(%?)\s*$/.exec(value);
    const level = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
    if (!(level >= 0.5 && level <= 0.999)) throw new UsageError(`${name} must be a level between 0.5 and 0.999 (or 50% and 99.9%) (got "${value}")`);
    return level;
  };
}

function alertsOf(visibility: Threshold | undefined, citationShare: Threshold | undefined, level?: number): Pick<RequestBody<'updateGeoMonitor'>, 'alerts'> {
  if (visibility === undefined && citationShare === undefined && level === undefined) return {};
  const value = (t: Threshold) => (t === 'off' ? null : t);
  return {
    alerts: {
      ...(visibility === undefined ? {} : { visibility: value(visibility) }),
      ...(citationShare === undefined ? {} : { citationShare: value(citationShare) }),
      ...(level === undefined ? {} : { confidenceLevel: level }),
    },
  };
}

/** What a monitor costs, before (planned) and after (charged this month). */
function costOf(monitor: ResponseData<'getGeoMonitor'>): Array<[string, unknown]> {
  return [
    ['calls a run', monitor.callsPerRun],
    ['runs a month', monitor.runsPerMonth],
    ['calls a month', monitor.callsPerMonth],
    ['monthly cap', monitor.monthlyCallCap ?? 'none'],
    ['calls this month', monitor.callsThisMonth],
  ];
}

function describeAlerts(alerts: Alerts | undefined): string {
  const watched = (
    [
      ['visibility', alerts?.visibility],
      ['citation share', alerts?.citationShare],
    ] as const
  ).flatMap(([figure, change]) => (typeof change === 'number' ? [`${figure} ± ${Math.round(change * 1000) / 10} points`] : []));
  if (!watched.length) return 'none';
  const level = alerts?.confidenceLevel;
  return `${watched.join(', ')}${level === undefined ? '' : `, significant at ${Math.round(level * 1000) / 10}%`}`;
}
