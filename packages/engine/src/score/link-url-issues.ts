// Links to URLs longer than an audit records (crawl/url-length.ts): the crawl neither queues them
// nor checks them as external links, so the page that has them says so, once for all of them.
import { isUrlTooLong, MAX_URL_LENGTH } from '../net/url-length.js';
import type { LinkInfo, PageIssue } from '../types.js';
import { plural } from './evidence.js';
import { issue } from './issue-codes.js';

/** How much of the first such URL the message shows. */
const SHOWN_CHARACTERS = 100;

export function linkUrlIssues(links: readonly LinkInfo[]): PageIssue[] {
  let count = 0;
  let first: string | null = null;
  for (const link of links) {
    if (!isUrlTooLong(link.href)) continue;
    count++;
    first ??= link.href;
  }
  if (first === null) return [];
  return [
    issue(
      'link_url_too_long',
      `${plural(count, 'link')} to URLs longer than ${MAX_URL_LENGTH.toLocaleString('en')} characters, which the audit neither follows nor checks: ` +
        `${first.slice(0, SHOWN_CHARACTERS)}… (${first.length.toLocaleString('en')} characters).`,
    ),
  ];
}
