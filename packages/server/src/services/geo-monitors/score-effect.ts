// Does the GEO score go with being cited, on this site? The scored pages of the project's latest
// completed audit that a monitor's answers cite, against the scored pages never cited, on the GEO
// score and on the points of each evidence check (E1–E4): the effect as an AUC and a rank-biserial
// correlation with Hanley–McNeil intervals (domain/statistics/rank-effect.ts), and a verdict that
// says plainly when there is too little data or no effect. Pages are counted by value as they are
// read, so a large audit costs one pass and a hundred and one counts a measure.
import { notScoredReason } from '@seo-geo/engine';
import type { GeoScoreEffect } from '@seo-geo/types';
import type { Principal } from '../../domain/principal.js';
import { rankEffect } from '../../domain/statistics/rank-effect.js';
import type { AuditRunsRepository } from '../../storage/repositories/audit-runs.js';
import type { CitedPagesRepository } from '../../storage/repositories/cited-pages.js';
import type { Clock } from '../../support/clock.js';
import { runRange, type GeoMonitorService } from './service.js';

type Measure = GeoScoreEffect['measures'][number];
type MeasureName = Measure['measure'];

const LEVEL = 0.95;
/** Fewer pages than this in either group is too little data. */
export const MIN_PAGES = 10;
/** Audits larger than this are compared on a systematic sample of their never-cited pages. */
export const SAMPLE_OVER = 20_000;
const EVIDENCE_CHECKS = ['E1', 'E2', 'E3', 'E4'] as const;

export interface ScoreEffectService {
  get(principal: Principal, projectId: string, monitorId: string, range: { from?: string; to?: string }): Promise<GeoScoreEffect>;
}

export function createScoreEffectService(deps: {
  geoMonitors: Pick<GeoMonitorService, 'get'>;
  auditRuns: Pick<AuditRunsRepository, 'latestCompleted'>;
  citedPages: Pick<CitedPagesRepository, 'effectPages'>;
  clock: Clock;
}): ScoreEffectService {
  return {
    async get(principal, projectId, monitorId, range) {
      const monitor = await deps.geoMonitors.get(principal, projectId, monitorId);
      const bounds = runRange(range, deps.clock.now());
      const audit = await deps.auditRuns.latestCompleted(monitor.projectId);
      const base = { monitorId: monitor.id, ...bounds, level: LEVEL };
      if (audit === null) {
        return {
          ...base,
          auditId: null,
          citedPages: 0,
          neverCitedPages: 0,
          neverCitedSampledEvery: 1,
          verdict: 'no_audit',
          summary: 'The project has no completed audit to compare the cited pages with.',
          measures: [],
        };
      }
      const counts = new Map<MeasureName, { cited: Map<number, number>; never: Map<number, number> }>(
        (['geoScore', ...EVIDENCE_CHECKS] as const).map((m) => [m, { cited: new Map(), never: new Map() }]),
      );
      const add = (measure: MeasureName, cited: boolean, value: number) => {
        const groups = counts.get(measure)!;
        const group = cited ? groups.cited : groups.never;
        group.set(value, (group.get(value) ?? 0) + 1);
      };
      const { sampledEvery } = await deps.citedPages.effectPages(audit.id, { monitorId: monitor.id, ...bounds }, SAMPLE_OVER, (page) => {
        if (notScoredReason(page) !== null) return;
        add('geoScore', page.cited, page.geoScore);
        for (const id of EVIDENCE_CHECKS) {
          const check = page.checks.find((c) => c.id === id);
          // A check that does not apply to the page leaves it out of that comparison.
          if (check !== undefined && check.status !== 'na') add(id, page.cited, check.earned);
        }
      });
      const measures = [...counts].map(([measure, groups]) => measureOf(measure, groups.cited, groups.never));
      const score = measures[0]!;
      return {
        ...base,
        auditId: audit.id,
        citedPages: score.cited.pages,
        neverCitedPages: score.neverCited.pages,
        neverCitedSampledEvery: sampledEvery,
        verdict: score.verdict === 'cited_higher' || score.verdict === 'cited_lower' ? 'effect' : score.verdict,
        summary: summaryOf(score),
        measures,
      };
    },
  };
}

function measureOf(measure: MeasureName, cited: Map<number, number>, never: Map<number, number>): Measure {
  const effect = rankEffect(cited, never, LEVEL);
  const r = (v: number | null) => (v === null ? null : round(v));
  let verdict: Measure['verdict'];
  if (effect.counts.first < MIN_PAGES || effect.counts.second < MIN_PAGES || effect.auc === null) verdict = 'too_little_data';
  else if (effect.aucLow! <= 0.5 && 0.5 <= effect.aucHigh!) verdict = 'no_effect';
  else verdict = effect.auc > 0.5 ? 'cited_higher' : 'cited_lower';
  return {
    measure,
    cited: groupOf(cited),
    neverCited: groupOf(never),
    auc: r(effect.auc),
    aucLow: r(effect.aucLow),
    aucHigh: r(effect.aucHigh),
    rankBiserial: r(effect.rankBiserial),
    rankBiserialLow: effect.aucLow === null ? null : round(2 * effect.aucLow - 1),
    rankBiserialHigh: effect.aucHigh === null ? null : round(2 * effect.aucHigh - 1),
    verdict,
  };
}

/** Pages, mean and median of a group given as counts by value. */
function groupOf(counts: Map<number, number>): Measure['cited'] {
  const values = [...counts].sort((a, b) => a[0] - b[0]);
  const pages = values.reduce((sum, [, n]) => sum + n, 0);
  if (pages === 0) return { pages, mean: null, median: null };
  const mean = values.reduce((sum, [v, n]) => sum + v * n, 0) / pages;
  const at = (rank: number) => {
    let seen = 0;
    for (const [v, n] of values) {
      seen += n;
      if (seen > rank) return v;
    }
    return values[values.length - 1]![0];
  };
  const median = pages % 2 === 1 ? at((pages - 1) / 2) : (at(pages / 2 - 1) + at(pages / 2)) / 2;
  return { pages, mean: round(mean), median };
}

function summaryOf(score: Measure): string {
  const pages = `${score.cited.pages} cited and ${score.neverCited.pages} never-cited page${score.neverCited.pages === 1 ? '' : 's'}`;
  const pct = (v: number | null) => `${Math.round((v ?? 0) * 100)}%`;
  const odds = `a cited page has a higher GEO score than a never-cited one ${pct(score.auc)} of the time (95% interval ${pct(score.aucLow)} to ${pct(score.aucHigh)})`;
  switch (score.verdict) {
    case 'too_little_data':
      return `Too little data: ${pages}; at least ${MIN_PAGES} of each are needed to tell whether the GEO score goes with being cited.`;
    case 'no_effect':
      return `No effect found: ${odds}, over ${pages}; on this site the GEO score does not (yet) tell cited pages apart.`;
    case 'cited_higher':
      return `Cited pages score higher: ${odds}, over ${pages}.`;
    case 'cited_lower':
      return `Cited pages score lower: ${odds}, over ${pages}.`;
  }
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
