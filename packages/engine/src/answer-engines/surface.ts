// Which surface an engine answers on (the contract's GeoSurface): a plain chat model answers from
// memory, the providers' SDK kinds search the web first.
import type { components } from '@seo-geo/types';
import type { AnswerEngineConfig, EngineKind } from './types.js';

export type Surface = components['schemas']['GeoSurface'];

/** The surfaces in the contract's order (how lists of surfaces are sorted). */
export const SURFACES: readonly Surface[] = ['model', 'grounded'];

/** Each kind's surface, keyed so that a new kind does not compile until it says which. */
const SURFACE_OF: { readonly [kind in EngineKind]: Surface } = {
  'chat-completions': 'model',
  perplexity: 'grounded',
  'openai-responses': 'grounded',
  anthropic: 'grounded',
  gemini: 'grounded',
};

export function engineSurface(engine: Pick<AnswerEngineConfig, 'kind'>): Surface {
  return SURFACE_OF[engine.kind ?? 'chat-completions'];
}
