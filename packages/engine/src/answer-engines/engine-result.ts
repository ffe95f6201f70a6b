// From an engine's raw answers to the contract's GeoEngineResult: each answer analysed.
import { analyseAnswer } from './analyse-answer.js';
import type { BrandIdentity, EngineAnswers, GeoEngineResult } from './types.js';

export function toEngineResult(answers: EngineAnswers, identity: BrandIdentity): GeoEngineResult {
  return {
    engine: answers.engine,
    model: answers.model,
    samples: answers.samples.map((answer, index) => ({ index, answer, ...analyseAnswer(answer, identity) })),
    error: answers.error,
  };
}
