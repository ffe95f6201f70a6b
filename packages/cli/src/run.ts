// The command line: builds the commands, runs one, and turns what happened into an exit code.
//   0  done
//   1  the API or the network refused or failed, or an awaited audit or GEO test did not complete
//   2  the command was called wrongly, or the key is missing
//   3  `seo-geo check` ran and a threshold was missed
import { API_VERSION, APIError, APIConnectionError, APITimeoutError } from '@seo-geo/client';
import { Command, CommanderError, Option } from 'commander';
import { auditCommands, AuditWaitTimedOut } from './commands/audits.js';
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
import { ColumnError, type Io } from './output.js';
import { SettingsError } from './settings.js';

export async function run(argv: string[], io: Io): Promise<number> {
  const program = new Command('seo-geo')
    .description('The SEO and GEO analysis API from the command line. The key comes from SEO_GEO_API_KEY or `seo-geo config set api-key`.')
    .version(`${CLI_VERSION} (api ${API_VERSION})`)
    .option('--base-url <url>', 'the API, ending in /api/public/v1 (default: SEO_GEO_BASE_URL or the config file)')
    .option('--json', 'print JSON instead of tables and text (errors too: an object with `error`, on stdout)')
    .option('--columns <names>', 'the table columns to show, comma-separated by header, e.g. url,score')
    .addOption(new Option('--no-color', 'no colours (also NO_COLOR, CI, or output to a pipe)'))
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) });
  const ctx = new CommandContext(io, program);
  program.hook('preAction', () => {
    const columns = program.opts<{ columns?: string }>().columns;
    if (columns !== undefined) io.columns = columns.split(',').filter((name) => name.trim() !== '');
  });

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
  const code = exitCode(error);
  // `check --json` has printed its results, the failures among them: stdout stays one JSON value.
  if (ctx.json && !(error instanceof CheckFailed) && !(error instanceof CommanderError && code === 0)) {
    io.out(JSON.stringify({ error: { ...errorJson(error, ctx), exitCode: code } }, null, 2));
    // Commander has written its own message to stderr already; the rest are said there too.
    if (!(error instanceof CommanderError)) io.err(`error: ${describe(error, ctx)}`);
    return code;
  }
  if (error instanceof CommanderError) return code;
  const { red } = ctx.colors;
  if (error instanceof CheckFailed) {
    io.err(red(`check failed: ${error.message}`));
    return code;
  }
  io.err(`${red('error:')} ${describe(error, ctx)}`);
  if (error instanceof APIError) for (const detail of error.details) io.err(`  ${detail.in} ${detail.field}: ${detail.message}`);
  return code;
}

function exitCode(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
  if (error instanceof CheckFailed) return 3;
  if (error instanceof UsageError || error instanceof SettingsError || error instanceof ColumnError) return 2;
  return 1;
}

function describe(error: unknown, ctx: CommandContext): string {
  if (error instanceof APIError) {
    return `${error.status} ${error.code ?? ''} ${error.message}${error.requestId ? ` (request ${error.requestId})` : ''}`.replace(/\s+/g, ' ');
  }
  if (error instanceof APIConnectionError) return `${error.message}${unreachableHint(ctx)}`;
  return error instanceof Error ? error.message : String(error);
}

/** What `--json` prints for an error: the API's error as it came, else a code for the kind of failure. */
function errorJson(error: unknown, ctx: CommandContext): Record<string, unknown> {
  if (error instanceof APIError) {
    return { code: error.code ?? null, status: error.status, message: error.message, requestId: error.requestId ?? null, details: error.details };
  }
  const message = describe(error, ctx);
  if (error instanceof CommanderError) return { code: 'USAGE_ERROR', message: error.message };
  if (error instanceof UsageError || error instanceof SettingsError || error instanceof ColumnError) return { code: 'USAGE_ERROR', message };
  if (error instanceof APITimeoutError || error instanceof AuditWaitTimedOut) return { code: 'TIMEOUT', message };
  if (error instanceof APIConnectionError) return { code: 'CONNECTION_ERROR', message };
  return { code: 'ERROR', message };
}

/** Which server was tried and how to name another: a first run with no base URL set reaches the default. */
function unreachableHint(ctx: CommandContext): string {
  const { baseUrl, source } = ctx.connection;
  const named = source === 'default' ? `the default ${baseUrl}, as no base URL is set` : `${baseUrl} (from ${source})`;
  return `. Tried ${named}; set the API's address with --base-url, SEO_GEO_BASE_URL or \`seo-geo config set base-url URL\`, e.g. http://127.0.0.1:3000/api/public/v1`;
}
