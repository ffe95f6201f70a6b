// The response envelope: `data` plus `meta` with the request id, and the list meta of the spec's *Pagination*.
import type { Page, PageRequest } from '../domain/page.js';
import { pageMeta } from '../views/list-meta.js';
import type { RequestContext } from './context.js';
import { validationError } from '../domain/errors.js';

export const meta = (context: RequestContext) => ({ requestId: context.requestId });

/** The spec's bounds (the Page and PageSize parameters). */
const MAX_PAGE = 1_000_000;

/**
 * The page asked for. The validator checks the spec's bounds, but lets `page=1e400` through as an
 * infinite number: the bounds are held here too, else 400.
 */
export function pageRequest(query: { page?: number; pageSize?: number }): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  const details = [
    ...(!Number.isSafeInteger(page) || page < 1 || page > MAX_PAGE
      ? [{ in: 'query' as const, field: 'page', message: `must be an integer from 1 to ${MAX_PAGE}` }]
      : []),
    ...(!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 100
      ? [{ in: 'query' as const, field: 'pageSize', message: 'must be an integer from 1 to 100' }]
      : []),
  ];
  if (details.length > 0) throw validationError(details);
  return { page, pageSize };
}

export function listBody<T, V>(context: RequestContext, page: Page<T>, request: PageRequest, view: (item: T) => V) {
  return { data: page.items.map(view), meta: { ...pageMeta(page.total, request), requestId: context.requestId } };
}
