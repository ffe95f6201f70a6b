// The issue catalogue: the engine's, the same for every account.
import { ISSUE_CATALOGUE } from '@seo-geo/engine';
import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { listBody, pageRequest } from './envelope.js';

export const listIssueCodes: Handler<'listIssueCodes', RequestContext> = ({ query }, context) => {
  const request = pageRequest(query);
  const offset = (request.page - 1) * request.pageSize;
  const page = { items: ISSUE_CATALOGUE.slice(offset, offset + request.pageSize), total: ISSUE_CATALOGUE.length };
  return Promise.resolve({ status: 200, body: listBody(context, page, request, (definition) => ({ ...definition })) });
};
