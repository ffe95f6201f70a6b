// One POST to an OpenAI-compatible `/chat/completions` endpoint, through the SSRF-guarded fetch:
// the operator's policy decides whether a local model server on loopback may be reached. The call
// never throws for a provider or network problem; it reports an outcome the retry loop can judge.
import type { Dispatcher } from 'undici';
import type { SsrfPolicy } from '../net/address-policy.js';
import { guardedFetch } from '../net/guarded-fetch.js';
import type { Resolver } from '../net/resolver.js';
import type { ChatMessage } from './messages.js';
import { httpFailure, type HttpFailure } from './http-failure.js';
import { providerMessage } from './provider-error.js';
import { capLength } from './text-cap.js';

export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export interface ChatCall {
  url: string;
  apiKey: string | null;
  model: string;
  messages: ChatMessage[];
  temperature: number;
  timeoutMs: number;
  signal?: AbortSignal;
  policy?: SsrfPolicy;
  resolver?: Resolver;
  dispatcher?: Dispatcher;
}

/** The plain call's outcome: the answer's text (its sources are read from the text by the adapter). */
export type ChatOutcome = { kind: 'answer'; text: string } | { kind: 'no-answer'; error: string } | HttpFailure;

export async function callChatCompletions(call: ChatCall): Promise<ChatOutcome> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (call.apiKey !== null) headers['authorization'] = `Bearer ${call.apiKey}`;
  // No `n`: several providers and local servers ignore or reject it, so each sample is its own call.
  const body = JSON.stringify({ model: call.model, messages: call.messages, temperature: call.temperature });

  const response = await guardedFetch(call.url, {
    method: 'POST',
    headers,
    body,
    timeoutMs: call.timeoutMs,
    maxBodyBytes: MAX_RESPONSE_BYTES,
    // A redirect is not followed: it would resend the key and the prompt somewhere else.
    maxRedirects: 0,
    signal: call.signal,
    policy: call.policy,
    resolver: call.resolver,
    dispatcher: call.dispatcher,
  });

  const failure = httpFailure(response);
  if (failure !== null) return failure;
  return readCompletion(response.body, response.contentType);
}

function readCompletion(body: Buffer | null, contentType: string | null): ChatOutcome {
  let json: unknown;
  try {
    json = JSON.parse(body?.toString('utf8') ?? '');
  } catch {
    return { kind: 'no-answer', error: `the response is not JSON (${contentType ?? 'no content type'})` };
  }
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  // Some servers report errors with status 200.
  if (o['error'] !== undefined) {
    const reason = providerMessage(Buffer.from(JSON.stringify({ error: o['error'] })), 'application/json');
    return { kind: 'no-answer', error: `provider error: ${reason ?? 'unspecified'}` };
  }
  const choices = Array.isArray(o['choices']) ? (o['choices'] as unknown[]) : [];
  const choice = (choices[0] ?? {}) as Record<string, unknown>;
  const message = (choice['message'] ?? {}) as Record<string, unknown>;
  const text = withoutReasoning(contentText(message['content']));
  if (text !== '') return { kind: 'answer', text: capLength(text) };

  if (choices.length === 0) return { kind: 'no-answer', error: 'the response has no choices' };
  const refusal = typeof message['refusal'] === 'string' ? `: ${message['refusal']}` : '';
  const finish = typeof choice['finish_reason'] === 'string' ? ` (finish_reason ${choice['finish_reason']})` : '';
  return { kind: 'no-answer', error: `the model gave no answer${finish}${refusal}` };
}

/** `content` is a string, or (newer APIs) a list of parts of which the text parts count. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof part === 'object' && part !== null && typeof (part as Record<string, unknown>)['text'] === 'string' ? (part as { text: string }).text : '',
    )
    .join('');
}

/**
 * Reasoning models served locally (DeepSeek-R1 and the like) put their chain of thought in a
 * leading `<think>` block of the content; it is not part of the answer a user would read.
 */
export function withoutReasoning(text: string): string {
  return text.replace(/^\s*<think>[\s\S]*?<\/think>/, '').trim();
}
