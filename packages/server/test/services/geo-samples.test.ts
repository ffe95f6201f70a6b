// A GEO sample is read against the prompt it answers: an answer that starts by repeating the prompt,
// cut off, names nothing in that echo (issue 42: "Scotlan" ranked first in every answer of a run).
import { describe, expect, it } from 'vitest';
import { geoSample } from '../../src/services/geo-answers/samples.js';
import type { TrackedBrandRecord } from '../../src/storage/repositories/brand-profiles.js';

const own: TrackedBrandRecord = { competitorId: null, name: 'Kilnworks', aliases: [], domains: ['kilnworks.com'] };

describe('geoSample', () => {
  it('reads the answer against its prompt: the echoed prompt ranks nothing', () => {
    const prompt = 'best pottery classes in Scotland for beginners';
    const answer = 'best pottery classes in Scotlan\n\nKilnworks runs weekend classes; Claybarn offers evening ones.';
    const sample = geoSample(0, answer, [own], [], prompt);
    expect(sample.otherBrands).toEqual(['Claybarn']);
    expect(sample.firstMentionPosition).toBe(1);
  });
});
