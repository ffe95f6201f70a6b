import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { resourcePath } from '../views/resource-path.js';
import { citedPageView, geoMonitorAnswerView, geoMonitorRunView, geoMonitorView } from '../views/geo-monitors.js';
import { listBody, meta, pageRequest } from './envelope.js';
import type { TrendQuery } from '../services/geo-monitors/service.js';

export const listGeoMonitors: Handler<'listGeoMonitors', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.geoMonitors.list(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, geoMonitorView) };
};

export const createGeoMonitor: Handler<'createGeoMonitor', RequestContext> = async ({ path, body }, context) => {
  const monitor = await context.services.geoMonitors.create(context.principal(), path.projectId, body);
  return {
    status: 201,
    body: { data: geoMonitorView(monitor), meta: meta(context) },
    headers: { Location: resourcePath('projects', monitor.projectId, 'geo-monitor', 'monitors', monitor.id) },
  };
};

export const getGeoMonitor: Handler<'getGeoMonitor', RequestContext> = async ({ path }, context) => {
  const monitor = await context.services.geoMonitors.detail(context.principal(), path.projectId, path.monitorId);
  return { status: 200, body: { data: geoMonitorView(monitor), meta: meta(context) } };
};

export const updateGeoMonitor: Handler<'updateGeoMonitor', RequestContext> = async ({ path, body }, context) => {
  const monitor = await context.services.geoMonitors.update(context.principal(), path.projectId, path.monitorId, body);
  return { status: 200, body: { data: geoMonitorView(monitor), meta: meta(context) } };
};

export const deleteGeoMonitor: Handler<'deleteGeoMonitor', RequestContext> = async ({ path }, context) => {
  await context.services.geoMonitors.remove(context.principal(), path.projectId, path.monitorId);
  return { status: 204, body: undefined };
};

export const startGeoMonitorRun: Handler<'startGeoMonitorRun', RequestContext> = async ({ path }, context) => {
  const run = await context.services.geoMonitors.runNow(context.principal(), path.projectId, path.monitorId);
  return {
    status: 202,
    body: { data: geoMonitorRunView(run), meta: meta(context) },
    headers: { Location: resourcePath('projects', run.projectId, 'geo-monitor', 'monitors', run.monitorId, 'runs', run.id) },
  };
};

export const listGeoMonitorRuns: Handler<'listGeoMonitorRuns', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.geoMonitors.listRuns(context.principal(), path.projectId, path.monitorId, request);
  return { status: 200, body: listBody(context, page, request, geoMonitorRunView) };
};

export const getGeoMonitorRun: Handler<'getGeoMonitorRun', RequestContext> = async ({ path }, context) => {
  const run = await context.services.geoMonitors.getRun(context.principal(), path.projectId, path.monitorId, path.runId);
  return { status: 200, body: { data: geoMonitorRunView(run), meta: meta(context) } };
};

export const cancelGeoMonitorRun: Handler<'cancelGeoMonitorRun', RequestContext> = async ({ path }, context) => {
  const run = await context.services.geoMonitors.cancelRun(context.principal(), path.projectId, path.monitorId, path.runId);
  return { status: 200, body: { data: geoMonitorRunView(run), meta: meta(context) } };
};

export const listGeoMonitorRunAnswers: Handler<'listGeoMonitorRunAnswers', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const { run, page } = await context.services.geoMonitors.listAnswers(context.principal(), path.projectId, path.monitorId, path.runId, request);
  return { status: 200, body: listBody(context, page, request, geoMonitorAnswerView(run)) };
};

export const getGeoMonitorTrend: Handler<'getGeoMonitorTrend', RequestContext> = async ({ path, query }, context) => {
  const trendQuery = Object.fromEntries(
    (['from', 'to', 'prompt', 'locale', 'engine', 'surface'] as const).flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]]])),
  ) as TrendQuery;
  const trend = await context.services.geoMonitors.trend(context.principal(), path.projectId, path.monitorId, trendQuery);
  return { status: 200, body: { data: trend, meta: meta(context) } };
};

export const listGeoMonitorCitedPages: Handler<'listGeoMonitorCitedPages', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const { auditId, from, to, page } = await context.services.citedPages.list(
    context.principal(),
    path.projectId,
    path.monitorId,
    {
      ...(query.cited !== undefined ? { cited: query.cited } : {}),
      ...(query.from !== undefined ? { from: query.from } : {}),
      ...(query.to !== undefined ? { to: query.to } : {}),
    },
    request,
  );
  const { data, meta: listMeta } = listBody(context, page, request, citedPageView);
  return { status: 200, body: { data, auditId, from, to, meta: listMeta } };
};

export const listGeoMonitorRunFigures: Handler<'listGeoMonitorRunFigures', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const by = query.by ?? 'prompt';
  const surface = query.surface ?? null;
  const page = await context.services.geoMonitors.listFigures(context.principal(), path.projectId, path.monitorId, path.runId, { by, surface }, request);
  const { data, meta: listMeta } = listBody(context, page, request, (group) => group);
  return { status: 200, body: { data, runId: path.runId, by, surface, meta: listMeta } };
};

export const listGeoMonitorAlerts: Handler<'listGeoMonitorAlerts', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.geoMonitors.listAlerts(context.principal(), path.projectId, path.monitorId, request);
  return { status: 200, body: listBody(context, page, request, (alert) => alert) };
};

export const getGeoScoreEffect: Handler<'getGeoScoreEffect', RequestContext> = async ({ path, query }, context) => {
  const range = { ...(query.from !== undefined ? { from: query.from } : {}), ...(query.to !== undefined ? { to: query.to } : {}) };
  const effect = await context.services.scoreEffect.get(context.principal(), path.projectId, path.monitorId, range);
  return { status: 200, body: { data: effect, meta: meta(context) } };
};
