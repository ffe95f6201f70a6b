import type { Command } from 'commander';
import { listOptions, UsageError, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';

const GOALS = ['awareness', 'consideration', 'conversion', 'retention'] as const;
type Goal = (typeof GOALS)[number];

export function contentCommands(program: Command, ctx: CommandContext): void {
  const briefs = program.command('briefs').description('Content briefs, each with a first draft');
  briefs
    .command('create <projectId>')
    .description('Create a brief (and its first draft) from the latest audit')
    .requiredOption('--topic <topic>', 'what the content is about')
    .requiredOption('--audience <audience>', 'who it is for')
    .requiredOption('--goal <goal>', GOALS.join(', '))
    .action(async (projectId: string, options: { topic: string; audience: string; goal: string }) => {
      if (!GOALS.includes(options.goal as Goal)) throw new UsageError(`--goal must be one of ${GOALS.join(', ')} (got "${options.goal}")`);
      const brief = await ctx.client.briefs.create(projectId, { topic: options.topic, audience: options.audience, goal: options.goal as Goal });
      printRecord(ctx.io, ctx.json, brief, [
        ['id', brief.id],
        ['working title', brief.workingTitle],
        ['target words', brief.targetWordCount],
        ['draft', brief.draftId],
      ]);
    });
  briefs
    .command('get <projectId> <briefId>')
    .description('One brief')
    .action(async (projectId: string, briefId: string) => {
      const brief = await ctx.client.briefs.get(projectId, briefId);
      printRecord(ctx.io, ctx.json, brief, [
        ['id', brief.id],
        ['working title', brief.workingTitle],
        ['intent', brief.searchIntent],
        ['outline', brief.outline.map((s) => s.heading).join(' / ')],
        ['draft', brief.draftId],
      ]);
    });

  const drafts = program.command('drafts').description('Drafts written from briefs');
  listOptions(drafts.command('list <projectId>')).action(async (projectId: string, options: { limit?: number; format: string }) => {
    const rows = await ctx.client.drafts.list(projectId, { pageSize: 100 }, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'id', value: (d) => d.id },
      { header: 'title', value: (d) => d.title },
      { header: 'status', value: (d) => d.status },
      { header: 'words', value: (d) => d.wordCount },
    ]);
  });
  drafts
    .command('get <projectId> <draftId>')
    .description('One draft; its content alone with --content')
    .option('--content', 'print only the draft text')
    .action(async (projectId: string, draftId: string, options: { content?: boolean }) => {
      const draft = await ctx.client.drafts.get(projectId, draftId);
      if (options.content && !ctx.json) return ctx.io.out(draft.content);
      printRecord(ctx.io, ctx.json, draft, [
        ['id', draft.id],
        ['title', draft.title],
        ['status', draft.status],
        ['words', draft.wordCount],
        ['format', draft.format],
      ]);
    });

  listOptions(program.command('reports <projectId>').description("A project's report snapshots, newest first")).action(
    async (projectId: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.reports.list(projectId, { pageSize: 100 }, { maxItems: options.limit }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (r) => r.id },
        { header: 'audit', value: (r) => r.auditRunId },
        { header: 'avg GEO score', value: (r) => r.metrics.avgGeoScore },
        { header: 'pages', value: (r) => r.metrics.pagesAudited },
        { header: 'created', value: (r) => r.createdAt },
      ]);
    },
  );
}
