// Rule 3 of the brand reader: an answer that starts by repeating its prompt, cut off, names nothing
// there (issue 42: "Scotlan" at position 1 in every answer of a run).
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../../src/answer-engines/brands/analyse-brands.js';
import { promptEcho } from '../../../src/answer-engines/brands/echo.js';
import type { TrackedBrand } from '../../../src/answer-engines/types.js';

const kiln: TrackedBrand = { key: 'kiln', name: 'Kilnworks', aliases: [], domains: [] };

describe('the prompt’s echo', () => {
  const prompt = 'best pottery classes in Scotland for beginners';
  const answer = 'best pottery classes in Scotlan\n\nKilnworks runs weekend classes; Claybarn offers evening ones.';

  it('is found, with its truncated last word', () => {
    const echo = promptEcho(answer, prompt);
    expect(echo?.truncated).toEqual({ start: answer.indexOf('Scotlan'), end: answer.indexOf('Scotlan') + 7 });
    expect(promptEcho('Kilnworks is the best.', prompt)).toBeNull();
  });

  it('ranks nothing, so the first brand of the answer is first', () => {
    const a = analyseBrands(answer, [kiln], { prompt });
    expect(a.otherBrands).toEqual(['Claybarn']);
    expect(a.brands[0]!.position).toBe(1);
  });

  it('ranks a name it holds only when the answer names it again, at its first appearance', () => {
    const a = analyseBrands('Where to buy a Nintendo Switch at the best pri\n\nKilnworks sells it below the price set by Nintendo.', [kiln], {
      prompt: 'Where to buy a Nintendo Switch at the best price?',
    });
    expect(a.otherBrands).toEqual(['Nintendo']);
    expect(a.brands[0]!.position).toBe(2);
  });
});
