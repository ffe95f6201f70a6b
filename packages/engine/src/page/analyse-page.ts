// A page analysed: measured (analyse/), then judged (score/): its GEO score, its checks and its
// issues, in the PageAnalysis the audit streams. This is the one place that knows both layers, so
// that measuring never depends on scoring. Pages that are not 2xx HTML with a body get an analysis
// too (score 0, every check failed with the reason, issues saying why).

import { measurePage } from '../analyse/measure-page.js';
import { collectSchemaTypes } from '../analyse/structured-data/schema-org.js';
import { pageIssues } from '../score/issues.js';
import { scorePage } from '../score/score.js';
import { structuredDataIssues } from '../score/structured-data-issues.js';
import type { FetchedPage, PageAnalysis, SiteContext } from '../types.js';

export function analysePage(page: FetchedPage, site: SiteContext): PageAnalysis {
  const m = measurePage(page, site);
  const { rubricId, geoScore, checks } = scorePage(m.facts);
  const f = m.facts;
  return {
    url: f.url,
    finalUrl: f.finalUrl,
    statusCode: f.statusCode,
    contentType: f.contentType,
    isHtml: f.isHtml,
    title: f.title,
    metaDescription: f.metaDescription,
    lang: f.lang,
    canonical: f.canonicals.find((c) => c.resolved !== null)?.resolved ?? null,
    robotsDirectives: f.robotsDirectives,
    headings: f.headings,
    wordCount: f.wordCount,
    links: m.links,
    imagesWithoutAlt: f.imagesWithoutAlt,
    vagueLinkTexts: f.vagueLinkTexts,
    structuredData: f.structuredData,
    structuredDataErrors: m.structuredDataErrors,
    hasSchema: f.hasSchema,
    schemaTypes: collectSchemaTypes(f.structuredData),
    // Attributed quotations: the number E1 counts (unattributed ones are in the check's evidence).
    quotations: f.quotations.attributed,
    statistics: f.statistics,
    citations: f.citations,
    readability: { fleschReadingEase: f.readability.fleschReadingEase, meanSentenceLength: f.readability.meanSentenceLength },
    aiAgentAccess: f.aiAgentAccess,
    rubricId,
    geoScore,
    checks,
    issues: [...pageIssues(f), ...structuredDataIssues(f.structuredData, m.structuredDataErrors)],
    fetchedAt: page.fetchedAt,
    error: f.error,
    redirectChain: f.redirectChain,
    hreflangs: f.hreflangs.flatMap((h) => (h.resolved === null ? [] : [{ hreflang: h.hreflang, href: h.resolved }])),
    contentSignature: m.contentSignature,
    ttfbMs: page.ttfbMs,
    htmlBytes: page.bodyBytes,
    rendering: null,
  };
}
