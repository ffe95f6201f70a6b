// Each untracked name the brand reader takes carries the reading that took it (BrandCandidate's
// `cue`), which `npm run brands:cues` counts against the labelled answers: the names here are
// ones no list knows, so only their cue can have taken them.
import { describe, expect, it } from 'vitest';
import { readBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../src/answer-engines/types.js';

const acme: TrackedBrand = { key: 'acme', name: 'Acme', aliases: [], domains: [] };
const cues = (answer: string) => readBrands(answer, [acme]).others.map((c) => [c.name, c.cue ?? c.from]);

describe('the cue each untracked name is taken on', () => {
  it('names the word before it, the enumeration or the verb after it in prose', () => {
    expect(cues('Acme is fine. You can also order the kit from Zorblan, which ships in two days.')).toEqual([['Zorblan', 'preposition from']]);
    expect(cues('Acme is fine, and Quarnix, Belvane and Tordell sell similar kits.')).toEqual([
      ['Quarnix', 'enumeration'],
      ['Belvane', 'enumeration'],
      ['Tordell', 'enumeration'],
    ]);
    expect(cues('Acme is fine. The cheapest kits come with Zorblan support, which Trelvik offers.')).toEqual([
      ['Zorblan', 'company-preposition with'],
      ['Trelvik', 'offer-verb'],
    ]);
  });

  it('says a brand a reader knows is known, and where a list or German prose named it', () => {
    expect(cues('Acme is fine, but many people order from Deliveroo instead.')).toEqual([['Deliveroo', 'known']]);
    expect(cues('1. **Zorblan** – cheap kits.\n2. **Acme** – fine.')).toEqual([['Zorblan', 'lead']]);
    expect(cues('Acme ist gut, aber viele kaufen bei Zorblan oder Quarnix ein.')).toEqual([
      ['Zorblan', 'enumeration'],
      ['Quarnix', 'enumeration with known'],
    ]);
  });

  it('ranks the same names as analyseBrands, which it reads for', () => {
    const answer = 'Acme is fine, and Quarnix, Belvane and Tordell sell similar kits.';
    const { analysis, others } = readBrands(answer, [acme]);
    expect(analysis.otherBrands).toEqual(others.map((c) => c.name));
  });
});
