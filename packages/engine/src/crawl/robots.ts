// robots.txt, fetched once per origin and shared: the crawler asks it before every fetch, and the
// audit runner hands the same rules to the analyser. The response is read as RFC 9309 says
// (site/robots-access.ts names the outcomes): 2xx → the rules, of the first 512 KiB at most, or of
// what arrived before the deadline, to the last complete line; 4xx, or redirects that reach no file
// → no rules (everything allowed); 5xx, no answer in time, a network failure → everything
// disallowed. An audit lasts hours at most, so one fetch serves it (§2.4: a day), and no copy is
// kept between audits (so the RFC's 30 days of unreachable never pass). The text is read by
// site/robots-txt.ts, the adapter the site findings use too.
import type { FetchError, RobotsRules } from '../types.js';
import { fetchError } from '../net/errors.js';
import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from '../net/guarded-fetch.js';
import { robotsToken } from '../net/user-agent.js';
import type { RobotsReading } from '../site/robots-access.js';
import { parseRobots } from '../site/robots-txt.js';

export interface RobotsFile extends RobotsReading {
  url: string;
  /** Rules to obey; null when robots.txt is unavailable (everything allowed). */
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

/** robots.txt files are small; RFC 9309 asks parsers to read at least 500 KiB (§2.5), and to follow five redirects (§2.3.1.2). */
const ROBOTS_MAX_BYTES = 512 * 1024;
const ROBOTS_MAX_REDIRECTS = 5;
/** A `detail` holds an error message of the network stack: bounded, as the contract bounds it. */
const MAX_DETAIL = 300;

/** How the crawl and the audit fetch robots.txt: their dispatcher, signal, deadline and user agent, the RFC's limits. */
export function robotsFetch(
  options: Required<Pick<GuardedFetchOptions, 'dispatcher' | 'signal' | 'timeoutMs' | 'userAgent'>> & Pick<GuardedFetchOptions, 'credentials'>,
): RobotsCacheOptions['fetch'] {
  // A file over the limit, or cut short by the deadline, is used as far as it was read.
  return (url) => guardedFetch(url, { ...options, maxBodyBytes: ROBOTS_MAX_BYTES, maxRedirects: ROBOTS_MAX_REDIRECTS, keepPartialBody: true });
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
    const file = this.loaded(origin);
    return file.rules === null || file.rules.isAllowed(url, this.token);
  }

  /** Why the crawler may not fetch `url`, for its record: a rule of the file, or the file unreachable. */
  refusal(url: string, origin: string): FetchError {
    const file = this.loaded(origin);
    if (file.access === 'unreachable') {
      return fetchError(
        'robots_disallowed',
        `${file.url} was unreachable (${file.detail ?? 'no response'}): under RFC 9309 §2.3.1.4 that disallows every URL of ${origin}`,
      );
    }
    return fetchError('robots_disallowed', `robots.txt disallows ${url} for this crawler`);
  }

  private loaded(origin: string): RobotsFile {
    const file = this.files.get(origin);
    if (!file) throw new Error(`robots.txt of ${origin} has not been loaded`);
    return file;
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
  if (res.status >= 200 && res.status < 300 && res.body !== null) return successful(url, res, res.body);
  const unobeyed = { url, status: res.status, text: null, sitemaps: [], ...(res.error ? { error: res.error } : {}) };
  if (res.status >= 400 && res.status < 500) return { ...unobeyed, access: 'unavailable', detail: `HTTP ${res.status}`, rules: null };
  // Redirects that reach no file within five hops (more, a loop, a target not http(s), none given).
  if (res.status >= 300 && res.status < 400) {
    return { ...unobeyed, access: 'unavailable', detail: bounded(res.error?.message ?? `HTTP ${res.status} without a redirect to follow`), rules: null };
  }
  // 5xx, or no response: the site's wishes are unknown, and the RFC's conservative reading applies.
  const detail = res.status === 0 ? (res.error?.message ?? 'no response') : `HTTP ${res.status}`;
  return { ...unobeyed, access: 'unreachable', detail: bounded(detail), rules: DISALLOW_ALL };
}

/** A 2xx: the whole file, or as much of it as was read, up to its last complete line (a cut line could read `Disallow: /`). */
function successful(url: string, res: GuardedResponse, body: Buffer): RobotsFile {
  const cut = res.bodyCut;
  if (cut === undefined) return obeyed(url, res.status, body.toString('utf8'), 'available', null);
  const lines = body.subarray(0, lastLineEnd(body));
  if (cut.code === 'body_too_large') {
    return obeyed(
      url,
      res.status,
      lines.toString('utf8'),
      'truncated',
      `larger than ${ROBOTS_MAX_BYTES} bytes: the first ${ROBOTS_MAX_BYTES} bytes were read, up to the last complete line`,
    );
  }
  // The deadline or the connection cut the body short: what arrived is used, if a line did.
  if (lines.length === 0) {
    return {
      url,
      status: res.status,
      text: null,
      rules: DISALLOW_ALL,
      sitemaps: [],
      error: cut,
      access: 'unreachable',
      detail: bounded(`HTTP ${res.status}, but ${cut.message} and no complete line had arrived`),
    };
  }
  return obeyed(
    url,
    res.status,
    lines.toString('utf8'),
    'truncated',
    bounded(`${cut.message}: the first ${body.length} bytes were read, up to the last complete line`),
  );
}

function obeyed(url: string, status: number, text: string, access: 'available' | 'truncated', detail: string | null): RobotsFile {
  const { isAllowed, sitemaps } = parseRobots(text, url);
  return { url, status, text, rules: { isAllowed }, sitemaps: absoluteUrls(sitemaps, url), access, detail };
}

/** The length of `body` up to and with its last line break (LF or CR); 0 when it has none. */
function lastLineEnd(body: Buffer): number {
  return Math.max(body.lastIndexOf(0x0a), body.lastIndexOf(0x0d)) + 1;
}

function bounded(detail: string): string {
  return detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 3)}...` : detail;
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
