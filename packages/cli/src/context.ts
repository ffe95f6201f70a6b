// What every command gets: the output, the global options, and the client (made on first use,
// so `config` and `--help` need no key).
import { API_VERSION, createClient, DEFAULT_BASE_URL, type SeoGeoClient } from '@seo-geo/client';
import { Option, type Command } from 'commander';
import { colorsFor, type Colors, type Format, type Io } from './output.js';
import { resolveConnection } from './settings.js';

/** The CLI's own version; the API version it speaks is the client's. */
export const CLI_VERSION = '1.0.0';

export interface GlobalOptions {
  baseUrl?: string;
  json?: boolean;
  color: boolean;
}

export class CommandContext {
  #client: SeoGeoClient | undefined;

  constructor(
    readonly io: Io,
    private readonly program: Command,
  ) {}

  get options(): GlobalOptions {
    return this.program.opts<GlobalOptions>();
  }

  get json(): boolean {
    return this.options.json === true;
  }

  /** `--format`, with `--json` meaning json. */
  format(requested: string | undefined): Format {
    if (this.json) return 'json';
    return (requested ?? 'table') as Format;
  }

  get colors(): Colors {
    return colorsFor(this.io, this.options.color);
  }

  /** The server the commands call, and where its address came from (`default` when none is set). */
  get connection(): { baseUrl: string; source: string } {
    if (this.options.baseUrl) return { baseUrl: this.options.baseUrl, source: '--base-url' };
    if (this.io.env.SEO_GEO_BASE_URL) return { baseUrl: this.io.env.SEO_GEO_BASE_URL, source: 'SEO_GEO_BASE_URL' };
    try {
      const { baseUrl } = resolveConnection({ ...this.io.env, SEO_GEO_API_KEY: 'unused' }, undefined);
      if (baseUrl) return { baseUrl, source: 'the config file' };
    } catch {
      // An unreadable config file was reported by the command itself.
    }
    return { baseUrl: DEFAULT_BASE_URL, source: 'default' };
  }

  get client(): SeoGeoClient {
    if (!this.#client) {
      const { apiKey, baseUrl } = resolveConnection(this.io.env, this.options.baseUrl);
      this.#client = createClient({ apiKey, baseUrl, defaultHeaders: { 'User-Agent': `seo-geo-cli/${CLI_VERSION} (api ${API_VERSION})` } });
    }
    return this.#client;
  }
}

/** The options of every list command: how many rows at most, and how to print them. */
export function listOptions(command: Command): Command {
  return command.option('--limit <n>', 'at most this many', wholeNumber('--limit')).addOption(formatOption());
}

/** `--format`: a value outside the list is refused with exit 2 and the list. */
export function formatOption(): Option {
  return new Option('--format <format>', 'how to print the rows').choices(['table', 'json', 'csv']).default('table');
}

/** A whole number option: commander hands strings over. */
export function wholeNumber(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a whole number (got "${value}")`);
    return Number(value);
  };
}

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A gate that did not pass (`seo-geo check`): exit code 3. */
export class CheckFailed extends Error {
  override name = 'CheckFailed';
}
