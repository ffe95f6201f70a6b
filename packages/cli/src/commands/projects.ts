import type { Command } from 'commander';
import { listOptions, UsageError, type CommandContext } from '../context.js';
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

  projects
    .command('update <projectId>')
    .description('Rename a project or change its primary domain')
    .option('--name <name>', 'a new name')
    .option('--domain <url>', 'a new primary domain, e.g. https://shop.example.com')
    .action(async (projectId: string, options: { name?: string; domain?: string }) => {
      if (options.name === undefined && options.domain === undefined) throw new UsageError('Say what to change: --name, --domain or both.');
      const project = await ctx.client.projects.update(projectId, {
        ...(options.name === undefined ? {} : { name: options.name }),
        ...(options.domain === undefined ? {} : { primaryDomain: options.domain }),
      });
      printRecord(ctx.io, ctx.json, project, [
        ['id', project.id],
        ['name', project.name],
        ['primary domain', project.primaryDomain],
      ]);
    });

  projects
    .command('delete <projectId>')
    .description('Delete a project with its audits, content, reports, brand profile and monitors; what is running stops')
    .option('--yes', 'delete without asking again: it cannot be undone')
    .action(async (projectId: string, options: { yes?: boolean }) => {
      // Named first, so that a wrong id is a 404 and the user sees what would go.
      const project = await ctx.client.projects.get(projectId);
      if (!options.yes) {
        throw new UsageError(
          `This deletes the project "${project.name}" (${project.primaryDomain}) with its ${project.stats.auditsCount} audits, ` +
            'its content, reports, brand profile and GEO monitors, and cannot be undone. Run it again with --yes to delete it.',
        );
      }
      await ctx.client.projects.delete(projectId);
      if (!ctx.json) ctx.io.out(`deleted project ${projectId} (${project.name})`);
    });
}
