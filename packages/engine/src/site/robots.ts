// robots.txt: parsing (robots-parser, RFC 9309 matching) and the site-level findings of the audit.

import robotsParserModule from 'robots-parser';
import type { RobotsRules } from '../types.js';
import { AI_AGENTS } from './agents.js';

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getSitemaps(): string[];
}
type RobotsParserFn = (url: string, contents: string) => ParsedRobots;

// robots-parser is CommonJS (`module.exports = fn`) while its typings declare a default export:
// depending on the loader the import is the function or `{ default: fn }`.
const robotsParser: RobotsParserFn =
  (robotsParserModule as unknown as { default?: RobotsParserFn }).default ??
  (robotsParserModule as unknown as RobotsParserFn);

/**
 * Rules of one robots.txt. robots-parser answers `undefined` for URLs of another origin; the
 * contract says "true when no rule blocks", and no rule of this file applies there, so: true.
 */
export function parseRobots(text: string, robotsUrl: string): RobotsRules & { sitemaps: string[] } {
  const parsed = robotsParser(robotsUrl, text);
  return {
    isAllowed: (url, userAgent) => parsed.isAllowed(url, userAgent) !== false,
    sitemaps: parsed.getSitemaps(),
  };
}

export interface RobotsFindings {
  present: boolean;
  /** Present, not an HTML page served in its place, and every rule line is `field: value`. */
  parseable: boolean;
  /** AI agent → allowed to fetch the site root `/`. All true when there is no robots.txt. */
  agents: Record<string, boolean>;
  /** AI agents that may not fetch `/`. */
  blockedAgents: string[];
  /** Sitemap URLs named by `Sitemap:` lines. */
  sitemaps: string[];
  /** What is wrong, for the user (line numbers are 1-based). */
  problems: string[];
}

const KNOWN_FIELDS = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'clean-param', 'noindex']);

export function robotsFindings(text: string | null, robotsUrl: string): RobotsFindings {
  const root = new URL('/', robotsUrl).href;
  if (text === null) {
    const agents = Object.fromEntries(AI_AGENTS.map((a) => [a, true]));
    return { present: false, parseable: false, agents, blockedAgents: [], sitemaps: [], problems: ['No robots.txt: every crawler may fetch every page.'] };
  }
  const problems: string[] = [];
  const html = looksLikeHtml(text);
  if (html) problems.push('robots.txt is an HTML page, not a robots.txt file; crawlers ignore it.');
  let malformed = 0;
  if (!html) {
    text.split(/\r\n|\r|\n/).forEach((line, i) => {
      const content = line.replace(/#.*$/, '').trim();
      if (content === '') return;
      const colon = content.indexOf(':');
      if (colon <= 0) {
        malformed++;
        if (malformed <= 5) problems.push(`Line ${i + 1} is not a "field: value" rule: "${truncate(content)}".`);
        return;
      }
      const field = content.slice(0, colon).trim().toLowerCase();
      if (!KNOWN_FIELDS.has(field)) problems.push(`Line ${i + 1} has an unknown field "${truncate(field)}" (ignored by crawlers).`);
    });
  }
  const rules = parseRobots(html ? '' : text, robotsUrl);
  const agents: Record<string, boolean> = {};
  const blockedAgents: string[] = [];
  for (const agent of AI_AGENTS) {
    const allowed = rules.isAllowed(root, agent);
    agents[agent] = allowed;
    if (!allowed) blockedAgents.push(agent);
  }
  return { present: true, parseable: !html && malformed === 0, agents, blockedAgents, sitemaps: rules.sitemaps, problems };
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
