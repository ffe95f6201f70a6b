// `brand get|set`: a project's brand profile, which GEO tests and monitors read answers for.
import type { Command } from 'commander';
import { printRecord, printRows } from '../output.js';
import type { CommandContext } from '../context.js';

export function brandCommands(program: Command, ctx: CommandContext): void {
  const brand = program.command('brand').description("A project's brand profile: its aliases and domains, and the competitors tracked");
  brand.command('get <projectId>').action(async (projectId: string) => {
    const profile = await ctx.client.projects.getBrand(projectId);
    if (ctx.json) return ctx.io.out(JSON.stringify(profile, null, 2));
    printRecord(ctx.io, false, profile, [
      ['brand', profile.nameIsProjectName ? `${profile.name} (the project's name)` : profile.name],
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
    .option('--name <brand>', "the brand's name when it is not the project's (left out, the brand is named after the project)")
    .option('--alias <name...>', "other names of the project's brand")
    .option('--domain <host...>', "the brand's domains besides the primary domain")
    .option('--competitor <spec...>', 'a competitor, e.g. "Kilnworks=Kilnworks Studio@kilnworks.com"')
    .action(async (projectId: string, options: { name?: string; alias?: string[]; domain?: string[]; competitor?: string[] }) => {
      const current = await ctx.client.projects.getBrand(projectId);
      const competitors = (options.competitor ?? []).map((spec) => {
        const [head = '', domains] = spec.split('@');
        const [name = '', aliases] = head.split('=');
        const id = current.competitors.find((c) => c.name.toLowerCase() === name.trim().toLowerCase())?.id;
        return { ...(id ? { id } : {}), name: name.trim(), aliases: split(aliases), domains: split(domains) };
      });
      const profile = await ctx.client.projects.setBrand(projectId, {
        ...(options.name === undefined ? {} : { name: options.name }),
        aliases: options.alias ?? [],
        domains: options.domain ?? [],
        competitors,
      });
      printRecord(ctx.io, ctx.json, profile, [
        ['brand', profile.name],
        ['competitors', profile.competitors.map((c) => c.name).join(', ')],
      ]);
    });
}

function split(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
