// The site checks, once the crawl is over: the aggregates (link graph, duplicate groups,
// near-duplicate clusters) are computed once, then each record's result is built as it is
// pulled, so that no array of 50,000 results is ever held.
import type { PageIssue } from '../types.js';
import { canonicalChain, canonicalToNon200 } from './checks/canonical.js';
import type { CheckContext, SiteCheck } from './checks/context.js';
import { contentNearDuplicate, metaDescriptionDuplicate, titleDuplicate } from './checks/duplicates.js';
import { hreflangMissingReturn } from './checks/hreflang.js';
import { brokenExternalLink, brokenInternalLink, internalLinkToRedirect } from './checks/links.js';
import { orphanPage, sitemapUrlBlocked, sitemapUrlNoindex, sitemapUrlNot200, sitemapUrlNotCanonical } from './checks/sitemap.js';
import { crawlDepthHigh, httpPageOnHttpsSite, inlinksFew, inlinksNone } from './checks/structure.js';
import { duplicateGroups } from './duplicates.js';
import type { ExternalLinkReport } from './external-links.js';
import { linkGraph } from './link-graph.js';
import { nearDuplicates, type NearDuplicateFindings } from './near-duplicates.js';
import type { SiteIndex } from './site-index.js';

/** In the order a page's site issues are listed. */
const CHECKS: readonly SiteCheck[] = [
  titleDuplicate,
  metaDescriptionDuplicate,
  contentNearDuplicate,
  orphanPage,
  sitemapUrlNot200,
  sitemapUrlNoindex,
  sitemapUrlNotCanonical,
  sitemapUrlBlocked,
  crawlDepthHigh,
  inlinksNone,
  inlinksFew,
  internalLinkToRedirect,
  brokenInternalLink,
  canonicalChain,
  canonicalToNon200,
  hreflangMissingReturn,
  httpPageOnHttpsSite,
  brokenExternalLink,
];

/**
 * Site-wide results for one recorded page, once the crawl is over: its click depth from the seed
 * (null when no chain of followed links reaches it), the crawled pages that link to it, and the
 * issues that only the whole site shows (duplicates, orphans, sitemap entries, links to redirects...).
 */
export interface SitePageResult {
  url: string;
  depth: number | null;
  inlinks: number;
  issues: PageIssue[];
}

export interface SiteChecks {
  nearDuplicates: NearDuplicateFindings;
  /** One result per record, in recording order, built as pulled. */
  results(): Generator<SitePageResult, void, undefined>;
}

export function runSiteChecks(index: SiteIndex, external: ExternalLinkReport | null = null): SiteChecks {
  const site = index.snapshot();
  const ctx: CheckContext = {
    site,
    graph: linkGraph(site),
    titles: duplicateGroups(site.columns.title),
    descriptions: duplicateGroups(site.columns.description),
    near: nearDuplicates(site),
    external,
  };
  return {
    nearDuplicates: ctx.near.findings,
    *results() {
      for (let record = 0; record < site.count; record++) {
        const issues: PageIssue[] = [];
        for (const check of CHECKS) {
          const found = check(ctx, record);
          if (found !== null) issues.push(found);
        }
        const depth = ctx.graph.depth[record]!;
        yield { url: site.urlOf(record), depth: depth === -1 ? null : depth, inlinks: ctx.graph.inlinks[record]!, issues };
      }
    },
  };
}
