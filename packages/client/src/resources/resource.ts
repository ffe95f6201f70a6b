// The base of every resource: typed calls by operationId, so each method is one line that names
// its operation and where its arguments go.
import { APIPromise } from '../core/api-promise.js';
import { PagePromise, type PageOptions } from '../core/pagination.js';
import type { RequestOptions, Transport } from '../core/request.js';
import type { CallInput, ListItem, ListMeta, ListOperationId, OperationId, ResponseData, ResponseMeta } from '../core/types.js';

/**
 * A downloaded file's body: the fetch response's stream, which Node 20+ and current browsers also
 * iterate with `for await`, so Node's `pipeline(file, createWriteStream(path))` saves it.
 */
export type FileStream = ReadableStream<Uint8Array> & AsyncIterable<Uint8Array>;

export abstract class APIResource {
  constructor(protected readonly transport: Transport) {}

  protected request<K extends OperationId>(operationId: K, input: CallInput<K>, options?: RequestOptions): APIPromise<ResponseData<K>, ResponseMeta<K>> {
    return new APIPromise(this.transport.call<ResponseData<K>, ResponseMeta<K>>(operationId, input, 'envelope', options));
  }

  /** A file download: resolves to the unread body, streamed as the server sends it. */
  protected download<K extends OperationId>(operationId: K, input: CallInput<K>, options?: RequestOptions): APIPromise<FileStream, null> {
    return new APIPromise(this.transport.call<FileStream, null>(operationId, input, 'stream', options));
  }

  protected paginate<K extends ListOperationId>(operationId: K, input: CallInput<K>, options: PageOptions = {}): PagePromise<ListItem<K>> {
    const { maxItems, maxPages, ...requestOptions } = options;
    const query = input.query;
    return new PagePromise<ListItem<K>>(
      (page) =>
        this.transport.call<ListItem<K>[], ListMeta>(
          operationId,
          (page === undefined ? input : { ...input, query: { ...input.query, page } }) as CallInput<OperationId>,
          'envelope',
          requestOptions,
        ),
      query?.page,
      { ...(maxItems !== undefined ? { maxItems } : {}), ...(maxPages !== undefined ? { maxPages } : {}) },
    );
  }
}
