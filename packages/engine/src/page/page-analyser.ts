// Where a page is analysed: on the calling thread, or in worker threads (analysis-pool.ts). The
// audit asks through this interface, so a server can keep analysis off the event loop that
// answers its requests. What crosses to a worker must be cloneable, so a page's site comes as
// facts (robots.txt as its text), not as the rules object the analyser reads.
import type { RobotsFile } from '../crawl/robots.js';
import { parseRobots } from '../site/robots-txt.js';
import type { FetchedPage, RobotsRules, SiteContext } from '../types.js';
import type { PageAnalysis } from './analysis.js';
import { analysePage } from './analyse-page.js';

/** robots.txt of the page's origin: its text, none (everything allowed), or unreachable (nothing allowed). */
export type RobotsSource = { url: string; text: string } | 'none' | 'disallow-all';

/** A page's site as it crosses to a worker: SiteContext with robots.txt as data. */
export interface AnalysisSite {
  host: string;
  siteDomain: string;
  robots: RobotsSource;
}

export interface PageAnalyser {
  /** Rejects when the page could not be analysed (the audit records it as not analysable). */
  analyse(page: FetchedPage, site: AnalysisSite, signal?: AbortSignal): Promise<PageAnalysis>;
  close(): Promise<void>;
}

/** What the crawl's robots cache holds for an origin, as a source; undefined: not loaded (allowed). */
export function robotsSourceOf(file: RobotsFile | undefined): RobotsSource {
  if (file === undefined || file.rules === null) return 'none';
  return file.text === null ? 'disallow-all' : { url: file.url, text: file.text };
}

const DISALLOW_ALL: RobotsRules = { isAllowed: () => false };
/** A site's pages share one robots.txt: parsed once, not once a page. */
const parsedRobots = new Map<string, { text: string; rules: RobotsRules }>();
const MAX_PARSED_ROBOTS = 64;

export function siteContextOf(site: AnalysisSite): SiteContext {
  return { host: site.host, siteDomain: site.siteDomain, robots: rulesOf(site.robots) };
}

function rulesOf(source: RobotsSource): RobotsRules | null {
  if (source === 'none') return null;
  if (source === 'disallow-all') return DISALLOW_ALL;
  const cached = parsedRobots.get(source.url);
  if (cached?.text === source.text) return cached.rules;
  if (parsedRobots.size >= MAX_PARSED_ROBOTS) parsedRobots.clear();
  const rules = parseRobots(source.text, source.url);
  parsedRobots.set(source.url, { text: source.text, rules });
  return rules;
}

/** Analyses on the calling thread: for tools, tests and benchmarks, where nothing else waits. */
export const analyseInline: PageAnalyser = {
  analyse: (page, site) => Promise.resolve(analysePage(page, siteContextOf(site))),
  close: () => Promise.resolve(),
};
