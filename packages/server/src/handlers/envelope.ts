// The response envelope of seed 2.1: `data` plus `meta` with the request id, and the list meta.
import { pageMeta, type Page, type PageRequest } from '../storage/pagination.js';
import type { RequestContext } from '../context.js';

export const meta = (context: RequestContext) => ({ requestId: context.requestId });

export function pageRequest(query: { page?: number; pageSize?: number }): PageRequest {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
}

export function listBody<T, V>(context: RequestContext, page: Page<T>, request: PageRequest, view: (item: T) => V) {
  return { data: page.items.map(view), meta: { ...pageMeta(page.total, request), requestId: context.requestId } };
}
