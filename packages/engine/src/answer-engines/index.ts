// Answer engines for GEO monitor tests: configuration, the OpenAI-compatible adapter, the analysis
// of answers and the summary of a test.
export { parseEngineConfig, EngineConfigError, DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS, DEFAULT_TEMPERATURE } from './config.js';
export { askEngine, type AskEngineOptions, type Sleep } from './ask-engine.js';
export type { RetryOptions } from './retry-policy.js';
export { languageName } from './locale.js';
export { analyseAnswer } from './analyse-answer.js';
export { toEngineResult } from './engine-result.js';
export { summariseResults } from './summarise.js';
export type {
  AnswerEngineConfig,
  AnswerAnalysis,
  BrandIdentity,
  EngineAnswers,
  GeoEngineResult,
  GeoSample,
  GeoTestSummary,
} from './types.js';
