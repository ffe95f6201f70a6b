// Answer engines for GEO monitor tests: configuration, the OpenAI-compatible adapter, the analysis
// of answers and the summary of a test.
export { parseEngineConfig, EngineConfigError, DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS, DEFAULT_TEMPERATURE } from './config.js';
export { askEngine, type AskEngineOptions, type Sleep } from './ask-engine.js';
export type { RetryOptions } from './retry-policy.js';
export { languageName } from './locale.js';
export { analyseAnswer, analyseBrands } from './analyse-answer.js';
export { summariseResults } from './summarise.js';
export {
  answerFigures,
  type AnalysedAnswer,
  type AnswerFigures,
  type BrandCitations,
  type BrandFigure,
  type CitationFigure,
  type FigureBrand,
} from './brand-figures.js';
export { answerSources, type CitedSource } from './sources.js';
export { urlsOnSites } from './tracked-brand.js';
export type {
  AnalysedEngineAnswers,
  AnswerAnalysis,
  AnswerEngineConfig,
  AnswerSource,
  AnswerTotals,
  BrandIdentity,
  BrandResult,
  BrandsAnalysis,
  EngineAnswers,
  TrackedBrand,
} from './types.js';
