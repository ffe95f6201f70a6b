// The handler map: exactly one typed handler per operationId of the spec. The compiler rejects
// a missing or extra operation, an undocumented status, and a body of the wrong shape.
import type { HandlerMap } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { compareAudits, listAuditPageChanges } from './audit-comparison.js';
import { listAuditInlinks, listAuditLinkTargets, listAuditOutlinks } from './audit-links.js';
import {
  cancelAudit,
  deleteAudit,
  exportAuditPages,
  getAudit,
  listAuditIssues,
  listAuditPages,
  listAudits,
  pauseAudit,
  resumeAudit,
  startAudit,
} from './audits.js';
import { getBrandProfile, setBrandProfile } from './brand-profile.js';
import { createBrief, getBrief, getDraft, listDrafts } from './content.js';
import { cancelGeoMonitorTest, createGeoMonitorTest, getGeoMonitorTest, listGeoMonitorTests } from './geo-tests.js';
import {
  cancelGeoMonitorRun,
  createGeoMonitor,
  deleteGeoMonitor,
  getGeoMonitor,
  getGeoMonitorRun,
  getGeoMonitorTrend,
  listGeoMonitorCitedPages,
  listGeoMonitorRunFigures,
  listGeoMonitorAlerts,
  getGeoScoreEffect,
  listGeoMonitorRunAnswers,
  listGeoMonitorRuns,
  listGeoMonitors,
  startGeoMonitorRun,
  updateGeoMonitor,
} from './geo-monitors.js';
import { listIssueCodes } from './issue-codes.js';
import { getMe } from './me.js';
import { getOpenApiDocument } from './openapi-document.js';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './projects.js';
import { listReports } from './reports.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  redeliverWebhookDelivery,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from './webhooks.js';

export const handlers: HandlerMap<RequestContext> = {
  getMe,
  getOpenApiDocument,
  listProjects,
  createProject,
  getProject,
  deleteProject,
  updateProject,
  listAudits,
  startAudit,
  getAudit,
  cancelAudit,
  pauseAudit,
  resumeAudit,
  deleteAudit,
  listAuditPages,
  exportAuditPages,
  listAuditIssues,
  listAuditInlinks,
  listAuditOutlinks,
  listAuditLinkTargets,
  listIssueCodes,
  compareAudits,
  listAuditPageChanges,
  listDrafts,
  getDraft,
  createBrief,
  getBrief,
  listReports,
  createGeoMonitorTest,
  listGeoMonitorTests,
  getGeoMonitorTest,
  cancelGeoMonitorTest,
  listGeoMonitors,
  createGeoMonitor,
  getGeoMonitor,
  updateGeoMonitor,
  deleteGeoMonitor,
  startGeoMonitorRun,
  listGeoMonitorRuns,
  getGeoMonitorRun,
  cancelGeoMonitorRun,
  listGeoMonitorRunAnswers,
  getGeoMonitorTrend,
  listGeoMonitorCitedPages,
  listGeoMonitorRunFigures,
  listGeoMonitorAlerts,
  getGeoScoreEffect,
  getBrandProfile,
  setBrandProfile,
  listWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  rotateWebhookEndpointSecret,
  redeliverWebhookDelivery,
  sendWebhookTestEvent,
  listWebhookDeliveries,
};
