// Anchors search engines cannot follow (Lighthouse's crawlable-anchors): the pages behind them are
// not found through them.
import { plural } from '../evidence.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

/** The kinds of anchor shown at most; a page often repeats one kind many times. */
const KINDS_SHOWN = 5;

export const uncrawlableLinks: PageCheck = (f) => {
  if (f.uncrawlableAnchors.length === 0) return null;
  return issue('uncrawlable_links', `${plural(f.uncrawlableAnchors.length, 'link')} that search engines cannot follow: ${tally(f.uncrawlableAnchors)}.`);
};

/** Distinct items in order of appearance, with their count when repeated. */
function tally(items: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  const shown = [...counts].slice(0, KINDS_SHOWN).map(([item, n]) => (n > 1 ? `${item} ×${n}` : item));
  return shown.join(', ') + (counts.size > KINDS_SHOWN ? `, and ${counts.size - KINDS_SHOWN} more kinds` : '');
}
