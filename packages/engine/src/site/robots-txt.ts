// The one adapter of the robots-parser package (RFC 9309 group and rule matching): the rules of
// one robots.txt and the `Sitemap:` values it names. Both readers of robots.txt go through it:
// the crawler (crawl/robots.ts: what it may fetch, and which sitemaps to read, resolved against
// the file's URL) and the site findings (site/robots.ts: which AI agents may fetch the root).

import robotsParserModule from 'robots-parser';
import type { RobotsRules } from '../types.js';

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getSitemaps(): string[];
}
type RobotsParserFn = (url: string, contents: string) => ParsedRobots;

// robots-parser is CommonJS (`module.exports = fn`) while its typings declare a default export:
// depending on the loader the import is the function or `{ default: fn }`.
const robotsParser: RobotsParserFn =
  (robotsParserModule as unknown as { default?: RobotsParserFn }).default ?? (robotsParserModule as unknown as RobotsParserFn);

export interface RobotsTxt extends RobotsRules {
  /** The values of the `Sitemap:` lines, as written (not resolved), in file order. */
  sitemaps: string[];
}

/**
 * Rules of one robots.txt. robots-parser answers `undefined` for URLs of another origin; the
 * contract says "true when no rule blocks", and no rule of this file applies there, so: true.
 */
export function parseRobots(text: string, robotsUrl: string): RobotsTxt {
  const parsed = robotsParser(robotsUrl, text);
  const isAllowed = (url: string, userAgent: string): boolean => parsed.isAllowed(url, userAgent) !== false;
  /** The file lower-cased, as robots-parser lower-cases the agents it names: any group's key is in it. */
  let lowered: string | null = null;
  /** Whether the file may have a group of an agent's own, found once per agent. */
  const named = new Map<string, boolean>();
  const mayName = (userAgent: string): boolean => {
    let found = named.get(userAgent);
    if (found === undefined) {
      lowered ??= text.toLowerCase();
      found = lowered.includes(groupKey(userAgent));
      named.set(userAgent, found);
    }
    return found;
  };
  return {
    isAllowed,
    // robots-parser reads an agent by the group named by its key, else by `*`'s: an agent whose key
    // the file does not even contain is answered as `*` is. A page's eight AI agents cost one URL
    // parse rather than eight (each is most of isAllowed's cost).
    isAllowedForEach: (url, userAgents) => {
      let asAnyAgent: boolean | undefined;
      return userAgents.map((userAgent) => (mayName(userAgent) ? isAllowed(url, userAgent) : (asAnyAgent ??= isAllowed(url, '*'))));
    },
    sitemaps: parsed.getSitemaps(),
  };
}

/** The key robots-parser files a user agent's group under (its formatUserAgent): lower-case, without a `/version`, trimmed. */
function groupKey(userAgent: string): string {
  const lower = userAgent.toLowerCase();
  const slash = lower.indexOf('/');
  return (slash < 0 ? lower : lower.slice(0, slash)).trim();
}
