// The adapter of each kind of engine.
import type { EngineKind } from '../types.js';
import type { Adapter } from './adapter.js';
import { askAnthropic } from './anthropic.js';
import { askChatCompletions } from './chat-completions.js';
import { askGemini } from './gemini.js';
import { askOpenAIResponses } from './openai-responses.js';
import { askPerplexity } from './perplexity.js';

export type { Adapter, AdapterCall, CallOutcome } from './adapter.js';
export { GROUNDING_REDIRECT_PREFIX } from './grounding-redirect.js';

const ADAPTERS: Record<EngineKind, Adapter> = {
  'chat-completions': askChatCompletions,
  'openai-responses': askOpenAIResponses,
  perplexity: askPerplexity,
  gemini: askGemini,
  anthropic: askAnthropic,
};

export function adapterFor(kind: EngineKind): Adapter {
  return ADAPTERS[kind];
}
