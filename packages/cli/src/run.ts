// The command line: builds the commands, runs one, and turns what happened into an exit code.
//   0  done
//   1  the API or the network refused or failed, or an awaited audit or GEO test did not complete
//   2  the command was called wrongly, or the key is missing
//   3  `seo-geo check` ran and a threshold was missed
import { API_VERSION, APIError, APIConnectionError, SeoGeoError } from '@seo-geo/client';
import { Command, CommanderError, Option } from 'commander';
import { auditCommands } from './commands/audits.js';
import { checkCommand } from './commands/check.js';
import { configCommands } from './commands/config.js';
import { contentCommands } from './commands/content.js';
import { brandCommands } from './commands/brand.js';
import { geoCommands } from './commands/geo.js';
import { monitorCommands } from './commands/monitors.js';
import { pageCommands } from './commands/pages.js';
import { projectCommands } from './commands/projects.js';
import { webhookCommands } from './commands/webhooks.js';
import { CheckFailed, CLI_VERSION, CommandContext, UsageError } from './context.js';
import type { Io } from './output.js';
import { SettingsError } from './settings.js';

export async function run(argv: string[], io: Io): Promise<number> {
  const program = new Command('seo-geo')
    .description('The SEO and GEO analysis API from the command line. The key comes from SEO_GEO_API_KEY or `seo-geo config set api-key`.')
    .version(`${CLI_VERSION} (api ${API_VERSION})`)
    .option('--base-url <url>', 'the API, ending in /api/public/v1 (default: SEO_GEO_BASE_URL or the config file)')
    .option('--json', 'print JSON instead of tables and text')
    .addOption(new Option('--no-color', 'no colours (also NO_COLOR, CI, or output to a pipe)'))
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) });
  const ctx = new CommandContext(io, program);

  program
    .command('whoami')
    .description('The account behind the key')
    .action(async () => {
      const me = await ctx.client.me.get();
      if (ctx.json) io.out(JSON.stringify(me, null, 2));
      else io.out(`${me.email} (${me.plan} plan), key ${me.apiKeyPrefix}…`);
    });
  projectCommands(program, ctx);
  auditCommands(program, ctx);
  pageCommands(program, ctx);
  contentCommands(program, ctx);
  geoCommands(program, ctx);
  brandCommands(program, ctx);
  monitorCommands(program, ctx);
  webhookCommands(program, ctx);
  checkCommand(program, ctx);
  configCommands(program, ctx);
  // Every subcommand shares the parent's behaviour: errors thrown, output through io.
  for (const command of allCommands(program)) command.exitOverride().configureOutput(program.configureOutput());

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    return report(error, io, ctx);
  }
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

function report(error: unknown, io: Io, ctx: CommandContext): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  const { red } = ctx.colors;
  if (error instanceof CheckFailed) {
    io.err(red(`check failed: ${error.message}`));
    return 3;
  }
  if (error instanceof UsageError || error instanceof SettingsError) {
    io.err(`${red('error:')} ${error.message}`);
    return 2;
  }
  if (error instanceof APIError) {
    io.err(
      `${red('error:')} ${error.status} ${error.code ?? ''} ${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`.replace(/\s+/g, ' '),
    );
    for (const detail of error.details) io.err(`  ${detail.in} ${detail.field}: ${detail.message}`);
    return 1;
  }
  if (error instanceof APIConnectionError || error instanceof SeoGeoError || error instanceof Error) {
    io.err(`${red('error:')} ${error.message}`);
    return 1;
  }
  io.err(`error: ${String(error)}`);
  return 1;
}
