// robots.txt, fetched once per origin and shared: the crawler asks it before every fetch, and the
// audit runner hands the same rules to the analyser. Status handling follows RFC 9309 §2.3.1:
// 2xx → the rules; 4xx → no rules (everything allowed); 5xx or unreachable → everything disallowed.
// The text is read by site/robots-txt.ts, the adapter the site findings use too.
import type { FetchError, RobotsRules } from '../types.js';
import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from '../net/guarded-fetch.js';
import { robotsToken } from '../net/user-agent.js';
import { parseRobots } from '../site/robots-txt.js';

export interface RobotsFile {
  url: string;
  /** HTTP status of robots.txt; 0 when it could not be fetched. */
  status: number;
  /** The text when robots.txt was fetched with a 2xx status; otherwise null. */
  text: string | null;
  /** Rules to obey; null when the site has no robots.txt (everything allowed). */
  rules: RobotsRules | null;
  /** Absolute `Sitemap:` URLs named in the file. */
  sitemaps: string[];
  /** Why robots.txt could not be fetched, when it could not. */
  error?: FetchError;
}

export interface RobotsCacheOptions {
  /** Fetches robots.txt (redirects followed; RFC 9309 allows five). */
  fetch: (url: string) => Promise<GuardedResponse>;
  /** The crawler's user agent; its product token is what robots.txt groups are matched against. */
  userAgent: string;
}

const DISALLOW_ALL: RobotsRules = { isAllowed: () => false };

/** robots.txt files are small; RFC 9309 asks parsers to handle at least 500 KiB, and to follow five redirects. */
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_MAX_REDIRECTS = 5;

/** How the crawl and the audit fetch robots.txt: their dispatcher, signal, deadline and user agent, the RFC's limits. */
export function robotsFetch(options: Required<Pick<GuardedFetchOptions, 'dispatcher' | 'signal' | 'timeoutMs' | 'userAgent'>>): RobotsCacheOptions['fetch'] {
  return (url) => guardedFetch(url, { ...options, maxBodyBytes: ROBOTS_MAX_BYTES, maxRedirects: ROBOTS_MAX_REDIRECTS });
}

export class RobotsCache {
  private readonly files = new Map<string, RobotsFile>();
  private readonly loading = new Map<string, Promise<RobotsFile>>();
  private readonly token: string;

  constructor(private readonly options: RobotsCacheOptions) {
    this.token = robotsToken(options.userAgent);
  }

  /** The loaded file of `origin`, or undefined when it has not arrived yet. */
  peek(origin: string): RobotsFile | undefined {
    return this.files.get(origin);
  }

  get(origin: string): Promise<RobotsFile> {
    const loaded = this.files.get(origin);
    if (loaded) return Promise.resolve(loaded);
    let pending = this.loading.get(origin);
    if (!pending) {
      pending = this.load(origin);
      this.loading.set(origin, pending);
    }
    return pending;
  }

  /** Whether the crawler may fetch `url`; its origin's file must have been loaded (see `get`). */
  allows(url: string, origin: string): boolean {
    const file = this.files.get(origin);
    if (!file) throw new Error(`robots.txt of ${origin} has not been loaded`);
    return file.rules === null || file.rules.isAllowed(url, this.token);
  }

  private async load(origin: string): Promise<RobotsFile> {
    const url = `${origin}/robots.txt`;
    const res = await this.options.fetch(url);
    const file = interpret(url, res);
    this.files.set(origin, file);
    this.loading.delete(origin);
    return file;
  }
}

function interpret(url: string, res: GuardedResponse): RobotsFile {
  if (res.status >= 200 && res.status < 300 && res.body !== null) {
    const text = res.body.toString('utf8');
    const { isAllowed, sitemaps } = parseRobots(text, url);
    return { url, status: res.status, text, rules: { isAllowed }, sitemaps: absoluteUrls(sitemaps, url) };
  }
  if (res.status >= 400 && res.status < 500) return { url, status: res.status, text: null, rules: null, sitemaps: [] };
  // 5xx, no response, a body over the cap or an unfollowed redirect: the site's wishes are unknown,
  // so the RFC's conservative reading applies and nothing is crawled.
  return { url, status: res.status, text: null, rules: DISALLOW_ALL, sitemaps: [], ...(res.error ? { error: res.error } : {}) };
}

/** The sitemaps to read: each value resolved against robots.txt's URL. */
function absoluteUrls(values: readonly string[], robotsUrl: string): string[] {
  const found: string[] = [];
  for (const value of values) {
    try {
      found.push(new URL(value, robotsUrl).href);
    } catch {
      // A malformed Sitemap line is the site's problem; the site findings report robots.txt syntax.
    }
  }
  return found;
}
