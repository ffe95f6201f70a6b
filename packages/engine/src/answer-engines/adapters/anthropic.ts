// Claude with web search: the Messages API with the server tool `web_search_20250305`, through the
// official SDK. The answer is the `text` blocks of `content`, joined (Claude splits its text where
// citations begin and end); a block's `citations` of type `web_search_result_location` (url, title,
// cited_text) cite their source over that block's span. Sources are in order of first use: the
// `web_search_tool_result` blocks list what the search found, not what the answer cites.
// Shapes: the pinned SDK's `Message`, `TextBlock` and `CitationsWebSearchResultLocation` types.
import Anthropic from '@anthropic-ai/sdk';
import { languageInstruction } from '../messages.js';
import { SourceList } from '../source-list.js';
import { capLength } from '../text-cap.js';
import type { Adapter, CallOutcome } from './adapter.js';
import { sdkCall } from './sdk-call.js';
import { SDK_TIMEOUT_MARGIN_MS } from './sdk-fetch.js';

/** Passed explicitly: the SDK would otherwise take ANTHROPIC_BASE_URL from the environment. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** What is read of a message; any field may be missing, as the SDK does not check the response. */
interface WireMessage {
  stop_reason?: unknown;
  content?: Array<{ type?: unknown; text?: unknown; citations?: Array<WireCitation | null> | null } | null> | null;
}

interface WireCitation {
  type?: unknown;
  url?: unknown;
  title?: unknown;
}

export const askAnthropic: Adapter = (call) =>
  sdkCall(
    call,
    (fetch) => {
      const client = new Anthropic({
        apiKey: call.apiKey ?? '',
        // Null keeps an ANTHROPIC_AUTH_TOKEN of the server's environment out of the request.
        authToken: null,
        baseURL: call.baseUrl ?? ANTHROPIC_BASE_URL,
        maxRetries: 0,
        timeout: call.timeoutMs + SDK_TIMEOUT_MARGIN_MS,
        fetch,
      });
      return client.messages.create(
        {
          model: call.model,
          max_tokens: call.maxTokens,
          system: languageInstruction(call.locale),
          messages: [{ role: 'user', content: call.prompt }],
          tools: [{ type: 'web_search_20250305', name: 'web_search' }],
          ...(call.temperature !== null ? { temperature: call.temperature } : {}),
        },
        { signal: call.signal },
      );
    },
    (message) => readMessage(message as WireMessage),
  );

export function readMessage(message: WireMessage): CallOutcome {
  const blocks: Array<{ text: string; citations: Array<WireCitation | null> }> = [];
  for (const block of Array.isArray(message.content) ? message.content : []) {
    if (block?.type !== 'text' || typeof block.text !== 'string') continue;
    blocks.push({ text: block.text, citations: Array.isArray(block.citations) ? block.citations : [] });
  }
  const text = capLength(blocks.map((b) => b.text).join(''));
  if (text.trim() === '') {
    const stop = typeof message.stop_reason === 'string' ? ` (stop_reason ${message.stop_reason})` : '';
    return { kind: 'no-answer', error: `the model gave no answer${stop}` };
  }
  const sources = new SourceList(text.length);
  let offset = 0;
  for (const block of blocks) {
    for (const citation of block.citations) {
      if (citation?.type !== 'web_search_result_location') continue;
      sources.cite(citation.url, citation.title, { start: offset, end: offset + block.text.length });
    }
    offset += block.text.length;
  }
  return { kind: 'answer', answer: { text, sources: sources.list() } };
}
