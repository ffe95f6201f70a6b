import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { printRows } from '../output.js';

export interface PageFilterOptions {
  minScore?: number;
  hasSchema?: boolean;
  schema?: boolean;
  issue?: string;
}

/** The pages list's filters from the options `pages` and `export` share. */
export function pageFilter(options: PageFilterOptions): { minGeoScore?: number; hasSchema?: boolean; issue?: string } {
  if (options.hasSchema && options.schema === false) throw new UsageError('--has-schema and --no-schema exclude each other');
  if (options.minScore !== undefined && options.minScore > 100) throw new UsageError('--min-score must be from 0 to 100');
  return {
    ...(options.minScore === undefined ? {} : { minGeoScore: options.minScore }),
    ...(options.hasSchema ? { hasSchema: true } : options.schema === false ? { hasSchema: false } : {}),
    ...(options.issue === undefined ? {} : { issue: options.issue }),
  };
}

/** The filter options of `pages` and `export`. */
function filterOptions(command: Command): Command {
  return command
    .option('--min-score <n>', 'only pages scoring above n (0-100)', wholeNumber('--min-score'))
    .option('--has-schema', 'only pages with schema.org markup')
    .option('--no-schema', 'only pages without schema.org markup')
    .option('--issue <code>', 'only pages with this issue code (see `seo-geo issues`)');
}

export function pageCommands(program: Command, ctx: CommandContext): void {
  const pages = filterOptions(program.command('pages <projectId> <auditId>').description("An audit's pages, by URL, with their GEO score and issues"));
  listOptions(pages).action(async (projectId: string, auditId: string, options: PageFilterOptions & { limit?: number; format: string }) => {
    const query = { pageSize: 100, ...pageFilter(options) };
    const rows = await ctx.client.audits.pages(projectId, auditId, query, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'url', value: (p) => p.url },
      { header: 'status', value: (p) => p.statusCode },
      { header: 'GEO score', value: (p) => (p.scored ? p.geoScore : 'not scored') },
      { header: 'schema', value: (p) => p.hasSchema },
      { header: 'words', value: (p) => p.wordCount },
      { header: 'issues', value: (p) => p.issues.map((issue) => issue.code).join(' ') },
    ]);
  });

  filterOptions(program.command('export <projectId> <auditId>').description("An audit's pages as CSV, streamed (the API documents the columns)"))
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .action(async (projectId: string, auditId: string, options: PageFilterOptions & { output?: string }) => {
      const file = await ctx.client.audits.exportPages(projectId, auditId, pageFilter(options));
      if (options.output) return pipeline(file, createWriteStream(options.output));
      for await (const chunk of file) await ctx.io.write(chunk);
    });

  listOptions(
    program
      .command('issues <projectId> <auditId>')
      .description('An audit by issue: each issue code with its severity and the pages it affects, errors first')
      .option('--severity <severity>', 'only error, warning or notice'),
  ).action(async (projectId: string, auditId: string, options: { severity?: string; limit?: number; format: string }) => {
    if (options.severity !== undefined && !SEVERITIES.includes(options.severity)) throw new UsageError(`--severity must be one of ${SEVERITIES.join(', ')}`);
    const query = { pageSize: 100, ...(options.severity ? { severity: options.severity as 'error' | 'warning' | 'notice' } : {}) };
    const rows = await ctx.client.audits.issues(projectId, auditId, query, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'code', value: (i) => i.code },
      { header: 'severity', value: (i) => i.severity },
      { header: 'priority', value: (i) => i.priority },
      { header: 'pages', value: (i) => i.pagesAffected },
      { header: 'targets', value: (i) => i.distinctTargets },
      { header: 'for example', value: (i) => i.sampleUrls[0] },
    ]);
  });

  listOptions(program.command('issue-codes').description('Every issue code: severity, priority (1 = fix first), title and how to fix it')).action(
    async (options: { limit?: number; format: string }) => {
      const rows = await ctx.client.audits.issueCodes({ pageSize: 100 }, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'code', value: (d) => d.code },
        { header: 'severity', value: (d) => d.severity },
        { header: 'priority', value: (d) => d.priority },
        { header: 'title', value: (d) => d.title },
        { header: 'how to fix', value: (d) => d.howToFix },
      ]);
    },
  );
}

const SEVERITIES = ['error', 'warning', 'notice'];
