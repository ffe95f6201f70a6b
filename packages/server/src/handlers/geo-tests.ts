import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { resourcePath } from '../views/resource-path.js';
import { geoTestAcceptedView, geoTestView } from '../views/geo-tests.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const createGeoMonitorTest: Handler<'createGeoMonitorTest', RequestContext> = async ({ path, body }, context) => {
  const test = await context.services.geoTests.start(context.principal(), path.projectId, body);
  return {
    status: 202,
    body: { data: geoTestAcceptedView(test), meta: meta(context) },
    headers: { Location: resourcePath('projects', test.projectId, 'geo-monitor', 'tests', test.id) },
  };
};

export const getGeoMonitorTest: Handler<'getGeoMonitorTest', RequestContext> = async ({ path }, context) => {
  const test = await context.services.geoTests.get(context.principal(), path.projectId, path.testId);
  return { status: 200, body: { data: geoTestView(test), meta: meta(context) } };
};

export const cancelGeoMonitorTest: Handler<'cancelGeoMonitorTest', RequestContext> = async ({ path }, context) => {
  const test = await context.services.geoTests.cancel(context.principal(), path.projectId, path.testId);
  return { status: 200, body: { data: geoTestView(test), meta: meta(context) } };
};

export const listGeoMonitorTests: Handler<'listGeoMonitorTests', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.geoTests.list(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, geoTestView) };
};
