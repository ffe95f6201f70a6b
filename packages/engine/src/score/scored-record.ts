// Which records of an audit the GEO score applies to: 2xx HTML pages. Every other record (an error
// status, a redirect not followed, another kind of file, no response at all) is kept apart from
// content analysis, as the spec's AuditPage.scored says, and carries the reason instead of a score.
import { isHtmlType } from '../net/html-type.js';

export type NotScoredReason = 'no_response' | 'http_status' | 'not_html';

/** A record as stored (its Content-Type) or as analysed (whether that type is HTML). */
export type ScoredRecord = { statusCode: number; contentType: string | null } | { statusCode: number; isHtml: boolean };

/** Null when the score applies to a record with this final status and content type. */
export function notScoredReason(record: ScoredRecord): NotScoredReason | null {
  if (record.statusCode === 0) return 'no_response';
  if (record.statusCode < 200 || record.statusCode >= 300) return 'http_status';
  const isHtml = 'isHtml' in record ? record.isHtml : isHtmlType(record.contentType);
  return isHtml ? null : 'not_html';
}
