// What the site checks read of one recorded page, and nothing more: the compact record a crawl
// shared by several workers stores beside each page, so that the one worker that runs the checks
// can index pages it never fetched, and that a paused crawl saves of every page it recorded
// (read back out of its index: SiteIndex.records). A PageAnalysis is a SiteRecord as it is.
import type { LinkInfo } from '../types.js';
import type { PageAnalysis } from '../page/analysis.js';

export interface SiteLink {
  href: string;
  internal: boolean;
  /** Only `nofollow` matters to the checks. */
  rel: readonly string[];
}

export interface SiteRecord {
  url: string;
  finalUrl: string;
  statusCode: number;
  isHtml: boolean;
  error: { code: string } | null;
  canonical: string | null;
  /** Where the URL's own response redirects; absent on records stored before it was kept. */
  redirectTarget?: string | null;
  title: string | null;
  metaDescription: string | null;
  contentSignature: ArrayLike<number> | null;
  /** Absent from records stored before it existed (a shared crawl under way across an upgrade). */
  contentHash?: string | null;
  links: readonly SiteLink[];
  /** What the page loads (PageAnalysis.resources); absent when the audit does not check resources, and on older records. */
  resources?: readonly string[];
  hreflangs: readonly { href: string }[];
  robotsDirectives: readonly string[];
  /** Only the codes the checks look at are kept by siteRecordOf. */
  issues: readonly { code: string }[];
  /**
   * A record read back out of an index, which keeps only the fingerprints of a page's title,
   * description and content hash: those six numbers (each a high and a low half, as the index
   * holds them), which stand for the three texts (then null).
   */
  prints?: readonly number[];
}

/** The issue codes a SiteRecord keeps (site-index.ts reads them). */
const KEPT_ISSUES = new Set(['robots_txt_blocks_page']);
const NOFOLLOW = ['nofollow'] as const;

/**
 * The record of a page as JSON can carry it: links without their text (the links the rendered
 * page alone has come after the page's own, as the index reads them), the signature as numbers.
 * `resources`: keep what the page loads, for an audit that checks resources (otherwise left out,
 * so that every stored record does not carry them).
 */
export function siteRecordOf(page: PageAnalysis, extraLinks: readonly LinkInfo[] = [], options: { resources?: boolean } = {}): SiteRecord {
  const link = (l: LinkInfo): SiteLink => ({ href: l.href, internal: l.internal, rel: l.rel.includes('nofollow') ? NOFOLLOW : [] });
  return {
    url: page.url,
    finalUrl: page.finalUrl,
    statusCode: page.statusCode,
    isHtml: page.isHtml,
    error: page.error === null ? null : { code: page.error.code },
    canonical: page.canonical,
    redirectTarget: page.redirectTarget,
    title: page.title,
    metaDescription: page.metaDescription,
    contentSignature: page.contentSignature === null ? null : Array.from(page.contentSignature),
    contentHash: page.contentHash,
    links: [...page.links.map(link), ...extraLinks.map(link)],
    ...(options.resources ? { resources: page.resources } : {}),
    hreflangs: page.hreflangs.map((h) => ({ href: h.href })),
    robotsDirectives: page.robotsDirectives,
    issues: page.issues.filter((i) => KEPT_ISSUES.has(i.code)).map((i) => ({ code: i.code })),
  };
}
