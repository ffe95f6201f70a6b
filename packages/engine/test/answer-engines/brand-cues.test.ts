// Each untracked name the brand reader takes carries the reading that took it (BrandCandidate's
// `cue`), which `npm run brands:cues` counts against the labelled answers: the names here are
// ones no list knows, so only their cue can have taken them.
import { describe, expect, it } from 'vitest';
import { readBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../src/answer-engines/types.js';
import { byRulesAlone } from './rules-alone.js';

const acme: TrackedBrand = { key: 'acme', name: 'Acme', aliases: [], domains: [] };
/** The names the rules take, with their cues. */
const cues = (answer: string) => byRulesAlone(() => readBrands(answer, [acme]).others.map((c) => [c.name, c.cue ?? c.from]));

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

describe('a word of a link text that spells the link’s own site', () => {
  it('is that site’s brand, a given name or not, and ranks where the link stands', () => {
    // `Otto` is a given name, and `eFarma` after `su` in running prose waits for a cue: the link's site names them.
    const otto =
      'Acme ist gut. Gute Adressen:\n\n- [Nielsen-Rahmen bei Otto](https://www.otto.de/suche/rahmen/) – Nielsen Design aus Bönen ist der bekannteste Hersteller. Bei Otto bekommst du die gängigen Größen.\n- [Acme](https://acme.de/) – gut.';
    expect(cues(otto)).toEqual([['Otto', 'site of its link']]);
    const efarma =
      'Per il senza glutine:\n\n- [Farmo su eFarma](https://www.efarma.com/farmo.html) – La pasta Farmo di mais e riso è tra le migliori; su eFarma conviene comprare le confezioni da 12.\n- [Acme](https://acme.it/) – buono.';
    expect(cues(efarma)).toEqual([
      ['Farmo', 'prose'],
      ['eFarma', 'site of its link'],
    ]);
  });

  it('is not the site written as a domain, nor the first word of a name taken already, nor a tracked brand’s site', () => {
    expect(cues('Acme is fine. Compare rates on [Booking.com](https://www.booking.com) first.')).toEqual([]);
    expect(cues('Acme is fine. - **[Costco Optical](https://www.costco.com/contact-lenses.html)** is cheap.')).toEqual([['Costco Optical', 'link']]);
    const shop: TrackedBrand = { key: 'shop', name: 'Otto Versand', aliases: [], domains: ['otto.de'] };
    expect(readBrands('Acme ist gut. Gute Adressen:\n\n- [Rahmen bei Otto](https://www.otto.de/) – groß.', [acme, shop]).others).toEqual([]);
  });
});
