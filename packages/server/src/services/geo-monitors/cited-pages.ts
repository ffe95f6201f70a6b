// Pages cited by answer engines, with their audit: the project's own URLs that a monitor's answers
// cite over a range of runs, each joined with the project's latest completed audit, or the audited
// pages that no answer cites. The question a monitor is for: which pages to fix so that answer
// engines cite them.
import type { Page, PageRequest } from '../../domain/page.js';
import type { Principal } from '../../domain/principal.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { AuditedPage, CitedPageRecord, CitedPagesRepository, CitedUrl } from '../../storage/repositories/cited-pages.js';
import type { Clock } from '../../support/clock.js';
import { runRange, type GeoMonitorService } from './service.js';

export interface CitedPagesQuery {
  cited?: boolean;
  from?: string;
  to?: string;
}

export interface CitedPagesResult {
  auditId: string | null;
  from: string;
  to: string;
  page: Page<CitedPageRecord>;
}

export interface CitedPagesService {
  list(principal: Principal, projectId: string, monitorId: string, query: CitedPagesQuery, page: PageRequest): Promise<CitedPagesResult>;
}

export function createCitedPagesService(deps: {
  geoMonitors: Pick<GeoMonitorService, 'get'>;
  auditRuns: Pick<AuditRunsRepository, 'latestCompleted'>;
  citedPages: CitedPagesRepository;
  clock: Clock;
}): CitedPagesService {
  return {
    async list(principal, projectId, monitorId, query, request) {
      const monitor = await deps.geoMonitors.get(principal, projectId, monitorId);
      const bounds = runRange(query, deps.clock.now());
      const range = { monitorId: monitor.id, ...bounds };
      const audit = await deps.auditRuns.latestCompleted(monitor.projectId);
      const auditId = audit?.id ?? null;

      if (query.cited === false) {
        if (auditId === null) return { auditId, ...bounds, page: { items: [], total: 0 } };
        const page = await deps.citedPages.neverCited(auditId, range, request);
        return { auditId, ...bounds, page: { total: page.total, items: page.items.map((p) => neverCitedPage(p, auditId)) } };
      }

      const page = await deps.citedPages.cited(range, request);
      const audited =
        auditId === null
          ? []
          : await deps.citedPages.auditedAt(
              auditId,
              page.items.map((item) => item.url),
            );
      return { auditId, ...bounds, page: { total: page.total, items: page.items.map((item) => citedPage(item, auditId, audited)) } };
    },
  };
}

function citedPage(cited: CitedUrl, auditId: string | null, audited: readonly AuditedPage[]): CitedPageRecord {
  // The page crawled at the cited URL first; else one that redirected there.
  const match = audited.find((page) => page.url === cited.url) ?? audited.find((page) => page.finalUrl === cited.url);
  return {
    url: cited.url,
    citations: cited.answers,
    engines: cited.engines,
    lastCitedAt: cited.lastCitedAt,
    audit: match === undefined || auditId === null ? null : { ...match, auditId },
  };
}

function neverCitedPage(page: AuditedPage, auditId: string): CitedPageRecord {
  return { url: page.url, citations: 0, engines: [], lastCitedAt: null, audit: { ...page, auditId } };
}
