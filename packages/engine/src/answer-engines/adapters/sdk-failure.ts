// What an SDK's exception means, judged from the response the guarded fetch recorded rather than
// from the SDK's error class (each SDK has its own, and not all keep Retry-After): a network or
// guard failure, a status outside 2xx with the provider's reason, or a 2xx body the SDK could not
// read (malformed JSON), which is a call without an answer, as for the plain chat call.
import { httpFailure } from '../http-failure.js';
import type { CallOutcome } from './adapter.js';
import type { FetchRecord } from './sdk-fetch.js';

export function sdkFailure(err: unknown, record: FetchRecord): CallOutcome {
  const last = record.last;
  if (last === null) {
    // The SDK refused before sending anything (a bad option): asking again would change nothing.
    return { kind: 'failure', error: `the request was not sent: ${errorMessage(err)}`, retryable: false, retryAfterMs: null };
  }
  const failure = httpFailure(last);
  if (failure !== null) return failure;
  if (!isJson(last.body)) return notJson(last.contentType);
  return { kind: 'no-answer', error: `the response could not be read: ${errorMessage(err)}` };
}

/** A 2xx body that is not JSON (an SDK hands back such a body as a string instead of throwing). */
export function notJson(contentType: string | null): CallOutcome {
  return { kind: 'no-answer', error: `the response is not JSON (${contentType ?? 'no content type'})` };
}

function isJson(body: Buffer | null): boolean {
  try {
    JSON.parse(body?.toString('utf8') ?? '');
    return true;
  } catch {
    return false;
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
