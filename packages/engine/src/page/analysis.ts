// What analysing one page yields (analyse-page.ts), as the audit streams it and the site checks and
// the server read it.
import type { PageFacts, ReportedFact } from '../analyse/facts.js';
import type { IndexabilityStatus } from '../score/indexability.js';
import type { CheckResult, LinkInfo, PageIssue, RenderingComparison } from '../types.js';

/**
 * A page as the audit streams it: the facts it reports as measured (REPORTED_FACTS, next to
 * PageFacts), and what scoring and the crawl add.
 */
export interface PageAnalysis extends Pick<PageFacts, ReportedFact> {
  /** The first canonical URL that resolves; null when none does. */
  canonical: string | null;
  links: LinkInfo[];
  /** Errors met while reading structured data, e.g. invalid JSON-LD. */
  structuredDataErrors: string[];
  /** Sorted, de-duplicated short schema.org type names. */
  schemaTypes: string[];
  /** Attributed quotations: the number E1 counts. */
  quotations: number;
  readability: { fleschReadingEase: number | null; meanSentenceLength: number | null };
  rubricId: string;
  geoScore: number;
  checks: CheckResult[];
  issues: PageIssue[];
  fetchedAt: string;
  /** Whether search engines may index the record; `indexabilityStatus` says why not (score/indexability.ts). */
  indexable: boolean;
  indexabilityStatus: IndexabilityStatus | null;

  // Facts the site-wide checks (site-checks/) read after the crawl; kept small on purpose.
  /** hreflang alternates with a usable absolute URL, as declared (head and Link header). */
  hreflangs: Array<{ hreflang: string; href: string }>;
  /**
   * MinHash signature of the main content's three-word sequences (64 values, see
   * analyse/text/minhash.ts), for near-duplicate detection; null when the page is not scored or its
   * main content has fewer than 50 words.
   */
  contentSignature: Uint32Array | null;
  /** A hash of the main content's words, for exact duplicates; null when the signature is. */
  contentHash: string | null;
  /**
   * The http(s) URLs the page loads as it renders (images, scripts, stylesheets, frames, media),
   * distinct, in document order, `data:` URIs left out; [] on pages that are not scored. The
   * audit's resource check requests them (AuditOptions.checkResources).
   */
  resources: string[];
  /** Raw versus rendered HTML, when the audit renders JavaScript; null otherwise. */
  rendering: RenderingComparison | null;
}
