// Page-based pagination (the spec's *Pagination*): walk pages while `meta.hasNextPage` is true. The end is
// known from the last page's meta, so no request is spent discovering it. Each page is an
// ordinary call, so it is paced, retried and typed like any other.
import type { APIResponse } from './api-response.js';
import type { RequestOptions } from './request.js';
import type { ListMeta } from './types.js';

export interface PageOptions extends RequestOptions {
  /** Stop iterating items after this many. */
  maxItems?: number | undefined;
  /** Stop after this many pages (the first included). */
  maxPages?: number | undefined;
}

/** Fetches one page by number; the query (filters, pageSize) is fixed by the list call. */
export type PageFetcher<Item> = (page: number | undefined) => Promise<APIResponse<Item[], ListMeta>>;

export class Page<Item> {
  readonly data: Item[];
  readonly meta: ListMeta;
  readonly #fetch: PageFetcher<Item>;

  constructor(
    /** The whole response of this page (headers, request id, rate-limit state). */
    readonly response: APIResponse<Item[], ListMeta>,
    fetch: PageFetcher<Item>,
  ) {
    this.data = response.data;
    this.meta = response.meta;
    this.#fetch = fetch;
  }

  get requestId(): string | null {
    return this.response.requestId;
  }

  hasNextPage(): boolean {
    return this.meta.hasNextPage;
  }

  /** The number of the next page, or null on the last one. */
  nextPageNumber(): number | null {
    return this.meta.hasNextPage ? this.meta.page + 1 : null;
  }

  async getNextPage(): Promise<Page<Item>> {
    const next = this.nextPageNumber();
    if (next === null) throw new Error(`Page ${this.meta.page} is the last page (meta.hasNextPage is false); check hasNextPage() first.`);
    return new Page(await this.#fetch(next), this.#fetch);
  }
}

/**
 * `await` it for the first page; `for await` over it for every item; `.pages()` for every page.
 * The first page is requested at once, like any call.
 */
export class PagePromise<Item> implements PromiseLike<Page<Item>>, AsyncIterable<Item> {
  readonly #first: Promise<Page<Item>>;
  readonly #maxItems: number;
  readonly #maxPages: number;

  constructor(fetch: PageFetcher<Item>, startPage: number | undefined, options: Pick<PageOptions, 'maxItems' | 'maxPages'> = {}) {
    this.#first = fetch(startPage).then((response) => new Page(response, fetch));
    this.#maxItems = options.maxItems ?? Infinity;
    this.#maxPages = options.maxPages ?? Infinity;
  }

  then<R1 = Page<Item>, R2 = never>(
    onfulfilled?: ((value: Page<Item>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#first.then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<Item> | R> {
    return this.#first.catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page<Item>> {
    return this.#first.finally(onfinally);
  }

  /** The first page's whole response: data, meta, request id, headers, rate-limit state. */
  withResponse(): Promise<APIResponse<Item[], ListMeta>> {
    return this.#first.then((page) => page.response);
  }

  /** Every page from the first one requested, up to `maxPages`. */
  async *pages(): AsyncGenerator<Page<Item>, void, undefined> {
    let page = await this.#first;
    let count = 1;
    yield page;
    while (page.hasNextPage() && count < this.#maxPages) {
      page = await page.getNextPage();
      count++;
      yield page;
    }
  }

  /**
   * Every item of every page, up to `maxItems`. A hand-written iterator rather than an async
   * generator: items of a page already fetched are handed out with one resolved promise each,
   * which keeps `for await` over thousands of items close to the cost of a plain loop.
   */
  [Symbol.asyncIterator](): AsyncIterator<Item, undefined> {
    const pages = this.pages();
    const maxItems = this.#maxItems;
    const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
    let buffer: Item[] = [];
    let index = 0;
    let count = 0;
    const next = (): Promise<IteratorResult<Item, undefined>> => {
      if (count >= maxItems) return pages.return().then(() => done);
      if (index < buffer.length) {
        count++;
        return Promise.resolve({ done: false, value: buffer[index++]! });
      }
      return pages.next().then((result) => {
        if (result.done) return done;
        buffer = result.value.data;
        index = 0;
        return next();
      });
    };
    return {
      next,
      return: () => pages.return().then(() => done),
    };
  }

  /**
   * Collects every item (up to `maxItems`) into an array. Walks pages rather than items: no await
   * per item, and it stops as soon as it has `maxItems`, without requesting another page.
   */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    const maxItems = this.#maxItems;
    if (maxItems <= 0) return items;
    for await (const page of this.pages()) {
      for (const item of page.data) {
        items.push(item);
        if (items.length >= maxItems) return items;
      }
    }
    return items;
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}
