import type { Handler } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import { meta } from './envelope.js';

export const getMe: Handler<'getMe', RequestContext> = async (_request, context) => {
  const principal = context.principal();
  return {
    status: 200,
    body: {
      data: {
        userId: principal.accountId,
        email: principal.email,
        plan: principal.plan,
        apiKeyPrefix: principal.apiKeyPrefix,
        scopes: principal.scopes,
        usage: await context.services.usage.of(principal),
      },
      meta: meta(context),
    },
  };
};
