import type { Handler } from '@seo-geo/types';
import type { RequestContext } from '../context.js';

export const getOpenApiDocument: Handler<'getOpenApiDocument', RequestContext> = async (_request, context) => ({
  status: 200,
  body: context.services.document,
});
