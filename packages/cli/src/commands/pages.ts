import type { Command } from 'commander';
import { listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { printRows } from '../output.js';

export function pageCommands(program: Command, ctx: CommandContext): void {
  const pages = program
    .command('pages <projectId> <auditId>')
    .description("An audit's pages, by URL, with their GEO score and issues")
    .option('--min-score <n>', 'only pages scoring above n (0-100)', wholeNumber('--min-score'))
    .option('--has-schema', 'only pages with schema.org markup')
    .option('--no-schema', 'only pages without schema.org markup');
  listOptions(pages).action(async (projectId: string, auditId: string, options: { minScore?: number; hasSchema?: boolean; schema?: boolean; limit?: number; format: string }) => {
      if (options.hasSchema && options.schema === false) throw new UsageError('--has-schema and --no-schema exclude each other');
      if (options.minScore !== undefined && options.minScore > 100) throw new UsageError('--min-score must be from 0 to 100');
      const query = {
        pageSize: 100,
        ...(options.minScore === undefined ? {} : { minGeoScore: options.minScore }),
        ...(options.hasSchema ? { hasSchema: true } : options.schema === false ? { hasSchema: false } : {}),
      };
      const rows = await ctx.client.audits.pages(projectId, auditId, query, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'url', value: (p) => p.url },
        { header: 'status', value: (p) => p.statusCode },
        { header: 'GEO score', value: (p) => p.geoScore },
        { header: 'schema', value: (p) => p.hasSchema },
        { header: 'words', value: (p) => p.wordCount },
        { header: 'issues', value: (p) => p.issues.map((issue) => issue.code).join(' ') },
      ]);
    });
}
