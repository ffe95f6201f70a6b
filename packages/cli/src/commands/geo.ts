import type { GeoTest } from '@seo-geo/client';

/** A tracked brand's figures over a test or a run. */
type GeoBrandFigures = NonNullable<GeoTest['summary']>['brands'][number];
import type { Command } from 'commander';
import { listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';

function printTest(ctx: CommandContext, test: GeoTest): void {
  printRecord(ctx.io, ctx.json, test, [
    ['id', test.id],
    ['status', test.status],
    ['prompt', test.prompt],
    ['engines', test.engines.join(', ')],
    ['mention rate', test.summary?.mentionRate],
    ['cited rate', test.summary?.citedRate],
    ['error', test.error],
  ]);
}

export function geoCommands(program: Command, ctx: CommandContext): void {
  const geo = program.command('geo').description('GEO monitor tests: a prompt put to answer engines');
  geo
    .command('test <projectId>')
    .description('Put a prompt to the answer engines and see whether they mention or cite the site')
    .requiredOption('--prompt <prompt>', 'what a user would ask')
    .option('--locale <locale>', 'language of the prompt', 'en')
    .option('--wait', 'wait for the answers')
    .option('--timeout <seconds>', 'with --wait: give up after this long', wholeNumber('--timeout'))
    .action(async (projectId: string, options: { prompt: string; locale: string; wait?: boolean; timeout?: number }) => {
      const created = await ctx.client.geoMonitor.tests.create(projectId, { prompt: options.prompt, locale: options.locale });
      if (!options.wait)
        return printRecord(ctx.io, ctx.json, created, [
          ['test', created.testId],
          ['status', created.status],
        ]);
      if (!ctx.json) ctx.io.err(`GEO test ${created.testId} started`);
      const test = await ctx.client.geoMonitor.tests.waitForCompletion(projectId, created.testId, {
        interval: 1_000,
        ...(options.timeout === undefined ? {} : { timeout: options.timeout * 1000 }),
      });
      printTest(ctx, test);
      if (test.status !== 'completed') throw new Error(`The GEO test failed: ${test.error ?? 'no engine answered'}`);
    });
  listOptions(geo.command('list <projectId>')).action(async (projectId: string, options: { limit?: number; format: string }) => {
    const rows = await ctx.client.geoMonitor.tests.list(projectId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'id', value: (t) => t.id },
      { header: 'status', value: (t) => t.status },
      { header: 'prompt', value: (t) => t.prompt },
      { header: 'mention rate', value: (t) => t.summary?.mentionRate },
    ]);
  });
  geo.command('get <projectId> <testId>').action(async (projectId: string, testId: string) => {
    const test = await ctx.client.geoMonitor.tests.get(projectId, testId);
    printTest(ctx, test);
    if (!ctx.json && test.summary) printBrands(ctx, test.summary.brands);
  });

  const brand = program.command('brand').description("A project's brand profile: its aliases and domains, and the competitors tracked");
  brand.command('get <projectId>').action(async (projectId: string) => {
    const profile = await ctx.client.projects.getBrand(projectId);
    if (ctx.json) return ctx.io.out(JSON.stringify(profile, null, 2));
    printRecord(ctx.io, false, profile, [
      ['brand', profile.name],
      ['aliases', profile.aliases.join(', ')],
      ['domains', profile.domains.join(', ')],
    ]);
    printRows(ctx.io, 'table', profile.competitors, [
      { header: 'competitor', value: (c) => c.name },
      { header: 'aliases', value: (c) => c.aliases.join(', ') },
      { header: 'domains', value: (c) => c.domains.join(', ') },
      { header: 'id', value: (c) => c.id },
    ]);
  });
  brand
    .command('set <projectId>')
    .description('Replace the profile: --competitor "Name[=alias,alias][@domain,domain]", repeated; competitors already tracked keep their id by name')
    .option('--alias <name...>', "other names of the project's brand")
    .option('--domain <host...>', "the brand's domains besides the primary domain")
    .option('--competitor <spec...>', 'a competitor, e.g. "Kilnworks=Kilnworks Studio@kilnworks.com"')
    .action(async (projectId: string, options: { alias?: string[]; domain?: string[]; competitor?: string[] }) => {
      const current = await ctx.client.projects.getBrand(projectId);
      const competitors = (options.competitor ?? []).map((spec) => {
        const [head = '', domains] = spec.split('@');
        const [name = '', aliases] = head.split('=');
        const id = current.competitors.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.id;
        return { ...(id ? { id } : {}), name: name.trim(), aliases: split(aliases), domains: split(domains) };
      });
      const profile = await ctx.client.projects.setBrand(projectId, { aliases: options.alias ?? [], domains: options.domain ?? [], competitors });
      printRecord(ctx.io, ctx.json, profile, [
        ['brand', profile.name],
        ['competitors', profile.competitors.map((c) => c.name).join(', ')],
      ]);
    });

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
    .action(
      async (
        projectId: string,
        o: { name: string; prompt: string[]; locale: string[]; engine?: string[]; samples?: number; every?: number; cron?: string; timezone: string },
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
        });
        printRecord(ctx.io, ctx.json, monitor, [
          ['monitor', monitor.id],
          ['calls a run', monitor.callsPerRun],
          ['next run', monitor.nextRunAt],
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
        { header: 'visibility', value: (r) => r.figures?.brands[0]?.mentionRate },
        { header: 'share of voice', value: (r) => r.figures?.brands[0]?.shareOfVoice },
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
}

const brandColumns: Array<{ header: string; value: (b: GeoBrandFigures) => string | number | null }> = [
  { header: 'brand', value: (b) => b.name },
  { header: 'visibility', value: (b) => b.mentionRate },
  { header: 'avg position', value: (b) => b.avgPosition },
  { header: 'share of voice', value: (b) => b.shareOfVoice },
  { header: 'cited rate', value: (b) => b.citedRate },
];

function printBrands(ctx: CommandContext, brands: readonly GeoBrandFigures[]): void {
  printRows(ctx.io, 'table', brands, brandColumns);
}

function split(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
