// The project's own URLs that monitor runs' answers cite, joined with an audit's pages. Each
// completed run writes its rows (URL × engine, with the answers citing it) in the transaction that
// completes it; a range of runs is then a sum over those rows, and the audited pages never cited
// are an anti-join against them, both in SQL, so that an audit of a million pages is never read
// into memory.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { toLimitOffset } from '../pagination.js';
import type { Database } from '../schema.js';
import type { PageIssue } from './audit-pages.js';

export interface RunCitation {
  url: string;
  engine: string;
  answers: number;
}

/** A cited URL over a range of runs. */
export interface CitedUrl {
  url: string;
  answers: number;
  engines: string[];
  /** The tick of the latest run citing it. */
  lastCitedAt: string;
}

/** What an audit found on a page, as the join shows it. */
export interface AuditedPage {
  pageId: string;
  url: string;
  finalUrl: string;
  statusCode: number;
  contentType: string | null;
  geoScore: number;
  issues: PageIssue[];
}

/** A project page as the join shows it: how its answers cite it, and what the audit found on it. */
export interface CitedPageRecord {
  url: string;
  citations: number;
  engines: string[];
  lastCitedAt: string | null;
  audit: (AuditedPage & { auditId: string }) | null;
}

/** The completed runs of a monitor whose tick is in a range (inclusive). */
export interface RunRange {
  monitorId: string;
  from: string;
  to: string;
}

/** What the GEO-score effect reads of an audited page. */
export interface EffectPage {
  cited: boolean;
  statusCode: number;
  contentType: string | null;
  geoScore: number;
  /** The rubric's checks as stored (id, status, earned). */
  checks: Array<{ id: string; status: string; earned: number }>;
}

export interface CitedPagesRepository {
  /** The audit's pages (every page, or beyond `sampleOver` pages every k-th in URL order), cited or not; k as used. */
  effectPages(auditRunId: string, range: RunRange, sampleOver: number, visit: (page: EffectPage) => void): Promise<{ sampledEvery: number }>;
  record(trx: Transaction<Database>, runId: string, monitorId: string, citations: readonly RunCitation[]): Promise<void>;
  /** Most-cited first, then by URL. */
  cited(range: RunRange, page: PageRequest): Promise<Page<CitedUrl>>;
  /** The audit's pages at these URLs, matched on the crawled URL or the final one. */
  auditedAt(auditRunId: string, urls: readonly string[]): Promise<AuditedPage[]>;
  /** The audit's pages that no run in the range cites (by crawled or final URL), by URL. */
  neverCited(auditRunId: string, range: RunRange, page: PageRequest): Promise<Page<AuditedPage>>;
}

const INSERT_BATCH = 200;
const EFFECT_BATCH = 2_000;

