// The link graph of an audit: `audits inlinks`, `audits outlinks` and `audits link-targets`.
import type { ListItem } from '@seo-geo/client';
import type { Command } from 'commander';
import { listOptions, UsageError, type CommandContext } from '../context.js';
import { printRows, type Column } from '../output.js';

const KINDS = ['broken', 'redirect', 'resource'] as const;

export function linkCommands(audits: Command, ctx: CommandContext): void {
  const linkColumns = (end: 'source' | 'target'): Column<ListItem<'listAuditInlinks'>>[] => [
    { header: end, value: (l) => l[end] },
    { header: 'anchor text', value: (l) => l.anchorText },
    { header: 'rel', value: (l) => l.rel.join(' ') },
    { header: 'followed', value: (l) => (l.followed ? 'yes' : 'no') },
  ];

  listOptions(audits.command('inlinks <projectId> <auditId> <url>').description("The links to a URL from the audit's pages, by linking page")).action(
    async (projectId: string, auditId: string, url: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.audits.inlinks(projectId, auditId, { url, pageSize: 100 }, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, linkColumns('source'));
    },
  );

  listOptions(audits.command('outlinks <projectId> <auditId> <url>').description('The links on an audited page, in document order')).action(
    async (projectId: string, auditId: string, url: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.audits.outlinks(projectId, auditId, { url, pageSize: 100 }, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, linkColumns('target'));
    },
  );

  listOptions(
    audits
      .command('link-targets <projectId> <auditId>')
      .description('The distinct broken (or redirecting) URLs links lead to, most linked first; or the broken resources pages load')
      .option('--kind <kind>', 'broken, redirect or resource', 'broken'),
  ).action(async (projectId: string, auditId: string, options: { kind: string; limit?: number; format: string }) => {
    if (!(KINDS as readonly string[]).includes(options.kind)) throw new UsageError(`--kind must be one of ${KINDS.join(', ')}`);
    const kind = options.kind as (typeof KINDS)[number];
    const rows = await ctx.client.audits.linkTargets(projectId, auditId, { kind, pageSize: 100 }, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'url', value: (t) => t.url },
      { header: 'status', value: (t) => t.statusCode },
      { header: kind === 'resource' ? 'pages using it' : 'linking pages', value: (t) => t.linkingPages },
    ]);
  });
}
