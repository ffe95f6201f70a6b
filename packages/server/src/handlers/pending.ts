// Operations whose domain work lands with the audit-work issue. Until then they answer 503, a
// documented status, so the contract and the handler map stay whole.
import type { HandlerMap } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import { serviceUnavailable } from '../http/api-error.js';

const notYet = async (): Promise<never> => {
  throw serviceUnavailable(60);
};

export const pendingOperations: Omit<HandlerMap<RequestContext>, 'getMe' | 'getOpenApiDocument' | 'listProjects' | 'createProject' | 'getProject'> = {
  listAudits: notYet,
  startAudit: notYet,
  getAudit: notYet,
  cancelAudit: notYet,
  listAuditPages: notYet,
  listDrafts: notYet,
  getDraft: notYet,
  createBrief: notYet,
  getBrief: notYet,
  listReports: notYet,
  createGeoMonitorTest: notYet,
  listGeoMonitorTests: notYet,
  getGeoMonitorTest: notYet,
};
