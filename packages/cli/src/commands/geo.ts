import type { GeoTest } from '@seo-geo/client';
import type { Command } from 'commander';
import { listOptions, wholeNumber, type CommandContext } from '../context.js';
import { percent, printRecord, printRows } from '../output.js';
import { brandColumns, surfacesText, type GeoBrandFigures } from './brand-columns.js';

function printTest(ctx: CommandContext, test: GeoTest): void {
  printRecord(ctx.io, ctx.json, test, [
    ['id', test.id],
    ['status', test.status],
    ['prompt', test.prompt],
    ['engines', test.engines.join(', ')],
    ['mention rate', percent(test.summary?.mentionRate)],
    ['cited rate', percent(test.summary?.citedRate)],
    ['surfaces', surfacesText(test.summary?.surfaces)],
    ['error', test.error],
  ]);
}

/** `geo test|list|get|cancel`: one-off GEO monitor tests. */
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
      // The figures per tracked brand, as `geo get` shows them.
      if (!ctx.json && test.summary) printBrands(ctx, test.summary.brands);
      if (test.status === 'cancelled') throw new Error('The GEO test was cancelled');
      if (test.status !== 'completed') throw new Error(`The GEO test failed: ${test.error ?? 'no engine answered'}`);
    });
  listOptions(geo.command('list <projectId>')).action(async (projectId: string, options: { limit?: number; format: string }) => {
    const rows = await ctx.client.geoMonitor.tests.list(projectId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'id', value: (t) => t.id },
      { header: 'status', value: (t) => t.status },
      { header: 'prompt', value: (t) => t.prompt },
      { header: 'mention rate', value: (t) => percent(t.summary?.mentionRate) },
    ]);
  });
  geo.command('get <projectId> <testId>').action(async (projectId: string, testId: string) => {
    const test = await ctx.client.geoMonitor.tests.get(projectId, testId);
    printTest(ctx, test);
    if (!ctx.json && test.summary) printBrands(ctx, test.summary.brands);
  });
  geo
    .command('cancel <projectId> <testId>')
    .description('Cancel a pending or running GEO test; the calls it did not make go back to the month')
    .action(async (projectId: string, testId: string) => printTest(ctx, await ctx.client.geoMonitor.tests.cancel(projectId, testId)));
}

function printBrands(ctx: CommandContext, brands: readonly GeoBrandFigures[]): void {
  printRows(ctx.io, 'table', brands, brandColumns);
}
