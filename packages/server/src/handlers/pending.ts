// Operations whose domain work lands with the GEO-monitor issue. Until then they answer 503, a
// documented status, so the contract and the handler map stay whole.
import type { HandlerMap } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import { serviceUnavailable } from '../http/api-error.js';

const notYet = async (): Promise<never> => {
  throw serviceUnavailable(60);
};

export const pendingOperations: Pick<HandlerMap<RequestContext>, 'createGeoMonitorTest' | 'listGeoMonitorTests' | 'getGeoMonitorTest'> = {
  createGeoMonitorTest: notYet,
  listGeoMonitorTests: notYet,
  getGeoMonitorTest: notYet,
};
