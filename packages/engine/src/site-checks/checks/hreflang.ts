// hreflang return tags: an alternate must list the page back, or search engines ignore the pair.
// Only alternates that are crawled, scored pages are judged (others are on another site or were
// not reached).
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import { Flag } from '../record-flags.js';
import type { SiteCheck } from './context.js';

export const hreflangMissingReturn: SiteCheck = ({ s }, r) => {
  const url = s.c.url[r]!;
  const final = s.c.final[r]!;
  const missing: string[] = [];
  const judged = new Set<number>();
  for (const b of s.hreflangsOf(r)) {
    if (b === url || b === final) continue;
    const target = s.hit(b);
    if (target === -1 || target === r || !s.has(target, Flag.Scored) || judged.has(target)) continue;
    judged.add(target);
    const back = s.hreflangsOf(target);
    if (!back.includes(url) && !back.includes(final)) missing.push(s.c.urls.value(b));
  }
  if (missing.length === 0) return null;
  return issue(
    'hreflang_missing_return',
    `${plural(missing.length, 'hreflang alternate does', 'hreflang alternates do')} not list this page back: ${shownList(missing)}.`,
  );
};
