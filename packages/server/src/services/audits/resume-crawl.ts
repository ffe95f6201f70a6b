// A resumed audit on one worker continues the crawl its pause saved (pause-crawl.ts): the site
// records of the pages it stored (indexed for the site checks, their URLs not fetched again), the
// URLs it had still to fetch, its counts against the page budget, and the tally its summary
// adds to. A shared crawl needs none of this: its frontier and counters are where its workers
// left them.
import type { AuditResume, SiteRecord } from '@seo-geo/engine';
import type { AuditFrontierRepository, CrawlTallyCounts } from '../../storage/repositories/audit-frontier.js';

export interface SavedCrawlResume {
  resume: AuditResume;
  /** The tally of the pages stored before the pause. */
  before: CrawlTallyCounts;
}

/** Where the run's crawl continues from; null when it saved none (it was paused before it started). */
export async function savedCrawlResume(frontier: AuditFrontierRepository, runId: string): Promise<SavedCrawlResume | null> {
  const saved = await frontier.saved(runId);
  if (!saved) return null;
  const { counts } = saved;
  return {
    resume: {
      records: siteRecords(frontier.records(runId)),
      unfinished: frontier.savedQueue(runId),
      htmlPages: counts.htmlPages,
      otherRecords: counts.otherRecords,
    },
    before: counts.tally,
  };
}

/** The stored records, parsed; a page stored without one (none is) would be fetched again. */
async function* siteRecords(batches: AsyncIterable<string[]>): AsyncGenerator<SiteRecord[], void, undefined> {
  for await (const batch of batches) yield batch.map((json) => JSON.parse(json) as SiteRecord | null).filter((record) => record !== null);
}
