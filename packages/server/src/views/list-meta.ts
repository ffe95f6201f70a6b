// The `meta` of a list (the spec's *Pagination*): where this page stands among all the matches.
// The request id is added by the handler's envelope.
import type { components } from '@seo-geo/types';
import { assertPageRequest, type PageRequest } from '../domain/page.js';

export type PageMeta = Omit<components['schemas']['ListMeta'], 'requestId'>;

export function pageMeta(total: number, request: PageRequest): PageMeta {
  assertPageRequest(request);
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`Invalid total ${total}`);
  const totalPages = Math.ceil(total / request.pageSize);
  return {
    page: request.page,
    pageSize: request.pageSize,
    total,
    totalPages,
    hasNextPage: request.page < totalPages,
  };
}
