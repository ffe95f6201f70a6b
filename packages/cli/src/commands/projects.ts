import type { Command } from 'commander';
import { listOptions, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';

export function projectCommands(program: Command, ctx: CommandContext): void {
  const projects = program.command('projects').description('Projects: one per website');

  listOptions(projects.command('list').description('List your projects, newest first')).action(async (options: { limit?: number; format: string }) => {
    const rows = await ctx.client.projects.list({ pageSize: 100 }, { maxItems: options.limit }).toArray();
    printRows(ctx.io, ctx.format(options.format), rows, [
      { header: 'id', value: (p) => p.id },
      { header: 'name', value: (p) => p.name },
      { header: 'primary domain', value: (p) => p.primaryDomain },
      { header: 'created', value: (p) => p.createdAt },
    ]);
  });

  projects
    .command('create')
    .description('Create a project')
    .requiredOption('--name <name>', 'a name for people')
    .requiredOption('--domain <url>', 'the site, e.g. https://www.example.com')
    .action(async (options: { name: string; domain: string }) => {
      const project = await ctx.client.projects.create({ name: options.name, primaryDomain: options.domain });
      printRecord(ctx.io, ctx.json, project, [
        ['id', project.id],
        ['name', project.name],
        ['primary domain', project.primaryDomain],
      ]);
    });

  projects
    .command('get <projectId>')
    .description('One project with its stats')
    .action(async (projectId: string) => {
      const project = await ctx.client.projects.get(projectId);
      printRecord(ctx.io, ctx.json, project, [
        ['id', project.id],
        ['name', project.name],
        ['primary domain', project.primaryDomain],
        ['audits', project.stats.auditsCount],
        ['last audit', project.stats.lastAuditAt],
        ['average GEO score', project.stats.avgGeoScore],
      ]);
    });
}
