// Plain OpenAI-compatible chat completions (callChatCompletions). The provider annotates nothing,
// so the sources are the URLs written in the answer: a Markdown link (its whole span; its text is
// the title unless the text is itself a URL), an autolink or a bare URL (the URL's span, no title).
import { callChatCompletions } from '../chat-call.js';
import { chatMessages } from '../messages.js';
import { SourceList } from '../source-list.js';
import type { EngineAnswer } from '../types.js';
import { scanUrls } from '../urls.js';
import type { Adapter } from './adapter.js';

const DEFAULT_TEMPERATURE = 1;

export const askChatCompletions: Adapter = async (call) => {
  if (call.baseUrl === null) {
    return { kind: 'failure', error: 'a chat-completions engine needs a baseUrl', retryable: false, retryAfterMs: null };
  }
  const outcome = await callChatCompletions({
    url: `${call.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    apiKey: call.apiKey,
    model: call.model,
    messages: chatMessages(call.prompt, call.locale),
    temperature: call.temperature ?? DEFAULT_TEMPERATURE,
    timeoutMs: call.timeoutMs,
    signal: call.signal,
    policy: call.policy,
    resolver: call.resolver,
    dispatcher: call.dispatcher,
  });
  return outcome.kind === 'answer' ? { kind: 'answer', answer: sourcesInText(outcome.text) } : outcome;
};

/** The answer with the URLs written in it as its sources, in order of first appearance. */
export function sourcesInText(text: string): EngineAnswer {
  const scan = scanUrls(text);
  const linkText = new Map(scan.links.map((link) => [link.start, link.text]));
  const sources = new SourceList(text.length);
  for (const found of scan.urls) {
    const label = found.visible ? null : (linkText.get(found.start) ?? null);
    const title = label !== null && !looksLikeUrl(label) ? label : null;
    sources.cite(found.url, title, found);
  }
  return { text, sources: sources.list() };
}

function looksLikeUrl(label: string): boolean {
  return /^\s*(<?https?:\/\/|www\.)/i.test(label);
}
