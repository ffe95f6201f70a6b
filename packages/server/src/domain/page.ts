// A page of a list, as the spec's *Pagination* asks for it and as storage answers it.

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

/** Requests are checked against the spec's bounds with a 400 first; this guards against a wiring mistake. */
export function assertPageRequest({ page, pageSize }: PageRequest): void {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`Invalid page ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid pageSize ${pageSize}`);
}
