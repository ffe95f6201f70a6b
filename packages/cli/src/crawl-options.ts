// The crawl settings of `audits start` (AuditStart.crawl) from its options: repeatable
// `--include`/`--exclude` patterns, `--urls-file` (list mode), `--user-agent` (a preset's name or
// any other string), `--rps`, and `--auth user:password` for a staging site.
import { readFile } from 'node:fs/promises';
import type { AuditStartBody } from '@seo-geo/client';
import { UsageError } from './context.js';

export type CrawlSettings = NonNullable<AuditStartBody['crawl']>;

export interface CrawlFlags {
  include?: string[];
  exclude?: string[];
  urlsFile?: string;
  userAgent?: string;
  rps?: number;
  auth?: string;
}

const USER_AGENT_PRESETS = new Set(['seo_geo_bot', 'googlebot_smartphone', 'googlebot_desktop']);

/** Commander's collector for a repeatable option. */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];

/** A decimal number option (`--rps 0.5`). */
export function decimalNumber(name: string): (value: string) => number {
  return (value) => {
    if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`${name} must be a number (got "${value}")`);
    return Number(value);
  };
}

/** The `crawl` of the start body; undefined when no crawl option was given. */
export async function crawlSettingsOf(flags: CrawlFlags, env: NodeJS.ProcessEnv): Promise<CrawlSettings | undefined> {
  const crawl: CrawlSettings = {};
  if (flags.include?.length) crawl.include = flags.include;
  if (flags.exclude?.length) crawl.exclude = flags.exclude;
  if (flags.urlsFile !== undefined) crawl.urls = await listedUrls(flags.urlsFile);
  if (flags.userAgent !== undefined) {
    if (USER_AGENT_PRESETS.has(flags.userAgent)) crawl.userAgent = flags.userAgent as NonNullable<CrawlSettings['userAgent']>;
    else {
      crawl.userAgent = 'custom';
      crawl.customUserAgent = flags.userAgent;
    }
  }
  if (flags.rps !== undefined) crawl.requestsPerSecond = flags.rps;
  if (flags.auth !== undefined) crawl.authentication = credentials(flags.auth, env);
  return Object.keys(crawl).length > 0 ? crawl : undefined;
}

/** One URL a line; blank lines and `#` comments are skipped. */
async function listedUrls(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--urls-file: cannot read ${path} (${(error as Error).message})`);
  }
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (urls.length === 0) throw new UsageError(`--urls-file: ${path} lists no URL`);
  return urls;
}

/** `user:password`, or `user` with the password in SEO_GEO_CRAWL_PASSWORD (kept out of the process list). */
function credentials(value: string, env: NodeJS.ProcessEnv): { username: string; password: string } {
  const colon = value.indexOf(':');
  const username = colon < 0 ? value : value.slice(0, colon);
  const password = colon < 0 ? env.SEO_GEO_CRAWL_PASSWORD : value.slice(colon + 1);
  if (username === '' || !password) throw new UsageError('--auth takes user:password, or a user with the password in SEO_GEO_CRAWL_PASSWORD');
  return { username, password };
}
