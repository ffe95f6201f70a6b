// Asks one answer engine the test's prompt N times, through the adapter of its kind (plain chat
// completions, or a provider's grounded answers through its SDK). Samples are asked one after
// another: answers vary from call to call, which is the point of sampling, and sequential calls
// stay clear of the rate limits a burst would hit (engines can still be asked in parallel by the
// caller).
// Nothing is ever made up: a call without an answer adds no sample, and the reason is kept.
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { SsrfPolicy } from '../net/address-policy.js';
import type { Resolver } from '../net/resolver.js';
import { adapterFor, GROUNDING_REDIRECT_PREFIX, type AdapterCall, type CallOutcome } from './adapters/index.js';
import { DEFAULT_MAX_TOKENS, DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS } from './config.js';
import { redactSecret, trimError } from './provider-error.js';
import { redactAnswer } from './redact-answer.js';
import { backoffMs, resolveRetryOptions, type ResolvedRetryOptions, type RetryOptions } from './retry-policy.js';
import type { AnswerEngineConfig, EngineAnswers } from './types.js';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface AskEngineOptions {
  prompt: string;
  /** BCP 47 tag; the engine is told to answer in its language. */
  locale: string;
  /** Cancels the whole ask; askEngine then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Awaited after each call the engine answered or failed (one call however many attempts it took;
   * not a call the signal aborted), before the next: the caller counts the calls made as they are
   * made. A rejection ends the ask with it.
   */
  onCall?: () => Promise<void>;
  /** Where `apiKeyEnv` is looked up (default `process.env`), at call time. */
  env?: Record<string, string | undefined>;
  /** SSRF policy of the outbound calls; loopback model servers need `allowLoopback`. */
  policy?: SsrfPolicy;
  resolver?: Resolver;
  /** A guarded dispatcher to pool connections; otherwise one is made per call. */
  dispatcher?: Dispatcher;
  retry?: RetryOptions;
  /** Waiting between attempts; injectable so tests need not wait. */
  sleep?: Sleep;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
  /** Where Gemini's grounding redirect links live (default Google's); tests point it at a fake. */
  groundingRedirectPrefix?: string;
}

const defaultSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, { signal });
  } catch (err) {
    // Reject with the caller's own reason, as an aborted call does, not with a generic AbortError.
    signal?.throwIfAborted();
    throw err;
  }
};

type AskOutcome = Exclude<CallOutcome, { kind: 'failure' }> | { kind: 'failure'; error: string };

export async function askEngine(config: AnswerEngineConfig, options: AskEngineOptions): Promise<EngineAnswers> {
  const { signal } = options;
  signal?.throwIfAborted();
  const result: EngineAnswers = { engine: config.name, model: config.model, samples: [], error: null };

  let apiKey: string | null = null;
  if (config.apiKeyEnv) {
    apiKey = (options.env ?? process.env)[config.apiKeyEnv] ?? null;
    if (apiKey === null || apiKey === '') {
      result.error = `the environment variable ${config.apiKeyEnv} (apiKeyEnv) holds no API key`;
      return result;
    }
  }

  const call: AdapterCall = {
    baseUrl: config.baseUrl ?? null,
    apiKey,
    model: config.model,
    prompt: options.prompt,
    locale: options.locale,
    temperature: config.temperature ?? null,
    maxTokens: config.maxTokens ?? DEFAULT_MAX_TOKENS,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal,
    policy: options.policy,
    resolver: options.resolver,
    dispatcher: options.dispatcher,
    groundingRedirectPrefix: options.groundingRedirectPrefix ?? GROUNDING_REDIRECT_PREFIX,
  };
  const adapter = adapterFor(config.kind ?? 'chat-completions');
  const retry = resolveRetryOptions(options.retry);
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  const wanted = config.samples ?? DEFAULT_SAMPLES;
  for (let i = 0; i < wanted; i++) {
    const outcome = await askWithRetries(() => adapter(call), signal, retry, sleep, random);
    await options.onCall?.();
    if (outcome.kind === 'answer') {
      result.samples.push(redactAnswer(outcome.answer, apiKey));
      continue;
    }
    result.error = trimError(redactSecret(outcome.error, apiKey));
    // A failure that survived its retries would fail the remaining samples the same way, each after
    // its own retries: stop here. A call without an answer (refusal, empty content) is not that.
    if (outcome.kind === 'failure') break;
  }
  return result;
}

async function askWithRetries(
  attemptCall: () => Promise<CallOutcome>,
  signal: AbortSignal | undefined,
  retry: ResolvedRetryOptions,
  sleep: Sleep,
  random: () => number,
): Promise<AskOutcome> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptCall();
    // A cancelled call fails like a network error; it must end the ask, not be retried.
    signal?.throwIfAborted();
    if (outcome.kind !== 'failure') return outcome;
    if (!outcome.retryable) return { kind: 'failure', error: outcome.error };
    if (attempt >= retry.maxAttempts) {
      return { kind: 'failure', error: attempt > 1 ? `${outcome.error} (gave up after ${attempt} attempts)` : outcome.error };
    }
    const asked = outcome.retryAfterMs;
    if (asked !== null && asked > retry.maxRetryAfterMs) {
      return { kind: 'failure', error: `${outcome.error} (the provider asks to wait ${Math.ceil(asked / 1000)} s before retrying)` };
    }
    await sleep(asked ?? backoffMs(attempt, retry, random), signal);
    signal?.throwIfAborted();
  }
}
