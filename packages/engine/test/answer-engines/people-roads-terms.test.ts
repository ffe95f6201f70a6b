// Names a careful reader does not take for brands (issue 42, item 3): people after a plural title, a ruler with its numeral, or
// named with a surname's particle, a numbered road, a term's abbreviation in brackets after its
// lower-case words, a numbered standard and a state's tax-free account. Each with made-up answers,
// the other brand beside it found still.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';

const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: ['sonara.example'] }];
const others = (answer: string) => analyseBrands(answer, tracked).otherBrands;

describe('untracked brands: people, roads and terms', () => {
  it('a plural title opens people, as the singular does', () => {
    expect(others('Chefs Andrew Taylor and Dana Kell run Sonara, and their rival Zentra opened next door.')).not.toContain('Chefs Andrew Taylor');
    expect(others('Chef Andrew Taylor runs Sonara, and Zentra opened next door.')).not.toContain('Chef Andrew Taylor');
  });

  it('a given name and a surname the frequency list holds as an English word, which the dictionary does not, are a person', () => {
    expect(others('Sonara sells kilns, and so does Zentra, run by Maria Lopez, from its shop.')).not.toContain('Maria Lopez');
    expect(others('Sonara is cheap; the brand is named after its founders, Bill Russell and Peter Hobbs.')).toEqual([]);
  });

  it("a given name and a ruler's numeral are a person, a king or a pope", () => {
    expect(others('Sonara évoque la comtesse du Barry, favorite de Louis XV, mais la maison est gersoise.')).toEqual([]);
    expect(others('Sonara was founded in the reign of Henry VIII, and Zentra ships its kilns from Leeds.')).not.toContain('Henry VIII');
  });

  it("a class's grade is no brand, nor is a capital letter that shapes a common noun", () => {
    expect(others('Sonara sells Level 2 chargers; Zentra does not.')).not.toContain('Level 2');
    expect(others('Sonara makes a ladder that folds into an A-frame or a short extension.')).toEqual([]);
  });

  it('a region named by either of its two official names is a place', () => {
    expect(others('Sonara es la más barata. Zentra, de Navarra, es conocida por sus platos preparados.')).not.toContain('Navarra');
  });

  it("a surname after its particle is the person's: after a title, or after a given name", () => {
    expect(others('Le général de Gaulle, né à Lille, aimait les gaufres de chez Sonara et de chez Zentra.')).toEqual(['Zentra']);
    expect(others('La bodega fue fundada en 1858 por Guillermo Hurtado de Amézaga; hoy Sonara y Zentra la distribuyen.')).toEqual(['Zentra']);
  });

  it('a road and its number are a place', () => {
    expect(others('Along Route 1, Sonara and Zentra both run service stations.')).toEqual(['Zentra']);
    expect(others('Along Interstate 95, Sonara and Zentra both run service stations.')).toEqual(['Zentra']);
    // A national road by its noun alone, and a fare zone by its number (labelled-answers-27/dev: position 84.07 -> 84.15% over the development answers).
    expect(others('Muita gente sai da A2 ou da Nacional 4 só para comer na Sonara ou na Zentra.')).not.toContain('Nacional 4');
    expect(others('Sonara has rooms in Zone 2, and Zentra, Kabumix and Zone 3 flats cost less.')).not.toContain('Zone 3');
  });

  it('a label named after its word is no brand, nor are the names joined to it, whatever the word', () => {
    // Over the development answers, four names fewer taken wrongly and none lost.
    expect(others('Sonara et Zentra vendent du bio. Les labels Cosmébiox et Ecocertix garantissent les ingrédients.')).toEqual(['Zentra']);
    expect(others('A Sonara e a Zentra usam papel com certificação FSC ou Pefcox, de florestas geridas.')).toEqual(['Zentra']);
  });

  it("a name after a noun and its article is no maker's after a place's kind, a species, a project, a pass or a mention", () => {
    // Over the development answers, eleven names fewer taken wrongly and none lost; positions 84.18 -> 84.37%.
    expect(others('Sonara et Zentra sont en ville. La pâtisserie Béchard, sur le cours Mirabelo, est une institution.')).not.toContain('Mirabelo');
    expect(others('Sonara et Zentra : les trajets sont gratuits pour ceux qui ont un passe Navigox.')).not.toContain('Navigox');
    expect(others('Sonara y Zentra venden hormigas culonas, reinas de la especie Attax laevigata.')).not.toContain('Attax');
    expect(others('Sonara et Zentra : cherchez la mention Qualibox ou un artisan affilié.')).not.toContain('Qualibox');
    // A maker after its noun is still read so: `un moteur Bosch`.
    expect(others('Sonara vend des vélos avec un moteur Zorblix et une batterie de 500 Wh.')).toContain('Zorblix');
  });

  it('an enumeration made only of acronyms no list knows is no evidence of brands', () => {
    // Over the development answers: twelve names fewer taken wrongly, two brands lost (`PADI o SSI`), positions 84.37 -> 84.55%.
    expect(others('Sonara y Zentra operan con láser. La cirugía refractiva (LASIQ, PRQ o SMILQ) corrige la miopía.')).toEqual(['Zentra']);
    expect(others('Sonara and Zentra sell filament: print in PLA first, and leave PETQ and ABQ for later.')).toEqual(['Zentra']);
    // Beside a name, acronyms are enumerated names as before.
    expect(others('Sonara, Zentra, GMQ and Hyundai sell electric cars.')).toEqual(['Zentra', 'GMQ', 'Hyundai']);
  });

  it("an acronym's possessive is no brand's cue alone, a body's as often", () => {
    expect(others('Sonara and Zentra publish fees, and APRX’s annual performance test flags any fund that failed.')).toEqual(['Zentra']);
    // A name's possessive before what it offers still is: `Royal Mail's Tracked 48`.
    expect(others('Sonara and Zentra ship it, or use Postiva’s Tracked 48 service.')).toContain('Postiva');
  });

  it("an abbreviation in brackets of the lower-case words before it is a term's, not a brand's", () => {
    expect(others('Because EVs carry a low benefit-in-kind (BiK) rate, Sonara and Zentra both offer them.')).toEqual(['Zentra']);
    expect(others('Compare the annual percentage rate (APR) of Sonara and Zentra.')).toEqual(['Zentra']);
    // A brand's own short name in brackets after its capitalised name is the brand's.
    expect(others('Sonara and Hygge Home Goods (HHG) sell the same lamp.')).toContain('Hygge Home Goods');
  });

  it("a standard's noun before its number is a standard, and a state's tax-free account a scheme", () => {
    expect(others('Look for ANSI Standard 44 on Sonara and Zentra softeners alike.')).toEqual(['Zentra']);
    expect(others('A stocks and shares Junior ISA from Sonara or Zentra lets you invest tax-free.')).toEqual(['Zentra']);
    // A brand named after the word, with no number, stays a brand.
    expect(others('1. **Vexmoor Standard** – reliable furnaces.\n2. **Sonara** – quiet.')).toEqual(['Vexmoor Standard']);
  });

  it("a person's kin after a family noun and `of`, `de` is a person", () => {
    expect(others('Sonara a été créée par Hans Velder, le père de Friedrich, et Zentra vend aussi des mitigeurs.')).not.toContain('Friedrich');
    expect(others('Sonara was started by the son of Hans Velder, and Zentra sells taps too.')).not.toContain('Hans Velder');
    expect(others('Sonara a été créée par Hans Velder, le père de Friedrich, et Zentra vend aussi des mitigeurs.')).toContain('Zentra');
  });
});
