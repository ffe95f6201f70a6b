// Training the evidence models (packages/engine/src/analyse/evidence/models.ts scores with them).
import type { EvidenceModel, Features } from '@seo-geo/engine';

/**
 * Trains logistic regression with an L2 penalty by gradient descent on the mean log loss: rows of
 * named 0/1 features, and whether each counts, each row weighing `weight` (1 by default) in the
 * mean. Deterministic (weights start at zero). Hand-written rather than taken from the registry: the package looked at (ml-logistic-regression) fits no bias
 * and no penalty, and takes 50,000 full-batch steps by default; this is its arithmetic with both.
 */
export function trainModel(
  rows: ReadonlyArray<{ features: Features; counts: boolean; weight?: number }>,
  options: { penalty?: number; steps?: number; rate?: number } = {},
): EvidenceModel {
  const penalty = options.penalty ?? 1e-3;
  const steps = options.steps ?? 1500;
  const rate = options.rate ?? 0.5;
  const names = [...new Set(rows.flatMap((row) => [...row.features]))].sort();
  const index = new Map(names.map((name, i) => [name, i]));
  const columns = rows.map((row) => Int32Array.from([...row.features].map((name) => index.get(name)!)));
  const targets = rows.map((row) => (row.counts ? 1 : 0));
  const rowWeights = rows.map((row) => row.weight ?? 1);
  const total = rowWeights.reduce((a, b) => a + b, 0);
  const weights = new Float64Array(names.length);
  let bias = 0;
  const gradient = new Float64Array(names.length);
  for (let step = 0; step < steps; step++) {
    gradient.fill(0);
    let biasGradient = 0;
    for (let r = 0; r < rows.length; r++) {
      let z = bias;
      for (const c of columns[r]!) z += weights[c]!;
      const error = (1 / (1 + Math.exp(-z)) - targets[r]!) * rowWeights[r]!;
      biasGradient += error;
      for (const c of columns[r]!) gradient[c]! += error;
    }
    const n = total > 0 ? total : 1;
    bias -= (rate * biasGradient) / n;
    for (let c = 0; c < names.length; c++) weights[c]! -= rate * (gradient[c]! / n + penalty * weights[c]!);
  }
  return { bias, weights: Object.fromEntries(names.map((name, i) => [name, weights[i]!])), threshold: 0.5 };
}
