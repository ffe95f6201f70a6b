// What every adapter is given and what it reports. An adapter makes one call to its provider and
// never throws for a provider or network problem: it reports an outcome the retry loop can judge
// (askWithRetries decides retries from the status and Retry-After, the SDKs' own retries are off).
import type { Dispatcher } from 'undici';
import type { SsrfPolicy } from '../../net/address-policy.js';
import type { Resolver } from '../../net/resolver.js';
import type { EngineAnswer } from '../types.js';

export interface AdapterCall {
  /** The operator's base URL, or null for the provider's own host. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string;
  prompt: string;
  locale: string;
  /** Null sends none (the provider's default). */
  temperature: number | null;
  /** Anthropic's required token limit. */
  maxTokens: number;
  timeoutMs: number;
  signal?: AbortSignal;
  policy?: SsrfPolicy;
  resolver?: Resolver;
  dispatcher?: Dispatcher;
  /** Where Gemini's grounding redirect links live; a chunk URI under it is resolved once. */
  groundingRedirectPrefix: string;
}

export type CallOutcome =
  | { kind: 'answer'; answer: EngineAnswer }
  /** The provider answered the request but gave no text (refusal, content filter, empty content). */
  | { kind: 'no-answer'; error: string }
  | { kind: 'failure'; error: string; retryable: boolean; retryAfterMs: number | null };

export type Adapter = (call: AdapterCall) => Promise<CallOutcome>;
