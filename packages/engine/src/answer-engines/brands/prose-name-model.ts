// The learned reading of the names the rules take in prose: logistic regression over each name's
// features (prose-name-features.ts), trained on the labelled answers the reader is developed on by
// `npm run brands:train`, which also decides, on answers of sets held out of training, whether the
// model or the rules alone read better. Where the model is kept, a name the rules took in a sentence
// stays a brand only when the model finds it likely: the rules' cues say where a brand may stand,
// the data how often one does there. Scoring sums the weights of the features present.
import { counts, type EvidenceModel } from '../../analyse/evidence/models.js';
import { PROSE_NAME_MODEL } from './prose-name-model.generated.js';
import { proseNameFeatures, type ProseNameAnswer } from './prose-name-features.js';
import type { BrandCandidate } from './name-shape.js';

export interface ProseNameReading {
  use: 'model' | 'rules';
  model: EvidenceModel;
}

/**
 * How prose names are read. Training replaces it (rules alone, every name observed with its
 * features); the reader otherwise reads with what training wrote.
 */
export const proseNameReading: { current: ProseNameReading; observe?: (c: BrandCandidate, answer: ProseNameAnswer) => void } = {
  current: PROSE_NAME_MODEL,
};

/** Whether a name the rules took in prose stays a brand. */
export function keepsProseName(c: BrandCandidate, answer: ProseNameAnswer): boolean {
  const { current, observe } = proseNameReading;
  observe?.(c, answer);
  if (current.use === 'rules') return true;
  return counts(current.model, proseNameFeatures(c, answer));
}

/**
 * Reads with `reading` (and shows `observe` every name the rules take in prose) for the time of
 * `read`, then puts back the reading there was: for training, and for the tests of the rules alone.
 */
export function withProseNameReading<T>(reading: ProseNameReading, read: () => T, observe?: (c: BrandCandidate, answer: ProseNameAnswer) => void): T {
  const before = { ...proseNameReading };
  proseNameReading.current = reading;
  proseNameReading.observe = observe;
  try {
    return read();
  } finally {
    proseNameReading.current = before.current;
    proseNameReading.observe = before.observe;
  }
}
