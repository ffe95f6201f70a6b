// A page analysed: measured (analyse/), then judged (score/): its GEO score, its checks and its
// issues, in the PageAnalysis the audit streams. This is the one place that knows both layers, so
// that measuring never depends on scoring. Pages that are not 2xx HTML with a body get an analysis
// too (score 0, every check failed with the reason, issues saying why).

import { measurePage } from '../analyse/measure-page.js';
import { collectSchemaTypes } from '../analyse/structured-data/schema-org.js';
import { pageIssues } from '../score/issues.js';
import { linkUrlIssues } from '../score/link-url-issues.js';
import { judgeIndexability } from '../score/indexability.js';
import { scorePage } from '../score/score.js';
import { structuredDataIssues } from '../score/structured-data-issues.js';
import type { PageFacts, ReportedFact } from '../analyse/facts.js';
import type { FetchedPage, SiteContext } from '../types.js';
import type { PageAnalysis } from './analysis.js';

export function analysePage(page: FetchedPage, site: SiteContext): PageAnalysis {
  const m = measurePage(page, site);
  const { rubricId, geoScore, checks } = scorePage(m.facts);
  const f = m.facts;
  const { indexable, indexabilityStatus } = judgeIndexability(f);
  // What scoring and the crawl add is assigned onto the reported facts, not spread with them into a
  // new literal: V8 built each such analysis hidden classes of its own, one per property added after
  // the spread (29 KB a page on the audit bench's pages, and a third of analysePage's time).
  return Object.assign(reportedFacts(f), {
    canonical: f.canonicals.find((c) => c.resolved !== null)?.resolved ?? null,
    links: m.links,
    structuredDataErrors: m.structuredDataErrors,
    schemaTypes: collectSchemaTypes(f.structuredData),
    quotations: f.quotations.attributed,
    readability: { fleschReadingEase: f.readability.fleschReadingEase, meanSentenceLength: f.readability.meanSentenceLength },
    rubricId,
    geoScore,
    checks,
    issues: [...pageIssues(f), ...linkUrlIssues(m.links), ...structuredDataIssues(f.structuredData, m.structuredDataErrors)],
    fetchedAt: page.fetchedAt,
    indexable,
    indexabilityStatus,
    hreflangs: f.hreflangs.flatMap((h) => (h.resolved === null ? [] : [{ hreflang: h.hreflang, href: h.resolved }])),
    contentSignature: m.contentSignature,
    contentHash: m.contentHash,
    resources: m.resources,
    rendering: null,
  });
}

/**
 * The facts an analysis reports as measured, in REPORTED_FACTS's order (the type checks that each is
 * here and no other; analyse-page.test.ts, the order). Written out rather than copied in a loop
 * over REPORTED_FACTS: an object built by stores under computed keys turns to dictionary mode past
 * a dozen properties, and gets a hidden class of its own when brought back.
 */
function reportedFacts(f: PageFacts): Pick<PageFacts, ReportedFact> {
  return {
    url: f.url,
    finalUrl: f.finalUrl,
    statusCode: f.statusCode,
    contentType: f.contentType,
    isHtml: f.isHtml,
    title: f.title,
    metaDescription: f.metaDescription,
    lang: f.lang,
    robotsDirectives: f.robotsDirectives,
    headings: f.headings,
    wordCount: f.wordCount,
    imagesWithoutAlt: f.imagesWithoutAlt,
    vagueLinkTexts: f.vagueLinkTexts,
    structuredData: f.structuredData,
    hasSchema: f.hasSchema,
    statistics: f.statistics,
    citations: f.citations,
    aiAgentAccess: f.aiAgentAccess,
    error: f.error,
    redirectChain: f.redirectChain,
    redirectTarget: f.redirectTarget,
    redirectType: f.redirectType,
    ttfbMs: f.ttfbMs,
    htmlBytes: f.htmlBytes,
    metaRobots: f.metaRobots,
    xRobotsTag: f.xRobotsTag,
    h1: f.h1,
    h1Count: f.h1Count,
    h2Count: f.h2Count,
    internalOutlinks: f.internalOutlinks,
    externalOutlinks: f.externalOutlinks,
    titlePixelWidth: f.titlePixelWidth,
    responseTimeMs: f.responseTimeMs,
    sizeBytes: f.sizeBytes,
  };
}
