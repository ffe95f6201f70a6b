// Perplexity: Sonar chat completions through the official SDK (`client.chat.completions.create`,
// POST /chat/completions). The answer is the message content; the sources are the response's
// `citations` (URLs, in Perplexity's order), titled from `search_results` ({title, url, ...}) of
// the same URL; where `citations` is absent, `search_results` in their order are the list. A
// marker `[n]` in the text cites the n-th entry of that list (1-based): its span is the use.
// Shapes: the pinned SDK's `CompletionResponseOutput` and `ApiPublicSearchResultOutput` types.
import Perplexity from '@perplexity-ai/perplexity_ai';
import { withoutReasoning } from '../chat-call.js';
import { chatMessages } from '../messages.js';
import { SourceList } from '../source-list.js';
import { capLength } from '../text-cap.js';
import type { AnswerSource } from '../types.js';
import type { Adapter, CallOutcome } from './adapter.js';
import { sdkCall } from './sdk-call.js';
import { SDK_TIMEOUT_MARGIN_MS } from './sdk-fetch.js';

/** Passed explicitly: the SDK would otherwise take PERPLEXITY_BASE_URL from the environment. */
export const PERPLEXITY_BASE_URL = 'https://api.perplexity.ai';

/** What is read of a completion; any field may be missing, as the SDK does not check the response. */
interface WireCompletion {
  choices?: Array<{ message?: { content?: unknown } | null; finish_reason?: unknown } | null>;
  citations?: unknown;
  search_results?: Array<{ url?: unknown; title?: unknown } | null> | null;
}

const MARKER = /\[(\d{1,3})\]/g;

export const askPerplexity: Adapter = (call) =>
  sdkCall(
    call,
    (fetch) => {
      const client = new Perplexity({
        apiKey: call.apiKey ?? '',
        baseURL: call.baseUrl ?? PERPLEXITY_BASE_URL,
        maxRetries: 0,
        timeout: call.timeoutMs + SDK_TIMEOUT_MARGIN_MS,
        fetch,
      });
      return client.chat.completions.create(
        {
          model: call.model,
          messages: chatMessages(call.prompt, call.locale),
          ...(call.temperature !== null ? { temperature: call.temperature } : {}),
        },
        { signal: call.signal },
      );
    },
    (completion) => readCompletion(completion as WireCompletion),
  );

export function readCompletion(completion: WireCompletion): CallOutcome {
  if (!Array.isArray(completion.choices)) return { kind: 'no-answer', error: 'the response has no choices' };
  const choice = completion.choices[0];
  // Sonar's reasoning models open with a `<think>` block, which is not part of the answer.
  const text = capLength(withoutReasoning(contentText(choice?.message?.content)));
  if (text === '') {
    if (choice === undefined || choice === null) return { kind: 'no-answer', error: 'the response has no choices' };
    const finish = typeof choice.finish_reason === 'string' ? ` (finish_reason ${choice.finish_reason})` : '';
    return { kind: 'no-answer', error: `the model gave no answer${finish}` };
  }

  const results = Array.isArray(completion.search_results) ? completion.search_results : [];
  const titles = new Map<string, unknown>();
  for (const result of results) if (typeof result?.url === 'string' && !titles.has(result.url)) titles.set(result.url, result.title);
  const urls: unknown[] = Array.isArray(completion.citations) ? (completion.citations as unknown[]) : results.map((r) => r?.url);

  const sources = new SourceList(text.length);
  // By position in Perplexity's list, so that `[n]` still finds its entry when an earlier one was dropped.
  const listed: Array<AnswerSource | null> = urls.map((url) => sources.add(url, typeof url === 'string' ? titles.get(url) : null));
  for (const m of text.matchAll(MARKER)) {
    sources.use(listed[Number(m[1]) - 1] ?? null, m.index, m.index + m[0].length);
  }
  return { kind: 'answer', answer: { text, sources: sources.list() } };
}

/** `content` is a string or a list of chunks, of which the text chunks count. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '',
    )
    .join('');
}
