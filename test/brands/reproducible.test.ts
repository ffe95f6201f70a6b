// The shipped reading of prose names is what training makes from the labelled answers
// (`npm run brands:train`, scripts/brands), and training keeps the model only where it reads the
// held-out sets better.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { BrandsSummary } from '@seo-geo/engine/testing';
import { modelReadsBetter } from '../../scripts/brands/prose-name-training.js';

// Asynchronous, as the evidence models' check is: training holds a worker's event loop for most
// of a minute, past Vitest's own reply deadline ("Timeout calling onTaskUpdate").
// execFile rejects on a non-zero exit, so `resolves` also asserts that the script passed.
const run = (script: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', script, '--check'], { cwd: new URL('../..', import.meta.url).pathname });

const summary = (position: number, otherPrecision: number, otherRecall: number): BrandsSummary => ({
  brands: 100,
  mentioned: 1,
  mentionCount: 1,
  position,
  cited: 1,
  otherPrecision,
  otherRecall,
  line: '',
});

describe('the learned reading of prose names', () => {
  it('is kept only where positions and the untracked F1 are both no worse on the held-out sets, one better', () => {
    const rules = summary(0.85, 0.85, 0.76);
    expect(modelReadsBetter(rules, summary(0.855, 0.87, 0.75))).toBe(true);
    expect(modelReadsBetter(rules, summary(0.86, 0.8, 0.7))).toBe(false);
    expect(modelReadsBetter(rules, summary(0.84, 0.95, 0.8))).toBe(false);
    expect(modelReadsBetter(rules, rules)).toBe(false);
  });

  it('ships the reading that training makes from the labelled answers', async () => {
    await expect(run('scripts/brands/train.ts')).resolves.toMatchObject({
      stdout: expect.stringMatching(/the committed reading is what training makes from the labelled answers/),
    });
    // About 45 seconds alone, longer beside the rest of the suite on two cores.
  }, 600_000);
});
