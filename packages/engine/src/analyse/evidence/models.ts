// A learned reading of the evidence: logistic regression over the candidates' named features
// (features.ts), its weights trained from the evidence data set's settled labels by
// `npm run evidence:train` (scripts/evidence/train.ts), which also decides, detector by detector,
// whether the model or the rules read better on pages held out of its training (k-fold by page).
// Scoring is a sum of the weights of the features present: constant work per candidate.
import type { Features } from './features.js';

export interface EvidenceModel {
  bias: number;
  /** Weight of each feature by name; a feature the model does not know weighs nothing. */
  weights: Readonly<Record<string, number>>;
  /** A candidate counts when its probability is at least this. */
  threshold: number;
}

export function probability(model: EvidenceModel, features: Features): number {
  let z = model.bias;
  for (const name of features) z += model.weights[name] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

export function counts(model: EvidenceModel, features: Features): boolean {
  return probability(model, features) >= model.threshold;
}
