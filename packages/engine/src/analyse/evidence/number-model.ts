// The statistics model over the number features: compiled once into a weight per feature id, so
// that scoring a number is a sum over its ids and a look-up of the words either side, with a logit
// threshold in place of an exponential per number.
import { MAX_NUMBER_FEATURES, NUMBER_FEATURE_NAMES } from './number-feature-ids.js';
import { readNumbers } from './number-features.js';
import type { NumberCandidate } from './candidates.js';
import type { EvidenceModel } from './models.js';

interface CompiledModel {
  bias: number;
  threshold: number;
  byId: Float64Array;
  next: ReadonlyMap<string, number>;
  prev: ReadonlyMap<string, number>;
}

const compiled = new WeakMap<EvidenceModel, CompiledModel>();

/** The model's weights by feature id, worked out once per model. */
function compiledNumberModel(model: EvidenceModel): CompiledModel {
  let c = compiled.get(model);
  if (c === undefined) {
    const byId = Float64Array.from(NUMBER_FEATURE_NAMES, (name) => model.weights[name] ?? 0);
    const next = new Map<string, number>();
    const prev = new Map<string, number>();
    for (const [name, weight] of Object.entries(model.weights)) {
      if (name.startsWith('next=')) next.set(name.slice(5), weight);
      else if (name.startsWith('prev=')) prev.set(name.slice(5), weight);
    }
    // A logit threshold: no exponential per number.
    const threshold = Math.log(model.threshold / (1 - model.threshold));
    c = { bias: model.bias, threshold, byId, next, prev };
    compiled.set(model, c);
  }
  return c;
}

/** Which of the page's numbers the model counts as statistics. */
export function numbersCounted(model: EvidenceModel, text: string, numbers: readonly NumberCandidate[], lang: string | null): boolean[] {
  const m = compiledNumberModel(model);
  const reading = readNumbers(text, numbers, lang);
  const buffer = new Int32Array(MAX_NUMBER_FEATURES);
  return numbers.map((_, i) => {
    const count = reading.ids(i, buffer);
    let z = m.bias;
    for (let k = 0; k < count; k++) z += m.byId[buffer[k]!]!;
    z += (m.next.get(reading.next(i)) ?? 0) + (m.prev.get(reading.prev(i)) ?? 0);
    return z >= m.threshold;
  });
}
