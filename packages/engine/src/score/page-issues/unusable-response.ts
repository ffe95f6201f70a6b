// A response that leaves no document to judge: no response at all, a status other than 2xx, a type
// other than HTML, or an HTML body that is not available. The issue says why the page is not
// analysed, so it is the last one such a record gets.
import { isScorable } from '../../analyse/facts.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';
import { isRedirectLoop, redirectCount } from './redirects.js';

export const unusableResponse: PageCheck = (f) => {
  if (f.error) {
    // The loop issue (redirects.ts) stands in place of the fetch failure.
    if (isRedirectLoop(f)) return null;
    // Not a failure: the site asks crawlers to keep out, which is its right (a checkout, a cart).
    if (f.error.code === 'robots_disallowed') return issue('blocked_by_robots_txt', `Not fetched: ${f.error.message}.`);
    return issue('fetch_failed', `The fetch failed: ${f.error.message} (${f.error.code}).`);
  }
  // A redirect is recorded with its own 3xx, its target on its own record: the redirect notice
  // says where it goes.
  if (f.statusCode >= 300 && f.statusCode < 400 && redirectCount(f.redirectChain, f.finalUrl) >= 1) return null;
  if (f.statusCode < 200 || f.statusCode >= 300) return issue(statusCode(f.statusCode), `The page answers HTTP ${f.statusCode}.`);
  if (!f.isHtml) return issue('not_html', `The response is not HTML (${f.contentType ?? 'no content type'}).`);
  if (!isScorable(f)) return issue('fetch_failed', 'The HTML body is not available.');
  return null;
};

/** A missing page (4xx) and a failing server (5xx) are fixed apart; any other status keeps the general code. */
function statusCode(status: number): 'http_status_4xx' | 'http_status_5xx' | 'http_status' {
  if (status >= 400 && status < 500) return 'http_status_4xx';
  if (status >= 500 && status < 600) return 'http_status_5xx';
  return 'http_status';
}
