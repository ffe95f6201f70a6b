// Which client method calls which operation. Typed over every operationId of the spec, so a new
// operation without a method fails the typecheck; the tests call each method and check the
// request it sends, and the code-sample generator names the method from here.
import type { operationTable } from '@seo-geo/types';
import type { SeoGeoClient } from './client.js';

export const clientMethods = {
  getMe: 'me.get',
  listProjects: 'projects.list',
  createProject: 'projects.create',
  getProject: 'projects.get',
  deleteProject: 'projects.delete',
  updateProject: 'projects.update',
  listAudits: 'audits.list',
  startAudit: 'audits.start',
  getAudit: 'audits.get',
  cancelAudit: 'audits.cancel',
  pauseAudit: 'audits.pause',
  resumeAudit: 'audits.resume',
  deleteAudit: 'audits.delete',
  listAuditPages: 'audits.pages',
  listAuditIssues: 'audits.issues',
  listAuditInlinks: 'audits.inlinks',
  listAuditOutlinks: 'audits.outlinks',
  listAuditLinkTargets: 'audits.linkTargets',
  listIssueCodes: 'audits.issueCodes',
  exportAuditPages: 'audits.exportPages',
  compareAudits: 'audits.compare',
  listAuditPageChanges: 'audits.pageChanges',
  listDrafts: 'drafts.list',
  getDraft: 'drafts.get',
  createBrief: 'briefs.create',
  getBrief: 'briefs.get',
  listReports: 'reports.list',
  createGeoMonitorTest: 'geoMonitor.tests.create',
  listGeoMonitorTests: 'geoMonitor.tests.list',
  getGeoMonitorTest: 'geoMonitor.tests.get',
  cancelGeoMonitorTest: 'geoMonitor.tests.cancel',
  getBrandProfile: 'projects.getBrand',
  setBrandProfile: 'projects.setBrand',
  listGeoMonitors: 'geoMonitor.monitors.list',
  createGeoMonitor: 'geoMonitor.monitors.create',
  getGeoMonitor: 'geoMonitor.monitors.get',
  updateGeoMonitor: 'geoMonitor.monitors.update',
  deleteGeoMonitor: 'geoMonitor.monitors.delete',
  listGeoMonitorRuns: 'geoMonitor.monitors.runs',
  startGeoMonitorRun: 'geoMonitor.monitors.runNow',
  getGeoMonitorRun: 'geoMonitor.monitors.getRun',
  cancelGeoMonitorRun: 'geoMonitor.monitors.cancelRun',
  listGeoMonitorRunAnswers: 'geoMonitor.monitors.runAnswers',
  getGeoMonitorTrend: 'geoMonitor.monitors.trend',
  listGeoMonitorCitedPages: 'geoMonitor.monitors.citedPages',
  listGeoMonitorRunFigures: 'geoMonitor.monitors.runFigures',
  listGeoMonitorAlerts: 'geoMonitor.monitors.alerts',
  getGeoScoreEffect: 'geoMonitor.monitors.scoreEffect',
  listWebhookEndpoints: 'webhooks.endpoints.list',
  createWebhookEndpoint: 'webhooks.endpoints.create',
  deleteWebhookEndpoint: 'webhooks.endpoints.delete',
  getWebhookEndpoint: 'webhooks.endpoints.get',
  updateWebhookEndpoint: 'webhooks.endpoints.update',
  rotateWebhookEndpointSecret: 'webhooks.endpoints.rotateSecret',
  redeliverWebhookDelivery: 'webhooks.deliveries.redeliver',
  sendWebhookTestEvent: 'webhooks.endpoints.sendTest',
  listWebhookDeliveries: 'webhooks.deliveries.list',
  getOpenApiDocument: 'openapi',
} as const satisfies Record<keyof typeof operationTable, string>;

/** The client method of an operation, bound to its object; undefined when the path names none. */
export function clientMethod(client: SeoGeoClient, operationId: string): ((...args: unknown[]) => unknown) | undefined {
  const dotted = (clientMethods as Record<string, string>)[operationId];
  if (!dotted) return undefined;
  const parts = dotted.split('.');
  const name = parts.pop()!;
  const owner = parts.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], client) as Record<string, unknown> | undefined;
  const fn = owner?.[name];
  return typeof fn === 'function' ? (fn as (...args: unknown[]) => unknown).bind(owner) : undefined;
}
