// Page-based pagination as seed section 2.1 defines the list `meta` (requestId is added by HTTP).

export interface PageRequest {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  /** All matching items, not just this page's. */
  total: number;
}

export interface PageMeta {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  hasNextPage: boolean;
}

export function toLimitOffset(request: PageRequest): { limit: number; offset: number } {
  assertPageRequest(request);
  return { limit: request.pageSize, offset: (request.page - 1) * request.pageSize };
}

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

/** The HTTP layer rejects bad values with a 400 first; this guards against a wiring mistake. */
function assertPageRequest({ page, pageSize }: PageRequest): void {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`Invalid page ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid pageSize ${pageSize}`);
}
