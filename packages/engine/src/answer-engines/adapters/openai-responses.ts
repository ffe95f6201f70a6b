// ChatGPT search: OpenAI's Responses API with the `web_search` tool, through the official SDK.
// The answer is the `output_text` parts of the `message` items of `output`, joined; each part's
// `url_citation` annotations (url, title, start_index, end_index into that part) are its sources,
// in order of first use. Shapes: the pinned SDK's `Response`, `ResponseOutputText` and
// `ResponseOutputText.URLCitation` types.
import OpenAI from 'openai';
import { languageInstruction } from '../messages.js';
import { SourceList } from '../source-list.js';
import { capLength } from '../text-cap.js';
import type { Adapter, CallOutcome } from './adapter.js';
import { sdkCall } from './sdk-call.js';
import { SDK_TIMEOUT_MARGIN_MS } from './sdk-fetch.js';

/** Passed explicitly: the SDK would otherwise take OPENAI_BASE_URL from the environment. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** What is read of a response; any field may be missing, as the SDK does not check the response. */
interface WireResponse {
  status?: unknown;
  error?: { message?: unknown } | null;
  incomplete_details?: { reason?: unknown } | null;
  output?: Array<{ type?: unknown; content?: Array<WireContent | null> | null } | null> | null;
}

interface WireContent {
  type?: unknown;
  text?: unknown;
  refusal?: unknown;
  annotations?: Array<{ type?: unknown; url?: unknown; title?: unknown; start_index?: unknown; end_index?: unknown } | null> | null;
}

export const askOpenAIResponses: Adapter = (call) =>
  sdkCall(
    call,
    (fetch) => {
      const client = new OpenAI({
        apiKey: call.apiKey ?? '',
        // Null keeps OPENAI_ORG_ID and OPENAI_PROJECT_ID of the server's environment out of the request.
        organization: null,
        project: null,
        baseURL: call.baseUrl ?? OPENAI_BASE_URL,
        maxRetries: 0,
        timeout: call.timeoutMs + SDK_TIMEOUT_MARGIN_MS,
        fetch,
      });
      return client.responses.create(
        {
          model: call.model,
          instructions: languageInstruction(call.locale),
          input: call.prompt,
          tools: [{ type: 'web_search' }],
          ...(call.temperature !== null ? { temperature: call.temperature } : {}),
        },
        { signal: call.signal },
      );
    },
    (response) => readResponse(response as WireResponse),
  );

export function readResponse(response: WireResponse): CallOutcome {
  const parts: Array<{ text: string; annotations: NonNullable<WireContent['annotations']> }> = [];
  const refusals: string[] = [];
  for (const item of Array.isArray(response.output) ? response.output : []) {
    if (item?.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const content of item.content) {
      if (content?.type === 'output_text' && typeof content.text === 'string') {
        parts.push({ text: content.text, annotations: Array.isArray(content.annotations) ? content.annotations : [] });
      } else if (content?.type === 'refusal' && typeof content.refusal === 'string') {
        refusals.push(content.refusal);
      }
    }
  }
  const text = capLength(parts.map((p) => p.text).join(''));
  if (text.trim() === '') return noAnswer(response, refusals);

  const sources = new SourceList(text.length);
  let offset = 0;
  for (const part of parts) {
    for (const a of part.annotations) {
      if (a?.type !== 'url_citation' || typeof a.start_index !== 'number' || typeof a.end_index !== 'number') continue;
      // UTF-16 offsets into the part's text: the indices OpenAI's own SDK slices JS strings with.
      sources.cite(a.url, a.title, { start: offset + a.start_index, end: offset + a.end_index });
    }
    offset += part.text.length;
  }
  return { kind: 'answer', answer: { text, sources: sources.list() } };
}

function noAnswer(response: WireResponse, refusals: string[]): CallOutcome {
  if (typeof response.error?.message === 'string') return { kind: 'no-answer', error: `provider error: ${response.error.message}` };
  const details = [
    typeof response.status === 'string' ? `status ${response.status}` : null,
    typeof response.incomplete_details?.reason === 'string' ? `reason ${response.incomplete_details.reason}` : null,
  ].filter((d) => d !== null);
  const why = details.length > 0 ? ` (${details.join(', ')})` : '';
  const refusal = refusals.length > 0 ? `: ${refusals.join(' ')}` : '';
  return { kind: 'no-answer', error: `the model gave no answer${why}${refusal}` };
}
