import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { maxPagesPerAudit } from '../services/accounts/plans.js';
import { userView } from '../views/me.js';
import { meta } from './envelope.js';

export const getMe: Handler<'getMe', RequestContext> = async (_request, context) => {
  const principal = context.principal();
  return {
    status: 200,
    body: {
      data: userView(principal, { maxPagesPerAudit: maxPagesPerAudit(principal), usage: await context.services.usage.of(principal) }),
      meta: meta(context),
    },
  };
};
