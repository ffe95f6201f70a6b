// What the prose reader is told of an answer, and what it finds in it: names where a brand may
// stand, names that need the same name elsewhere, and what prose showed not to be a brand.
import type { Language } from './lexicon.js';
import type { BrandCandidate } from './name-shape.js';

export interface ProseNames {
  /** Names in places that qualify. */
  names: BrandCandidate[];
  /** Names at the start of a sentence, which need the same name elsewhere. */
  pending: BrandCandidate[];
  /**
   * Compact keys of what prose showed not to be a brand wherever else it stands: a tracked brand's
   * product named with it (`Target Circle 360`, `Chime's SpotMe`), a person's surname (`Muñoz`
   * after `Dabiz Muñoz`), a place after a locative in an answer about a place, a public body's
   * short name (`Banco de México (Banxico)`).
   */
  notBrands: Set<string>;
  /**
   * Compact keys of the first word of a tracked brand's product line named with it (`QuietComfort`
   * in `Bose QuietComfort Ultra`), when no common word: a later name that opens with it is another
   * model of the line (`the older QuietComfort 45`), named without its maker.
   */
  productLines: Set<string>;
}

export interface ProseContext {
  language: Language | null;
  /** Whether the question is about a place (its prompt names a city, region or country): names after `in`, `en`, `no` are then its parts. */
  local: boolean;
}
