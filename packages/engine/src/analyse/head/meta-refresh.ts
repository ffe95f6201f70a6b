// A `<meta http-equiv="refresh" content="0; url=…">` that sends the reader to another URL: a
// redirect search engines follow (Google treats an instant one as a permanent redirect), so the
// record says where it leads. The content is read as the HTML standard's "shared declarative
// refresh steps" read it: a delay, then an optional `url=`, the URL possibly quoted.
import { isUrlTooLong } from '../../net/url-length.js';
import type { PageFacts } from '../facts.js';

/** The redirect facts of a refresh naming another URL; none for a plain reload or no refresh at all. */
export function metaRefreshRedirect(content: string | null, base: string, pageUrl: string): Partial<Pick<PageFacts, 'redirectTarget' | 'redirectType'>> {
  const target = content === null ? null : refreshTarget(content, base);
  // A target longer than an audit records is not a record's to name, as an HTTP redirect's is not.
  if (target === null || target === pageUrl || isUrlTooLong(target)) return {};
  return { redirectTarget: target, redirectType: 'meta_refresh' };
}

/** The absolute http(s) URL a refresh's content names, or null (a reload of the page itself). */
export function refreshTarget(content: string, base: string): string | null {
  const match = /^\s*\d*(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/is.exec(content);
  let raw = match?.[1]?.trim() ?? '';
  const quote = raw[0];
  if (quote === '"' || quote === "'") {
    const end = raw.indexOf(quote, 1);
    raw = raw.slice(1, end === -1 ? undefined : end);
  }
  if (raw === '') return null;
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
