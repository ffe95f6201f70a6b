// Whether search engines may index a record, and if not the first reason why, in the manner of
// crawlers' "indexability" column: a URL answers with its own content (2xx), is open to search
// crawlers, asks to be indexed and names no other URL as its canonical. The reasons are checked
// in the order they take effect: a URL that is never fetched, or that does not answer with a page,
// has no directives to read.
import { parseAbsoluteUrl } from '../analyse/links/url.js';
import type { PageFacts } from '../analyse/facts.js';
import { judgeCanonical } from './canonical-verdict.js';
import { judgeIndexing } from './indexing-verdict.js';

export type IndexabilityStatus = 'blocked_by_robots' | 'no_response' | 'redirect' | 'client_error' | 'server_error' | 'non_200' | 'noindex' | 'canonicalised';

export interface Indexability {
  indexable: boolean;
  /** Why the record is not indexable; null when it is. */
  indexabilityStatus: IndexabilityStatus | null;
}

type IndexabilityFacts = Pick<
  PageFacts,
  'error' | 'statusCode' | 'redirectTarget' | 'robotsTxtBlocksSearch' | 'robotsDirectives' | 'canonicals' | 'finalUrl' | 'siteDomain' | 'hreflangs'
>;

export function judgeIndexability(f: IndexabilityFacts): Indexability {
  const status = reason(f);
  return { indexable: status === null, indexabilityStatus: status };
}

function reason(f: IndexabilityFacts): IndexabilityStatus | null {
  if (f.error?.code === 'robots_disallowed') return 'blocked_by_robots';
  const code = f.statusCode;
  if (code === 0) return 'no_response';
  if (f.redirectTarget !== null || (code >= 300 && code < 400)) return 'redirect';
  if (code >= 400 && code < 500) return 'client_error';
  if (code >= 500) return 'server_error';
  if (code < 200 || code >= 300) return 'non_200';
  if (f.robotsTxtBlocksSearch) return 'blocked_by_robots';
  if (judgeIndexing(f).allCrawlers.length > 0) return 'noindex';
  return canonicalisedElsewhere(f) ? 'canonicalised' : null;
}

/** The canonical names another URL (a relative one as resolved); one unusable or in conflict is ignored, as search engines do. */
function canonicalisedElsewhere(f: IndexabilityFacts): boolean {
  const verdict = judgeCanonical(f);
  switch (verdict.kind) {
    case 'elsewhere':
    case 'root':
    case 'other_language':
      return true;
    case 'relative':
      return verdict.target !== (parseAbsoluteUrl(f.finalUrl)?.href ?? f.finalUrl);
    default:
      return false;
  }
}
