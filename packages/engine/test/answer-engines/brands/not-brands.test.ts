// Rule 3 of the brand reader: people, places, public bodies, regulators, laws and events are not
// brands, nor is a list item's bold lead that is a verb or a label; German prose is read for names
// (issue 42, "Brands in AI answers").
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../../src/answer-engines/types.js';

const kiln: TrackedBrand = { key: 'kiln', name: 'Kilnworks', aliases: [], domains: [] };
const others = (answer: string) => analyseBrands(answer, [kiln]).otherBrands;

describe('names that are not brands', () => {
  it('public bodies, regulators, laws and events', () => {
    expect(others('Kilnworks and Claybarn are supervised by the Banco de Lituania; the Ley Rider applies, and the Feria de Abril raises prices.')).toEqual([
      'Claybarn',
    ]);
    expect(others('Kilnworks, like Claybarn, is registered with the CNMC and follows the Bundesnetzagentur.')).toEqual(['Claybarn']);
  });

  it('places from the data (countries, cities, regions) and place names', () => {
    expect(others('Kilnworks ships from Lyon and Shropshire; Claybarn has a shop on Avenida da Liberdade in Portugal.')).toEqual(['Claybarn']);
  });

  it('people: a given name and a surname', () => {
    expect(others('Kilnworks was praised by Leon Trotsky’s biographer; Eliud Kipchoge wears Claybarn.')).toEqual(['Claybarn']);
  });

  it('units after a number and products named with their maker', () => {
    expect(others('Kilnworks sells 16 GB kilns; Claybarn offers la línea Terra Pro and its Glaze Club plan.')).toEqual(['Claybarn']);
  });
});

describe('bold leads', () => {
  it('are labels when they are a verb or a common word, names when they look like one', () => {
    const answer =
      'You can get what you need from a few places, and the one you pick is up to you:\n\n' +
      '1. **Compare fees** – it is the first thing to do, and Kilnworks is the cheapest.\n2. **Payments** – all of them take cards.\n3. **Potterly** – classes online.';
    expect(others(answer)).toEqual(['Potterly']);
    const french =
      'Voici ce que vous pouvez faire pour payer moins cher, et ce qui compte le plus :\n\n' +
      '1. **Vérifier** – les frais de livraison, que Kilnworks offre.\n2. **Comparer** – les prix sur le site.\n3. **Potterly** – des cours en ligne.';
    expect(others(french)).toEqual(['Potterly']);
  });
});

describe('German prose', () => {
  it('is read for the names in its sentences, not for the nouns German capitalises', () => {
    const answer =
      'Am schnellsten vergleichen Sie über Check24 oder Verivox: Beide Portale zeigen Tarife nach Postleitzahl. ' +
      'Kilnworks verkauft Schuhe von Nike und Adidas, die Wärmepumpe liefert der Versorger.';
    expect(others(answer)).toEqual(['Check24', 'Verivox', 'Nike', 'Adidas']);
  });
});
