// Which surface an engine answers on (the contract's GeoSurface): a plain chat model answers from
// memory, the providers' SDK kinds search the web first.
import type { components } from '@seo-geo/types';
import type { AnswerEngineConfig } from './types.js';

export type Surface = components['schemas']['GeoSurface'];

/** The surfaces in the contract's order (how lists of surfaces are sorted). */
export const SURFACES: readonly Surface[] = ['model', 'grounded'];

export function engineSurface(engine: Pick<AnswerEngineConfig, 'kind'>): Surface {
  return (engine.kind ?? 'chat-completions') === 'chat-completions' ? 'model' : 'grounded';
}
