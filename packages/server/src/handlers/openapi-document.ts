import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';

export const getOpenApiDocument: Handler<'getOpenApiDocument', RequestContext> = (_request, context) =>
  Promise.resolve({
    status: 200,
    body: context.services.document,
  });
