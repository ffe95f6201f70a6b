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
  return {
    isAllowed: (url, userAgent) => parsed.isAllowed(url, userAgent) !== false,
    sitemaps: parsed.getSitemaps(),
  };
}
