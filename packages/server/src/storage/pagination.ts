// A page of a list as a range of rows.
import { assertPageRequest, type PageRequest } from '../domain/page.js';

export function toLimitOffset(request: PageRequest): { limit: number; offset: number } {
  assertPageRequest(request);
  return { limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
}
