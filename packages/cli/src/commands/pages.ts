import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Option, type Command } from 'commander';
import { listOptions, UsageError, wholeNumber, type CommandContext } from '../context.js';
import { printRows } from '../output.js';

type PagesQuery = NonNullable<Parameters<CommandContext['client']['audits']['pages']>[2]>;
type PageFilter = Omit<PagesQuery, 'page' | 'pageSize' | 'sort'>;

export interface PageFilterOptions {
  minScore?: number;
  maxScore?: number;
  hasSchema?: boolean;
  schema?: boolean;
  issue?: string;
  status?: PageFilter['statusClass'];
  minDepth?: number;
  maxDepth?: number;
  path?: string;
  indexable?: boolean;
  notIndexable?: boolean;
  indexability?: PageFilter['indexabilityStatus'];
}

const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
const INDEXABILITY = ['blocked_by_robots', 'no_response', 'redirect', 'client_error', 'server_error', 'non_200', 'noindex', 'canonicalised'] as const;
const SORT_FIELDS = ['url', 'geoScore', 'depth', 'statusCode', 'responseTimeMs'] as const;
const SORTS = SORT_FIELDS.flatMap((field) => [field, `-${field}`]);

/** The pages list's filters from the options `pages` and `export` share. */
export function pageFilter(options: PageFilterOptions): PageFilter {
  if (options.hasSchema && options.schema === false) throw new UsageError('--has-schema and --no-schema exclude each other');
  if (options.indexable && options.notIndexable) throw new UsageError('--indexable and --not-indexable exclude each other');
  for (const [name, value] of [
    ['--min-score', options.minScore],
    ['--max-score', options.maxScore],
  ] as const)
    if (value !== undefined && value > 100) throw new UsageError(`${name} must be from 0 to 100`);
  if (options.path !== undefined && !options.path.startsWith('/')) throw new UsageError('--path must start with / (a URL path, such as /blog/)');
  return {
    ...(options.minScore === undefined ? {} : { minGeoScore: options.minScore }),
    ...(options.maxScore === undefined ? {} : { maxGeoScore: options.maxScore }),
    ...(options.hasSchema ? { hasSchema: true } : options.schema === false ? { hasSchema: false } : {}),
    ...(options.issue === undefined ? {} : { issue: options.issue }),
    ...(options.status === undefined ? {} : { statusClass: options.status }),
    ...(options.minDepth === undefined ? {} : { minDepth: options.minDepth }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
    ...(options.path === undefined ? {} : { pathPrefix: options.path }),
    ...(options.indexable ? { indexable: true } : options.notIndexable ? { indexable: false } : {}),
    ...(options.indexability === undefined ? {} : { indexabilityStatus: options.indexability }),
  };
}

/** The filter options of `pages` and `export`. */
function filterOptions(command: Command): Command {
  return command
    .option('--min-score <n>', 'only pages scoring above n (0-100)', wholeNumber('--min-score'))
    .option('--max-score <n>', 'only pages scoring n or less (0-100)', wholeNumber('--max-score'))
    .option('--has-schema', 'only pages with schema.org markup')
    .option('--no-schema', 'only pages without schema.org markup')
    .option('--issue <code>', 'only pages with this issue code (see `seo-geo issue-codes`)')
    .addOption(new Option('--status <class>', 'only this HTTP status class').choices(STATUS_CLASSES))
    .option('--min-depth <n>', 'only pages at least n clicks from the start URL', wholeNumber('--min-depth'))
    .option('--max-depth <n>', 'only pages at most n clicks from the start URL', wholeNumber('--max-depth'))
    .option('--path <prefix>', 'only URLs whose path starts with this (/blog/)')
    .option('--indexable', 'only pages search engines may index')
    .option('--not-indexable', 'only pages they may not index')
    .addOption(new Option('--indexability <reason>', 'only pages not indexable for this reason').choices(INDEXABILITY));
}

/** A field, descending with a leading `-`, as the API takes it: the list and the export sort alike. */
function sortOption(command: Command): Command {
  return command.addOption(new Option('--sort <field>', 'order by a field; a leading - for descending (-geoScore: best first)').choices(SORTS));
}

/** The `sort` of the query, when one was asked for. */
const sortOf = (options: { sort?: PagesQuery['sort'] }) => (options.sort === undefined ? {} : { sort: options.sort });

export function pageCommands(program: Command, ctx: CommandContext): void {
  const pages = sortOption(
    filterOptions(program.command('pages <projectId> <auditId>').description("An audit's pages, by URL, with their GEO score and issues")),
  );
  listOptions(pages).action(
    async (projectId: string, auditId: string, options: PageFilterOptions & { sort?: PagesQuery['sort']; limit?: number; format: string }) => {
      const query = { pageSize: 100, ...pageFilter(options), ...sortOf(options) };
      const rows = await ctx.client.audits.pages(projectId, auditId, query, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'url', value: (p) => p.url },
        { header: 'status', value: (p) => p.statusCode },
        { header: 'GEO score', value: (p) => (p.scored ? p.geoScore : 'not scored') },
        { header: 'schema', value: (p) => p.hasSchema },
        { header: 'indexable', value: (p) => (p.indexable ? 'yes' : (p.indexabilityStatus ?? 'no')) },
        { header: 'words', value: (p) => p.wordCount },
        { header: 'issues', value: (p) => p.issues.map((issue) => issue.code).join(' ') },
      ]);
    },
  );

  sortOption(filterOptions(program.command('export <projectId> <auditId>').description("An audit's pages as CSV, streamed (the API documents the columns)")))
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--bom', 'start the file with a UTF-8 byte-order mark, for Excel')
    .action(async (projectId: string, auditId: string, options: PageFilterOptions & { sort?: PagesQuery['sort']; output?: string; bom?: boolean }) => {
      const query = { ...pageFilter(options), ...sortOf(options), ...(options.bom ? { bom: true } : {}) };
      const file = await ctx.client.audits.exportPages(projectId, auditId, query);
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
