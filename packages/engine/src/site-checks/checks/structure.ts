// Where a page sits in the site's link structure: click depth, inlinks, and its scheme.
import { issue } from '../../score/issue-codes.js';
import { plural } from '../../score/evidence.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';
import { listedAs } from './sitemap.js';

export const MAX_DEPTH = 3;

export const crawlDepthHigh: SiteCheck = ({ site, graph }, record) => {
  const depth = graph.depth.get(record);
  if (!site.has(record, Flag.Scored) || depth <= MAX_DEPTH) return null;
  return issue(
    'crawl_depth_high',
    `${plural(depth, 'click')} from the start page (more than ${MAX_DEPTH}); the shortest path comes through ${site.urlOf(graph.parent.get(record))}.`,
  );
};

export const inlinksNone: SiteCheck = ({ site, graph }, record) => {
  if (!site.has(record, Flag.Scored) || record === site.seed || graph.inlinks.get(record) !== 0 || listedAs(site, record) !== -1) return null;
  return issue('inlinks_none', 'No other crawled page links to this page with a followed link.');
};

export const inlinksFew: SiteCheck = ({ site, graph }, record) => {
  if (!site.has(record, Flag.Scored) || record === site.seed || graph.inlinks.get(record) !== 1) return null;
  return issue('inlinks_few', `Only one other crawled page links to this page: ${site.urlOf(graph.firstInlinker.get(record))}.`);
};

export const httpPageOnHttpsSite: SiteCheck = ({ site }, record) => {
  if (!site.columns.seedHttps || !site.has(record, Flag.Scored) || !site.has(record, Flag.Http)) return null;
  return issue(
    'http_page_on_https_site',
    `Served over plain HTTP (${site.finalUrlOf(record)}) on a site whose start page is HTTPS (${site.columns.urls.value(site.columns.seedId)}).`,
  );
};
