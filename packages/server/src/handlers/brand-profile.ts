import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { meta } from './envelope.js';

export const getBrandProfile: Handler<'getBrandProfile', RequestContext> = async ({ path }, context) => {
  const profile = await context.services.brandProfiles.get(context.principal(), path.projectId);
  return { status: 200, body: { data: profile, meta: meta(context) } };
};

export const setBrandProfile: Handler<'setBrandProfile', RequestContext> = async ({ path, body }, context) => {
  const profile = await context.services.brandProfiles.set(context.principal(), path.projectId, body);
  return { status: 200, body: { data: profile, meta: meta(context) } };
};
