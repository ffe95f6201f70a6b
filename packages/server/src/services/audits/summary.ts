// The figures of an audit, tallied as its pages are stored: the run's summary and the metrics of
// its report snapshot. Two sets, as the spec's AuditSummary defines them: every stored record
// (`pagesAudited`, the pages list's total) and the 2xx HTML pages the score applies to
// (`pagesScored`), over which the average and the schema share are taken. Every other record
// scores 0, so average × pagesScored is the sum of the listed scores.
import { notScoredReason, type FetchError, type PageAnalysis, type SiteFindings } from '@seo-geo/engine';
import { fitToContract } from '../../domain/fit-to-contract.js';
import type { AuditSummary } from '../../storage/repositories/audit-runs.js';
import type { CrawlTallyCounts } from '../../storage/repositories/audit-frontier.js';
import type { ReportChange, ReportMetrics } from '../../storage/repositories/reports.js';

export class AuditTally {
  pagesAudited = 0;
  pagesWithSchema = 0;
  #scored = 0;
  #scoreSum = 0;
  readonly issueCounts = { error: 0, warning: 0, notice: 0 };
  /** Pages that got any HTTP response; zero means the seed itself could not be fetched. */
  pagesAnswered = 0;
  blockedAddress = false;
  /** The fetch error of the first page that got no response: why the seed failed when no page answered. */
  unanswered: FetchError | null = null;

  add(page: PageAnalysis): void {
    this.pagesAudited++;
    if (page.hasSchema) this.pagesWithSchema++;
    if (notScoredReason(page) === null) {
      this.#scored++;
      this.#scoreSum += page.geoScore;
    }
    this.countIssues(page.issues);
    if (page.statusCode > 0) this.pagesAnswered++;
    if (page.error?.code === 'blocked_address') this.blockedAddress = true;
    if (page.statusCode === 0 && page.error) this.unanswered ??= { code: page.error.code, message: page.error.message };
  }

  /** Issues counted by severity: a page's own, and those the site checks add later. */
  countIssues(issues: readonly { severity: 'error' | 'warning' | 'notice' }[]): void {
    for (const issue of issues) this.issueCounts[issue.severity]++;
  }

  /** The figures as a shared crawl adds them up in storage, one batch of pages at a time. */
  counts(): CrawlTallyCounts {
    return {
      pagesAudited: this.pagesAudited,
      pagesScored: this.#scored,
      scoreSum: this.#scoreSum,
      pagesWithSchema: this.pagesWithSchema,
      issues: { ...this.issueCounts },
      pagesAnswered: this.pagesAnswered,
      blockedAddress: this.blockedAddress,
      unanswered: this.unanswered,
    };
  }

  /** Adds figures tallied elsewhere (the pages every worker of a shared crawl stored). */
  absorb(counts: CrawlTallyCounts): void {
    this.pagesAudited += counts.pagesAudited;
    this.#scored += counts.pagesScored;
    this.#scoreSum += counts.scoreSum;
    this.pagesWithSchema += counts.pagesWithSchema;
    this.issueCounts.error += counts.issues.error;
    this.issueCounts.warning += counts.issues.warning;
    this.issueCounts.notice += counts.issues.notice;
    this.pagesAnswered += counts.pagesAnswered;
    this.blockedAddress ||= counts.blockedAddress;
    this.unanswered ??= counts.unanswered;
  }

  get avgGeoScore(): number | null {
    return this.#scored === 0 ? null : Math.round((this.#scoreSum / this.#scored) * 10) / 10;
  }

  /** The run's summary, what the site said in it held to the contract's bounds. */
  summary(site: SiteFindings | null): AuditSummary {
    return fitToContract<AuditSummary>('AuditSummary', {
      pagesAudited: this.pagesAudited,
      pagesScored: this.#scored,
      avgGeoScore: this.avgGeoScore,
      pagesWithSchema: this.pagesWithSchema,
      issueCounts: { ...this.issueCounts },
      site: {
        robotsTxt: {
          present: site?.robots.present ?? false,
          blockedAiAgents: site?.robots.blockedAgents ?? [],
          status: site?.robots.status ?? null,
          httpStatus: site?.robots.httpStatus ?? null,
          detail: site?.robots.detail ?? null,
        },
        sitemap: { present: site?.sitemaps.present ?? false, urlCount: site?.sitemaps.urlCount ?? 0 },
        llmsTxt: { present: site?.llmsTxt.present ?? false, wellFormed: site?.llmsTxt.wellFormed ?? false },
        nearDuplicates: site?.nearDuplicates ?? null,
        externalLinks: site?.externalLinks ?? null,
        resources: site?.resources ?? null,
      },
    }).value;
  }
}

export function reportMetrics(summary: AuditSummary): ReportMetrics {
  return {
    avgGeoScore: summary.avgGeoScore,
    pagesAudited: summary.pagesAudited,
    pagesScored: summary.pagesScored,
    schemaShare: summary.pagesScored === 0 ? null : Math.round((summary.pagesWithSchema / summary.pagesScored) * 1000) / 1000,
    issueCounts: summary.issueCounts,
  };
}

const difference = (now: number | null, before: number | null, digits: number) =>
  now === null || before === null ? null : Math.round((now - before) * 10 ** digits) / 10 ** digits;

/** This snapshot minus the previous one. */
export function reportChange(current: ReportMetrics, previous: { id: string; metrics: ReportMetrics }): ReportChange {
  return {
    previousSnapshotId: previous.id,
    avgGeoScore: difference(current.avgGeoScore, previous.metrics.avgGeoScore, 1),
    pagesAudited: current.pagesAudited - previous.metrics.pagesAudited,
    pagesScored: current.pagesScored - previous.metrics.pagesScored,
    schemaShare: difference(current.schemaShare, previous.metrics.schemaShare, 3),
    issueCounts: {
      error: current.issueCounts.error - previous.metrics.issueCounts.error,
      warning: current.issueCounts.warning - previous.metrics.issueCounts.warning,
      notice: current.issueCounts.notice - previous.metrics.issueCounts.notice,
    },
  };
}
