// hreflang return tags: an alternate must list the page back, or search engines ignore the pair.
// Only alternates that are crawled, scored pages are judged (others are on another site or were
// not reached).
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';

export const hreflangMissingReturn: SiteCheck = ({ site }, record) => {
  const url = site.columns.url.get(record);
  const final = site.columns.final.get(record);
  const missing: string[] = [];
  const judged = new Set<number>();
  for (const b of site.hreflangsOf(record)) {
    if (b === url || b === final) continue;
    const target = site.hit(b);
    if (target === -1 || target === record || !site.has(target, Flag.Scored) || judged.has(target)) continue;
    judged.add(target);
    const back = site.hreflangsOf(target);
    if (!back.includes(url) && !back.includes(final)) missing.push(site.columns.urls.value(b));
  }
  if (missing.length === 0) return null;
  return issue(
    'hreflang_missing_return',
    `${plural(missing.length, 'hreflang alternate does', 'hreflang alternates do')} not list this page back: ${shownList(missing)}.`,
  );
};
