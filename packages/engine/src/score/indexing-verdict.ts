// One judgement of whether search engines may index the page, shared by the page issues and the
// is-crawlable SEO audit verdict. Like Lighthouse's is-crawlable audit, a page is lost to search
// when a noindex/none directive addresses every crawler (meta robots or X-Robots-Tag) or when
// robots.txt disallows it for every search crawler. Unlike Lighthouse, a crawler-specific meta tag
// saying "index" does not lift a generic noindex: Google applies the most restrictive of the
// directives it finds. Directives for named crawlers only are reported separately.

import { splitDirective } from '../analyse/head/robots-directives.js';
import type { PageFacts } from '../analyse/facts.js';

export interface IndexingVerdict {
  /** noindex/none directives addressed to every crawler. */
  allCrawlers: string[];
  /** noindex/none directives addressed to named crawlers (`googlebot: noindex`). */
  namedCrawlers: string[];
  robotsTxtBlocks: boolean;
}

export function judgeIndexing(f: Pick<PageFacts, 'robotsDirectives' | 'robotsTxtBlocksSearch'>): IndexingVerdict {
  const allCrawlers: string[] = [];
  const namedCrawlers: string[] = [];
  for (const entry of f.robotsDirectives) {
    const { agent, directive } = splitDirective(entry);
    if (directive !== 'noindex' && directive !== 'none') continue;
    (agent === null ? allCrawlers : namedCrawlers).push(entry);
  }
  return { allCrawlers, namedCrawlers, robotsTxtBlocks: f.robotsTxtBlocksSearch };
}
