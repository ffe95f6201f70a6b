// Answer engines for GEO monitor tests: configuration, the adapters (plain OpenAI-compatible chat
// and the providers' grounded answers), the analysis of answers and the summary of a test.
export { parseEngineConfig, EngineConfigError, DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS, DEFAULT_TEMPERATURE, DEFAULT_MAX_TOKENS } from './config.js';
export { askEngine, type AskEngineOptions, type Sleep } from './ask-engine.js';
export type { RetryOptions } from './retry-policy.js';
export { languageName } from './locale.js';
export { analyseAnswer, analyseBrands } from './brands/analyse-brands.js';
export { summariseResults } from './summarise.js';
export {
  answerFigures,
  type AnalysedAnswer,
  type AnswerFigures,
  type BrandCitations,
  type BrandFigure,
  type CitationFigure,
  type FigureBrand,
} from './brands/brand-figures.js';
export { answerSources, type CitedSource } from './sources.js';
export { sourcesInText } from './adapters/chat-completions.js';
export { urlsOnSites } from './brands/tracked-brand.js';
export { citedSite } from './domains.js';
export { engineSurface, SURFACES, type Surface } from './surface.js';
export type {
  AnalysedEngineAnswers,
  AnswerAnalysis,
  AnswerEngineConfig,
  AnswerSource,
  AnswerTotals,
  BrandIdentity,
  BrandResult,
  BrandsAnalysis,
  EngineAnswer,
  EngineAnswers,
  EngineKind,
  TextUse,
  TrackedBrand,
} from './types.js';
