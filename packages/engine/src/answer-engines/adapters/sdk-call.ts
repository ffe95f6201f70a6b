// One call through a provider's SDK: the SDK gets the guarded fetch, its exception becomes an
// outcome, and a response it handed back unparsed (a 2xx body that is not JSON) is no answer. The
// SDKs do not check what a server sent against their types, so the readers take the response as
// an object of which every field may be missing or of another type.
import type { CallOutcome, AdapterCall } from './adapter.js';
import { guardedSdkFetch, type FetchRecord, type WhatwgFetch } from './sdk-fetch.js';
import { notJson, sdkFailure } from './sdk-failure.js';

export async function sdkCall<T>(
  call: AdapterCall,
  send: (fetch: WhatwgFetch) => Promise<T>,
  read: (response: object) => CallOutcome | Promise<CallOutcome>,
): Promise<CallOutcome> {
  // Without a key of ours an SDK would look for one in its own environment variable instead.
  if (call.apiKey === null)
    return { kind: 'failure', error: 'this kind of engine needs an API key; name its variable in apiKeyEnv', retryable: false, retryAfterMs: null };
  const record: FetchRecord = { last: null };
  let response: T;
  try {
    response = await send(guardedSdkFetch(call, record));
  } catch (err) {
    return sdkFailure(err, record);
  }
  if (typeof response !== 'object' || response === null) return notJson(record.last?.contentType ?? null);
  return read(response);
}
