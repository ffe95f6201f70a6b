import type { Command } from 'commander';
import { UsageError, type CommandContext } from '../context.js';
import { checkBaseUrl, readSettings, settingsPath, writeSettings } from '../settings.js';

export function configCommands(program: Command, ctx: CommandContext): void {
  const config = program.command('config').description('The key and server the commands use');
  config
    .command('show')
    .description('Where the settings come from (the key shown by its prefix only)')
    .action(() => {
      const stored = readSettings(ctx.io.env);
      const key = ctx.io.env.SEO_GEO_API_KEY ? 'SEO_GEO_API_KEY' : stored.apiKey ? 'config file' : 'not set';
      const shown = (ctx.io.env.SEO_GEO_API_KEY || stored.apiKey)?.slice(0, 12);
      ctx.io.out(`config file  ${settingsPath(ctx.io.env)}`);
      ctx.io.out(`api key      ${shown ? `${shown}… (${key})` : key}`);
      ctx.io.out(`base url     ${ctx.options.baseUrl || ctx.io.env.SEO_GEO_BASE_URL || stored.baseUrl || '(the client default)'}`);
    });
  config
    .command('set <name> [value]')
    .description('Store base-url <url>, or api-key (asked for, masked, at a terminal; else read from stdin), so it stays out of shell history')
    .action(async (name: string, value: string | undefined) => {
      const stored = readSettings(ctx.io.env);
      if (name === 'base-url') {
        if (!value) throw new UsageError("config set base-url needs the API's URL, ending in /api/public/v1");
        stored.baseUrl = checkBaseUrl(value, 'base-url');
      } else if (name === 'api-key') {
        if (value) throw new UsageError('Pass the key on stdin, not as an argument: echo "$KEY" | seo-geo config set api-key');
        // At a terminal the key is asked for and masked; from a pipe it is read whole.
        const asked = ctx.io.readSecret !== undefined;
        const key = (asked ? await ctx.io.readSecret!('API key (sk_live_…): ') : await ctx.io.readStdin()).trim();
        if (!/^sk_live_[A-Za-z0-9]{32}$/.test(key)) {
          throw new UsageError(`${asked ? 'That is not' : 'stdin did not hold'} an API key (sk_live_ and 32 letters and digits)`);
        }
        stored.apiKey = key;
      } else throw new UsageError(`Unknown setting "${name}": base-url or api-key`);
      ctx.io.out(`saved to ${writeSettings(ctx.io.env, stored)}`);
    });
}
