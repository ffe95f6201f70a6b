// The site checks, once the crawl is over: the aggregates (link graph, duplicate groups,
// near-duplicate clusters) are computed once, then each record's result is built as it is
// pulled, so that no array of 50,000 results is ever held.
import type { PageIssue } from '../types.js';
import { canonicalChain, canonicalToNon200 } from './checks/canonical.js';
import type { CheckContext, SiteCheck } from './checks/context.js';
import { contentDuplicate, contentNearDuplicate, metaDescriptionDuplicate, titleDuplicate } from './checks/duplicates.js';
import { hreflangMissingReturn } from './checks/hreflang.js';
import { brokenExternalLink, brokenInternalLink, internalLinkToRedirect } from './checks/links.js';
import { brokenResource } from './checks/resources.js';
import { orphanPage, sitemapUrlBlocked, sitemapUrlNoindex, sitemapUrlNot200, sitemapUrlNotCanonical } from './checks/sitemap.js';
import { crawlDepthHigh, httpPageOnHttpsSite, inlinksFew, inlinksNone } from './checks/structure.js';
import { brokenResources, type BrokenResource } from './broken-resources.js';
import { duplicateGroups } from './duplicates.js';
import type { ExternalLinkReport } from './external-links.js';
import { linkGraph } from './link-graph.js';
import { nearDuplicates, type NearDuplicateFindings } from './near-duplicates.js';
import type { ResourceReport } from './resources.js';
import type { SiteIndex } from './site-index.js';
import { runSliced, runWhole, type Sliced } from './slices.js';

/** In the order a page's site issues are listed. */
const CHECKS: readonly SiteCheck[] = [
  titleDuplicate,
  metaDescriptionDuplicate,
  contentDuplicate,
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
  brokenResource,
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
  /** The distinct broken resources with the records loading each, most used first; [] when resources were not checked. */
  brokenResources: BrokenResource[];
  /** One result per record, in recording order, built as pulled. */
  results(): Generator<SitePageResult, void, undefined>;
}

/** The site checks, run whole (tests, benchmarks). */
export function runSiteChecks(index: SiteIndex, external: ExternalLinkReport | null = null, resources: ResourceReport | null = null): SiteChecks {
  return runWhole(siteChecks(index, external, resources));
}

/** The site checks, giving the event loop a turn every few milliseconds while the aggregates are computed (an audit). */
export function runSiteChecksSliced(
  index: SiteIndex,
  external: ExternalLinkReport | null = null,
  resources: ResourceReport | null = null,
): Promise<SiteChecks> {
  return runSliced(siteChecks(index, external, resources));
}

function* siteChecks(index: SiteIndex, external: ExternalLinkReport | null, resources: ResourceReport | null): Sliced<SiteChecks> {
  const site = index.snapshot();
  yield;
  const graph = yield* linkGraph(site);
  const titles = duplicateGroups(site.columns.memory, site.columns.title);
  const descriptions = duplicateGroups(site.columns.memory, site.columns.description);
  const contents = duplicateGroups(site.columns.memory, site.columns.content);
  yield;
  const ctx: CheckContext = { site, graph, titles, descriptions, contents, near: yield* nearDuplicates(site), external, resources };
  return {
    nearDuplicates: ctx.near.findings,
    brokenResources: resources === null ? [] : yield* brokenResources(site, resources),
    *results() {
      for (let record = 0; record < site.count; record++) {
        const issues: PageIssue[] = [];
        for (const check of CHECKS) {
          const found = check(ctx, record);
          if (found !== null) issues.push(found);
        }
        const depth = ctx.graph.depth.get(record);
        yield { url: site.urlOf(record), depth: depth === -1 ? null : depth, inlinks: ctx.graph.inlinks.get(record), issues };
      }
    },
  };
}
