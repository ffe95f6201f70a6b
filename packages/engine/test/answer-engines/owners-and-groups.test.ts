// Two capitalised words no list of names knows may be a person's name (`Kiran Odhiambo`), but not
// after a word of owning or making (the spec's positions: "a name that owns, buys or makes a
// business counts too"). Measured on every development brand set at once: four more brands found,
// none taken wrongly (untracked recall 75.3 -> 75.5%), positions up on three sets.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';

const tracked = [{ key: 'candid', name: 'Candid', aliases: [], domains: ['candidco.com'] }];
const others = (answer: string) => analyseBrands(answer, tracked).otherBrands;

describe('an owner of two words no list knows', () => {
  it('is a business after a word of owning', () => {
    expect(others('Candid pairs aligners with an orthodontist. Its rival Byte is owned by Dentsply Sirona.')).toContain('Dentsply Sirona');
    const mezcal = 'Candid es una buena opción. El mezcal Del Maguey embotella mezcal de pueblos de Oaxaca. Hoy es propiedad de Pernod Ricard.';
    expect(others(mezcal)).toContain('Pernod Ricard');
  });

  it('is a business where it opens a sentence that says what it owns or bought', () => {
    expect(others('Candid is popular. Quillgeo owns it, along with two other aligner brands.')).toContain('Quillgeo');
  });

  it('is still read as a person elsewhere', () => {
    expect(others('Candid pairs aligners with an orthodontist, says Kiran Odhiambo, who wore them for a year.')).not.toContain('Kiran Odhiambo');
  });
});

// A group's noun ending a name was read for Group, Holding and Industries; companies, brands,
// partners and enterprises end groups' names too. Measured on every development brand set at once:
// two more brands found, none taken wrongly; one position lost on set 9, where a brand taken
// wrongly before it had made up for the group that was missed.
describe('a group of companies named by its noun', () => {
  it('is a business, not a person, for companies, brands and partners', () => {
    expect(others('Candid is good. Rocket Mortgage is part of Rocket Companies, which also bought Redfin.')).toContain('Rocket Companies');
    expect(others('Candid è valida. FoodSaver appartiene a Newell Brands, che vende anche Crock-Pot.')).toContain('Newell Brands');
    expect(others('Candid is good. The chain was sold to Sycamore Partners in 2020.')).toContain('Sycamore Partners');
  });
});

// The group a business is part of is a business too, as its owner is ("now part of Revelyst", "fait
// partie du groupe", "Teil der Munich Re"). Measured on every development brand set at once: seven
// more brands found, one taken wrongly (a place no list knows: `parte del Canal Grande`); positions
// up 0.2 points over all.
describe('the group a business is part of', () => {
  it('is a business, whatever its words', () => {
    expect(others('Candid is good. Bushnell, now part of Quillvest, has long been the standard on tour.')).toContain('Quillvest');
    expect(others('Candid es buena. Preethi es parte de Zorbiana desde 2024.')).toContain('Zorbiana');
  });

  it('leaves a place a place, which may stand after such words too', () => {
    expect(others('Candid is good. Croydon became part of London in 1965.')).not.toContain('London');
    // Italian's `parte da` departs from a place (places-bodies-lines.test.ts reads `parte da Linate`).
    expect(others('Candid è valida. Il volo parte da Malpensa alle nove.')).not.toContain('Malpensa');
  });

  it('is a business past a nationality, and so is a name a nationality introduces after an article or a company noun', () => {
    // Made-up names; the nationality stands in lower case between the cue and the name (words/nationalities.txt).
    expect(others("Candid est fiable. Zorvane appartient aujourd'hui au japonais Kelmix.")).toContain('Kelmix');
    expect(others('Candid é boa. O Santor, da italiana Pravelli, tem néctares doces.')).toContain('Pravelli');
    expect(others('Candid è valida. Zucchi è il marchio storico, oggi del gruppo francese Ostrel.')).toContain('Ostrel');
    // A person after a nationality is read first by the given name (`la française Marie Dupont`).
    expect(others('Candid est fiable. Elle a rencontré la française Marie Dupont à Lyon.')).not.toContain('Marie Dupont');
  });

  it('is a business after a word of owning even when its words are common ones', () => {
    expect(others('Candid pairs aligners with an orthodontist. Its rival Byte is now owned by Premium Brands.')).toContain('Premium Brands');
    // Not without the cue: two common words in a sentence are no name.
    expect(others('Candid pairs aligners with an orthodontist. Byte sells Premium Brands too.')).not.toContain('Premium Brands');
  });
});

// Owners read through more of the ways answers write them. Measured on every development brand set
// at once (1,125 answers): twelve more brands found, none more taken wrongly (untracked 84.60 ->
// 84.66% / 76.06 -> 76.39%), positions 84.03 -> 84.15%.
describe('an owner named in more ways', () => {
  it('is a business after a span of time inside the cue, and after `the parent of`', () => {
    expect(others('Candid is good. Terminix, owned since 2022 by Quarlton, treats termites.')).toContain('Quarlton');
    expect(others('Candid is good. It is owned by Rocket Companies, the parent of Brightloan Mortgage.')).toContain('Brightloan Mortgage');
  });

  it("is a group's name after the group's noun in lower case, though the name is a town's", () => {
    expect(others('Candid es buena. Si buscás algo más clásico, Trapiche, del grupo Peñaflor, tiene una bodega en Maipú.')).toContain('Peñaflor');
    expect(others('Candid è valida. La passata rustica è del gruppo Conserve Italia e costa poco.')).toContain('Conserve Italia');
  });

  it("is a company after a word of belonging though its words are a person's, not after a word of making", () => {
    expect(others('Candid is good. Stoves, Belling and New World all belong to Glen Dimplex and share parts.')).toContain('Glen Dimplex');
    expect(others('Candid is good. Kilnory sells glazes made by Maria Ostrand.')).not.toContain('Maria Ostrand');
    expect(others('Candid é boa. Achilles de Brito comprou a fábrica em 1918.')).not.toContain('Achilles de Brito');
  });

  it("keeps a title's word that opens a name inside a sentence, and drops it at the sentence's start", () => {
    expect(others('Candid é boa. A Yoki faz paçoca e pertence hoje à General Mills.')).toContain('General Mills');
    expect(others('Candid is good. Founder Peter Cancro opened the first shop in 1956.')).not.toContain('Peter Cancro');
  });
});