export function createCitedPagesRepository(db: Kysely<Database>): CitedPagesRepository {
  const citationsIn = (range: RunRange) =>
    db
      .selectFrom('geo_monitor_citations as c')
      .innerJoin('geo_monitor_runs as r', 'r.id', 'c.run_id')
      .where('c.monitor_id', '=', range.monitorId)
      .where('r.status', '=', 'completed')
      .where('r.scheduled_for', '>=', range.from)
      .where('r.scheduled_for', '<=', range.to);

  return {
    async record(trx, runId, monitorId, citations) {
      for (let i = 0; i < citations.length; i += INSERT_BATCH) {
        const rows = citations
          .slice(i, i + INSERT_BATCH)
          .map((c) => ({ run_id: runId, monitor_id: monitorId, url: c.url, engine: c.engine, answers: c.answers }));
        await trx.insertInto('geo_monitor_citations').values(rows).execute();
      }
    },

    async cited(range, page) {
      const { limit, offset } = toLimitOffset(page);
      const { total } = await citationsIn(range)
        .select(sql<number>`count(distinct c.url)`.as('total'))
        .executeTakeFirstOrThrow();
      const rows = await citationsIn(range)
        .select(['c.url', sql<number>`sum(c.answers)`.as('answers'), sql<string>`max(r.scheduled_for)`.as('last_cited_at')])
        .groupBy('c.url')
        .orderBy('answers', 'desc')
        .orderBy('c.url')
        .limit(limit)
        .offset(offset)
        .execute();
      if (rows.length === 0) return { items: [], total: Number(total) };
      const engines = await citationsIn(range)
        .select(['c.url', 'c.engine'])
        .where(
          'c.url',
          'in',
          rows.map((row) => row.url),
        )
        .groupBy(['c.url', 'c.engine'])
        .orderBy('c.engine')
        .execute();
      return {
        total: Number(total),
        items: rows.map((row) => ({
          url: row.url,
          answers: Number(row.answers),
          engines: engines.filter((e) => e.url === row.url).map((e) => e.engine),
          lastCitedAt: row.last_cited_at,
        })),
      };
    },

    async auditedAt(auditRunId, urls) {
      if (urls.length === 0) return [];
      const rows = await db
        .selectFrom('audit_pages')
        .select(['id', 'url', 'final_url', 'status_code', 'content_type', 'geo_score', 'issues'])
        .where('audit_run_id', '=', auditRunId)
        .where((eb) => eb.or([eb('url', 'in', [...urls]), eb('final_url', 'in', [...urls])]))
        .orderBy('url')
        .execute();
      return rows.map(toAuditedPage);
    },

    async effectPages(auditRunId, range, sampleOver, visit) {
      const { total } = await db
        .selectFrom('audit_pages')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('audit_run_id', '=', auditRunId)
        .executeTakeFirstOrThrow();
      const every = Math.max(1, Math.ceil(Number(total) / sampleOver));
      const cited = new Set((await citationsIn(range).select('c.url').distinct().execute()).map((row) => row.url));
      const citedList = [...cited];
      // Pages in URL order, a batch at a time: an audit of a million pages is never held at once.
      let after: { url: string; id: string } | null = null;
      for (;;) {
        let query = db
          .selectFrom('audit_pages')
          .select(['id', 'url', 'final_url', 'status_code', 'content_type', 'geo_score', 'checks'])
          .where('audit_run_id', '=', auditRunId);
        if (every > 1) {
          // A systematic sample of every k-th page in URL order, and every cited page.
          query = query.where((eb) =>
            eb.or([
              eb(sql<number>`coalesce(url_rank, 0) % ${every}`, '=', 0),
              ...(citedList.length > 0 ? [eb('url', 'in', citedList), eb('final_url', 'in', citedList)] : []),
            ]),
          );
        }
        if (after !== null) {
          const { url, id } = after;
          query = query.where((eb) => eb.or([eb('url', '>', url), eb.and([eb('url', '=', url), eb('id', '>', id)])]));
        }
        const rows = await query.orderBy('url').orderBy('id').limit(EFFECT_BATCH).execute();
        for (const row of rows) {
          visit({
            cited: cited.has(row.url) || cited.has(row.final_url),
            statusCode: Number(row.status_code),
            contentType: row.content_type,
            geoScore: Number(row.geo_score),
            checks: JSON.parse(row.checks) as EffectPage['checks'],
          });
        }
        if (rows.length < EFFECT_BATCH) return { sampledEvery: every };
        const last = rows[rows.length - 1]!;
        after = { url: last.url, id: last.id };
      }
    },

    async neverCited(auditRunId, range, page) {
      const { limit, offset } = toLimitOffset(page);
      const citedUrls = citationsIn(range).select('c.url');
      const pages = db
        .selectFrom('audit_pages')
        .where('audit_run_id', '=', auditRunId)
        .where('url', 'not in', citedUrls)
        .where('final_url', 'not in', citedUrls);
      const { total } = await pages.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
      const rows = await pages
        .select(['id', 'url', 'final_url', 'status_code', 'content_type', 'geo_score', 'issues'])
        .orderBy('url')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      return { total: Number(total), items: rows.map(toAuditedPage) };
    },
  };
}

function toAuditedPage(row: {
  id: string;
  url: string;
  final_url: string;
  status_code: number;
  content_type: string | null;
  geo_score: number;
  issues: string;
}): AuditedPage {
  return {
    pageId: row.id,
    url: row.url,
    finalUrl: row.final_url,
    statusCode: Number(row.status_code),
    contentType: row.content_type,
    geoScore: Number(row.geo_score),
    issues: JSON.parse(row.issues) as PageIssue[],
  };
}
