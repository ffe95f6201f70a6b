// robots.txt as the audit reports on it: whether it is there and well-formed, which AI agents may
// fetch the site's root, and the sitemaps it names. The rules are read by site/robots-txt.ts,
// the adapter the crawler obeys as well.

import { AI_AGENTS } from './agents.js';
import { looksLikeHtml } from './looks-like-html.js';
import { parseRobots } from './robots-txt.js';

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

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
