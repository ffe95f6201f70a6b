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
import { REPORTED_FACTS, type PageFacts, type ReportedFact } from '../analyse/facts.js';
import type { FetchedPage, SiteContext } from '../types.js';
import type { PageAnalysis } from './analysis.js';

export function analysePage(page: FetchedPage, site: SiteContext): PageAnalysis {
  const m = measurePage(page, site);
  const { rubricId, geoScore, checks } = scorePage(m.facts);
  const f = m.facts;
  return {
    ...reportedFacts(f),
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
    ...judgeIndexability(f),
    hreflangs: f.hreflangs.flatMap((h) => (h.resolved === null ? [] : [{ hreflang: h.hreflang, href: h.resolved }])),
    contentSignature: m.contentSignature,
    contentHash: m.contentHash,
    resources: m.resources,
    rendering: null,
  };
}

function reportedFacts(f: PageFacts): Pick<PageFacts, ReportedFact> {
  const reported = {} as Record<ReportedFact, unknown>;
  for (const fact of REPORTED_FACTS) reported[fact] = f[fact];
  return reported as Pick<PageFacts, ReportedFact>;
}
