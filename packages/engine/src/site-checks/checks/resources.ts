// Resources the page loads that answered 4xx (but 401, 403, 429), 5xx or not at all (when checked).
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import { Verdict } from '../external-verdict.js';
import type { SiteCheck } from './context.js';

export const brokenResource: SiteCheck = ({ site, resources }, record) => {
  const table = site.columns.resourceUrls;
  if (resources === null || table === null || resources.reasons.size === 0) return null;
  const found: string[] = [];
  for (const id of site.resourcesOf(record)) {
    if (resources.verdicts[id] === Verdict.Broken) found.push(`${table.value(id)} (${resources.reasons.get(id) ?? 'broken'})`);
  }
  if (found.length === 0) return null;
  return issue('broken_resource', `The page loads ${plural(found.length, 'broken resource')}: ${shownList(found)}.`);
};
