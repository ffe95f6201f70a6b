// Totals of a test over every sample of every engine, for the project's brand. An engine that
// failed adds no samples, so it neither lowers nor raises the rates; with no sample at all the
// rates are 0.
import type { AnalysedEngineAnswers, AnswerTotals } from './types.js';

export function summariseResults(results: readonly AnalysedEngineAnswers[]): AnswerTotals {
  const samples = results.flatMap((r) => r.samples);
  const mentioning = samples.filter((s) => s.brandMentioned);
  const positions = mentioning.flatMap((s) => (s.firstMentionPosition === null ? [] : [s.firstMentionPosition]));
  return {
    samples: samples.length,
    mentionRate: samples.length === 0 ? 0 : mentioning.length / samples.length,
    avgFirstPosition: positions.length === 0 ? null : positions.reduce((a, b) => a + b, 0) / positions.length,
    citedRate: samples.length === 0 ? 0 : samples.filter((s) => s.projectDomainCited).length / samples.length,
  };
}
