// robots.txt as the audit reports on it: which rule of RFC 9309 applied (site/robots-access.ts),
// whether it is there and well-formed, which AI agents may fetch the site's root, and the sitemaps
// it names. The rules are read by site/robots-txt.ts, the adapter the crawler obeys as well.

import { AI_AGENTS } from './agents.js';
import { looksLikeHtml } from './looks-like-html.js';
import type { RobotsAccess, RobotsReading } from './robots-access.js';
import { parseRobots } from './robots-txt.js';

export interface RobotsFindings {
  /** Which rule of RFC 9309 applied; null when robots.txt was not read (the audit stopped first). */
  status: RobotsAccess | null;
  /** HTTP status robots.txt answered with; null when no response arrived. */
  httpStatus: number | null;
  /** Why `status` is not `available`, in words; null when it is. */
  detail: string | null;
  /** robots.txt answered 2xx. */
  present: boolean;
  /** Present, not an HTML page served in its place, and every rule line is `field: value`. */
  parseable: boolean;
  /** AI agent → allowed to fetch the site root `/`. All true when there is no robots.txt, all false when it is unreachable. */
  agents: Record<string, boolean>;
  /** AI agents that may not fetch `/`. */
  blockedAgents: string[];
  /** Sitemap URLs named by `Sitemap:` lines. */
  sitemaps: string[];
  /** What is wrong, for the user (line numbers are 1-based). */
  problems: string[];
}

const KNOWN_FIELDS = new Set(['user-agent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'host', 'clean-param', 'noindex']);

/** The findings of robots.txt as the crawl read it; undefined when it was not read. */
export function robotsFindings(reading: RobotsReading | undefined, robotsUrl: string): RobotsFindings {
  const root = new URL('/', robotsUrl).href;
  const access = {
    status: reading?.access ?? null,
    httpStatus: reading === undefined || reading.status === 0 ? null : reading.status,
    detail: reading?.detail ?? null,
  };
  const text = reading?.text ?? null;
  if (text === null) {
    const unreachable = reading?.access === 'unreachable';
    const agents = Object.fromEntries(AI_AGENTS.map((a) => [a, !unreachable]));
    return {
      ...access,
      present: false,
      parseable: false,
      agents,
      blockedAgents: unreachable ? [...AI_AGENTS] : [],
      sitemaps: [],
      problems: [unobeyedProblem(reading)],
    };
  }
  const problems: string[] = [];
  if (reading?.access === 'truncated') problems.push(truncatedProblem(reading));
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
  return { ...access, present: true, parseable: !html && malformed === 0, agents, blockedAgents, sitemaps: rules.sitemaps, problems };
}

/** What a robots.txt that answered no text means for crawlers. */
function unobeyedProblem(reading: RobotsReading | undefined): string {
  if (reading === undefined) return 'robots.txt was not read: the audit stopped before it arrived.';
  if (reading.access === 'unreachable') {
    return `robots.txt was unreachable (${reading.detail ?? 'no response'}): crawlers must then assume every page is disallowed (RFC 9309 §2.3.1.4).`;
  }
  if (reading.status >= 300 && reading.status < 400) {
    return `robots.txt redirects without reaching a file within five hops (${reading.detail ?? `HTTP ${reading.status}`}): crawlers may treat it as missing and fetch every page (RFC 9309 §2.3.1.2).`;
  }
  return `No robots.txt (HTTP ${reading.status}): every crawler may fetch every page (RFC 9309 §2.3.1.3).`;
}

function truncatedProblem(reading: RobotsReading): string {
  return `robots.txt was cut short (${reading.detail ?? 'only its beginning was read'}): only the complete lines read were obeyed, and crawlers need read no more than its first 500 KiB (RFC 9309 §2.5), so put the rules that matter first.`;
}

function truncate(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
