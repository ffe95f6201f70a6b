// The distinct broken resources of a site, each with the pages that load it: what to repair, where
// broken_resource on every page of a template says the same missing logo a thousand times. One pass
// over the records' resource rows; only broken ids are counted, so what it holds is bounded by
// the resource check's cap, whatever the size of the site.
import { statusOfReason, Verdict } from './external-verdict.js';
import type { ResourceReport } from './resources.js';
import type { SiteSnapshot } from './snapshot.js';
import { PAGES_PER_SLICE, type Sliced } from './slices.js';

export interface BrokenResource {
  url: string;
  /** The HTTP status it answered; 0 when it did not answer (`reason` says why). */
  statusCode: number;
  /** As the message gives it: `404`, `failed: timeout`. */
  reason: string;
  /** Records that load it. */
  pages: number;
}

/** Most used first, then by URL; [] when nothing is broken. */
export function* brokenResources(site: SiteSnapshot, report: ResourceReport): Sliced<BrokenResource[]> {
  const table = site.columns.resourceUrls;
  if (table === null || report.reasons.size === 0) return [];
  const pages = new Map<number, number>();
  for (let r = 0; r < site.count; r++) {
    if (r % PAGES_PER_SLICE === 0) yield;
    for (const id of site.resourcesOf(r)) if (report.verdicts[id] === Verdict.Broken) pages.set(id, (pages.get(id) ?? 0) + 1);
  }
  const found = [...pages].map(([id, count]) => {
    const reason = report.reasons.get(id) ?? 'broken';
    return { url: table.value(id), statusCode: statusOfReason(reason), reason, pages: count };
  });
  return found.sort((a, b) => b.pages - a.pages || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}
