// Test totals over every sample of every engine.
import { describe, expect, it } from 'vitest';
import { summariseResults } from '../../src/answer-engines/summarise.js';
import { analyseAnswer } from '../../src/answer-engines/brands/analyse-brands.js';
import type { AnalysedEngineAnswers, EngineAnswers } from '../../src/answer-engines/types.js';

const shop = { brandName: 'Example Shop', domain: 'example.com' };

/** Each answer analysed for the shop, as the server keeps an engine's result. */
const resultOf = (answers: Omit<EngineAnswers, 'samples'> & { samples: string[] }) => ({
  ...answers,
  samples: answers.samples.map((answer, index) => ({ index, answer, ...analyseAnswer(answer, shop) })),
});

describe('summariseResults', () => {
  it('is empty but well-formed without samples', () => {
    expect(summariseResults([])).toEqual({ samples: 0, mentionRate: 0, avgFirstPosition: null, citedRate: 0 });
    const failed: AnalysedEngineAnswers = { samples: [] };
    expect(summariseResults([failed])).toEqual({ samples: 0, mentionRate: 0, avgFirstPosition: null, citedRate: 0 });
  });

  it('averages over all samples of all engines, positions over mentioning samples only', () => {
    const a = resultOf({
      engine: 'a',
      model: 'm1',
      samples: ['1. **Example Shop** https://example.com/', '1. **Zalando**\n2. **Otto**\n3. **Example Shop**'],
      error: null,
    });
    const b = resultOf({ engine: 'b', model: 'm2', samples: ['Nothing about it.', 'Try Zalando.'], error: 'the model gave no answer' });
    expect(a.samples.map((s) => s.index)).toEqual([0, 1]);
    expect(b.error).toBe('the model gave no answer');
    expect(summariseResults([a, b])).toEqual({ samples: 4, mentionRate: 0.5, avgFirstPosition: 2, citedRate: 0.25 });
  });

  it('gives no average position when nothing mentions the brand', () => {
    const r = resultOf({ engine: 'a', model: 'm', samples: ['No brand here.'], error: null });
    expect(summariseResults([r]).avgFirstPosition).toBeNull();
  });
});
