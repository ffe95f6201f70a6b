// How stored GEO monitors, their runs, answers and trend look in the API (GeoMonitor,
// GeoMonitorRun, GeoMonitorAnswer, GeoMonitorTrend), in one place; typed from the contract.
import { notScoredReason } from '@seo-geo/engine';
import type { CitedPage, GeoMonitor, GeoMonitorAnswer, GeoMonitorRun, GeoMonitorSchedule, GeoMonitorTrend, GeoSurface } from '@seo-geo/types';
import type { GeoMonitorRecord } from '../storage/repositories/geo-monitors.js';
import type { GeoMonitorRunRecord, RunGroupFigures, StoredAnswer } from '../storage/repositories/geo-monitor-runs.js';
import type { StoredAlert } from '../storage/repositories/geo-monitor-alerts.js';
import type { CitedPageRecord } from '../storage/repositories/cited-pages.js';
import type { StoredSchedule } from '../storage/repositories/geo-monitors.js';
import { callsPerRun } from '../domain/geo-monitor-calls.js';
import { storedSampleView } from './geo-sample.js';

export function scheduleView(schedule: StoredSchedule): GeoMonitorSchedule {
  return 'intervalMinutes' in schedule ? { intervalMinutes: schedule.intervalMinutes } : { cron: schedule.cron, timezone: schedule.timezone };
}

/** A monitor with what it costs, its engines' surfaces and its last alert (the service's GeoMonitorDetail). */
export interface GeoMonitorViewed extends GeoMonitorRecord {
  runsPerMonth: number;
  callsThisMonth: number;
  engineSurfaces: Array<{ engine: string; surface: GeoSurface | null }>;
  lastAlert: StoredAlert | null;
}

export function geoMonitorView(monitor: GeoMonitorViewed): GeoMonitor {
  const calls = callsPerRun(monitor);
  return {
    id: monitor.id,
    projectId: monitor.projectId,
    name: monitor.name,
    prompts: monitor.prompts,
    locales: monitor.locales,
    engines: monitor.engines,
    samplesPerPrompt: monitor.samplesPerPrompt,
    schedule: scheduleView(monitor.schedule),
    paused: monitor.paused,
    alerts: monitor.alerts,
    lastAlert: monitor.lastAlert,
    engineSurfaces: monitor.engineSurfaces,
    callsPerRun: calls,
    runsPerMonth: monitor.runsPerMonth,
    callsPerMonth: monitor.runsPerMonth * calls,
    monthlyCallCap: monitor.monthlyCallCap,
    callsThisMonth: monitor.callsThisMonth,
    nextRunAt: monitor.nextRunAt,
    lastRunAt: monitor.lastRunAt,
    createdAt: monitor.createdAt,
    updatedAt: monitor.updatedAt,
  };
}

export function geoMonitorRunView(run: GeoMonitorRunRecord): GeoMonitorRun {
  return {
    id: run.id,
    monitorId: run.monitorId,
    projectId: run.projectId,
    scheduledFor: run.scheduledFor,
    status: run.status,
    callsPlanned: run.callsPlanned,
    callsMade: run.callsMade,
    skippedTicks: run.skippedTicks,
    figures: run.status === 'completed' ? run.figures : null,
    error: run.error,
    skipReason: run.skipReason,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  };
}

/** An answer with its prompt, locale and engine read from the run's own settings. */
export function geoMonitorAnswerView(run: GeoMonitorRunRecord): (answer: StoredAnswer) => GeoMonitorAnswer {
  return (answer) => ({
    prompt: run.settings.prompts[answer.promptIndex] ?? '',
    locale: run.settings.locales[answer.localeIndex] ?? '',
    engine: run.settings.engines[answer.engineIndex] ?? '',
    model: answer.model,
    sample: answer.sample === null ? null : storedSampleView(answer.sample),
    error: answer.error,
    ...(answer.surface === null ? {} : { surface: answer.surface }),
  });
}

export function geoMonitorTrendView(monitorId: string, range: { from: string; to: string }, runs: readonly GeoMonitorRunRecord[]): GeoMonitorTrend {
  const points: GeoMonitorTrend['points'] = [];
  for (const run of runs) {
    if (run.figures === null) continue;
    points.push({
      runId: run.id,
      scheduledFor: run.scheduledFor,
      samples: run.figures.samples,
      brands: run.figures.brands,
      ...(run.figures.surfaces === undefined ? {} : { surfaces: run.figures.surfaces }),
    });
  }
  return { monitorId, from: range.from, to: range.to, group: null, points };
}

/** The trend of one group of each run's answers (a prompt, locale, engine or surface). */
export function geoMonitorGroupTrendView(
  monitorId: string,
  range: { from: string; to: string },
  group: NonNullable<GeoMonitorTrend['group']>,
  runs: readonly RunGroupFigures[],
): GeoMonitorTrend {
  const points = runs.map((run) => ({
    runId: run.runId,
    scheduledFor: run.scheduledFor,
    samples: run.group.samples,
    brands: run.group.brands,
    surfaces: run.group.surfaces,
  }));
  return { monitorId, from: range.from, to: range.to, group, points };
}

/** A project page with its citations and its audit (CitedPage). */
export function citedPageView(page: CitedPageRecord): CitedPage {
  return {
    url: page.url,
    citations: page.citations,
    engines: page.engines,
    lastCitedAt: page.lastCitedAt,
    audit:
      page.audit === null
        ? null
        : {
            auditId: page.audit.auditId,
            pageId: page.audit.pageId,
            statusCode: page.audit.statusCode,
            geoScore: page.audit.geoScore,
            scored: notScoredReason(page.audit) === null,
            issues: page.audit.issues,
          },
  };
}
