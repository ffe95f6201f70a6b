// The evidence models' training (scripts/evidence/logistic.ts) against logistic regression's
// closed form: with one 0/1 feature, the maximum-likelihood bias is the log odds without it and the
// weight the log odds ratio; the penalty pulls the weight towards zero; training is deterministic.
import { describe, expect, it } from 'vitest';
import { trainModel } from '../../scripts/evidence/logistic.js';

const logit = (p: number) => Math.log(p / (1 - p));

/** 100 rows with the feature (80 counting) and 100 without (20 counting). */
const ROWS = [
  ...Array.from({ length: 100 }, (_, i) => ({ features: new Set(['f']), counts: i < 80 })),
  ...Array.from({ length: 100 }, (_, i) => ({ features: new Set<string>(), counts: i < 20 })),
];

describe('trainModel', () => {
  it('finds the maximum-likelihood weights of one feature', () => {
    const model = trainModel(ROWS, { penalty: 0, steps: 6000, rate: 1 });
    expect(model.bias).toBeCloseTo(logit(0.2), 2);
    expect(model.weights.f).toBeCloseTo(logit(0.8) - logit(0.2), 2);
  });

  it('pulls the weights towards zero with a penalty, and is deterministic', () => {
    const free = trainModel(ROWS, { penalty: 0, steps: 3000 });
    const penalised = trainModel(ROWS, { penalty: 0.05, steps: 3000 });
    expect(Math.abs(penalised.weights.f!)).toBeLessThan(Math.abs(free.weights.f!));
    expect(trainModel(ROWS, { steps: 200 })).toEqual(trainModel(ROWS, { steps: 200 }));
  });
});
