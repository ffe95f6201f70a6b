// Which records of an audit the GEO score applies to: 2xx HTML pages. Every other record (an error
// status, a redirect not followed, another kind of file, no response at all) is kept apart from
// content analysis, as the spec's AuditPage.scored says, and carries the reason instead of a score.
import { isHtmlType } from '../net/html-type.js';

export type NotScoredReason = 'no_response' | 'http_status' | 'not_html';

/** Null when the score applies to a record with this final status and content type. */
export function notScoredReason(statusCode: number, contentType: string | null): NotScoredReason | null {
  if (statusCode === 0) return 'no_response';
  if (statusCode < 200 || statusCode >= 300) return 'http_status';
  if (!isHtmlType(contentType)) return 'not_html';
  return null;
}
