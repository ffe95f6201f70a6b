// Where a page sits in the site's link structure: click depth, inlinks, and its scheme.
import { issue } from '../../score/issue-codes.js';
import { plural } from '../../score/evidence.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';
import { listedAs } from './sitemap.js';

export const MAX_DEPTH = 3;

export const crawlDepthHigh: SiteCheck = ({ s, graph }, r) => {
  const depth = graph.depth[r]!;
  if (!s.has(r, Flag.Scored) || depth <= MAX_DEPTH) return null;
  return issue(
    'crawl_depth_high',
    `${plural(depth, 'click')} from the start page (more than ${MAX_DEPTH}); the shortest path comes through ${s.urlOf(graph.parent[r]!)}.`,
  );
};

export const inlinksNone: SiteCheck = ({ s, graph }, r) => {
  if (!s.has(r, Flag.Scored) || r === s.seed || graph.inlinks[r] !== 0 || listedAs(s, r) !== -1) return null;
  return issue('inlinks_none', 'No other crawled page links to this page with a followed link.');
};

export const inlinksFew: SiteCheck = ({ s, graph }, r) => {
  if (!s.has(r, Flag.Scored) || r === s.seed || graph.inlinks[r] !== 1) return null;
  return issue('inlinks_few', `Only one other crawled page links to this page: ${s.urlOf(graph.firstInlinker[r]!)}.`);
};

export const httpPageOnHttpsSite: SiteCheck = ({ s }, r) => {
  if (!s.c.seedHttps || !s.has(r, Flag.Scored) || !s.has(r, Flag.Http)) return null;
  return issue('http_page_on_https_site', `Served over plain HTTP (${s.finalUrlOf(r)}) on a site whose start page is HTTPS (${s.c.urls.value(s.c.seedId)}).`);
};
