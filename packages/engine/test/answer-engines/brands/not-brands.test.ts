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
    expect(others('Kilnworks ships from Lyon and Shropshire; Claybarn sells from a shop on Avenida da Liberdade in Portugal.')).toEqual(['Claybarn']);
  });

  it('people: a given name and a surname', () => {
    expect(others('Kilnworks was praised by Leon Trotsky’s biographer; Eliud Kipchoge wears shoes from Claybarn.')).toEqual(['Claybarn']);
  });

  it('a public body by its site (a government domain), its noun, or as the short name in brackets', () => {
    const sources = ['https://www.quarnel.gov.br/cobertura', 'https://claybarn.com/'];
    expect(analyseBrands('Kilnworks e Claybarn cobrem a cidade; confira o mapa da Quarnel.', [kiln], { sourceUrls: sources }).otherBrands).toEqual([
      'Claybarn',
    ]);
    expect(others('Kilnworks and Claybarn follow the regulator Ofqual; Vextor, the energy regulator, sets the cap.')).toEqual(['Claybarn']);
    expect(others('Kilnworks y Claybarn usan el sistema del Banco de México (Banxico) para transferir.')).toEqual(['Claybarn']);
  });

  it('places joined by a particle, and in an answer about a place, the parts named after `in`, `en`, `no`', () => {
    expect(others('Kilnworks et Claybarn livrent depuis Marne-la-Vallée.')).toEqual(['Claybarn']);
    const prompt = 'Where to stay in Lyon for the festival';
    expect(
      analyseBrands('Kilnworks has the most rooms in Croix-Rousse, and you can find Claybarn flats by the river for less.', [kiln], { prompt }).otherBrands,
    ).toEqual(['Claybarn']);
    const sevilla = 'hoteles en Sevilla para la feria';
    expect(
      analyseBrands(
        'Para la feria, Kilnworks y Claybarn tienen hoteles en Nervión, que está muy bien conectado con el metro; los barrios de Triana, Arenal y Porvera son más caros.',
        [kiln],
        { prompt: sevilla },
      ).otherBrands,
    ).toEqual(['Claybarn']);
    // Without a place asked about, `en` names a shop as often as a district. (The second sentence gives
    // the name a brand's evidence; read as a district after `en`, it would be no brand anywhere.)
    expect(analyseBrands('Compra en Claybarn o en Kilnworks; Claybarn ofrece envío gratis.', [kiln], { prompt: 'mejor tienda online' }).otherBrands).toEqual([
      'Claybarn',
    ]);
  });

  it('a person of a brand, and a numbered part of a law', () => {
    expect(others('Kilnworks is fine, says Jason Telfair of Potterly, and Section 75 protects you.')).toEqual(['Potterly']);
  });

  it('people whose given name the lists do not hold, and their surname alone', () => {
    expect(others('Kilnworks made the shoe that Tigst Assefa wore, and you can also buy it from Claybarn.')).toEqual(['Claybarn']);
    expect(others('1. **Claybarn** – el restaurante de Dabiz Muñoz.\n2. **Kilnworks** – la versión informal de Muñoz.')).toEqual(['Claybarn']);
  });

  it('a body named as the one that supervises or registers', () => {
    expect(others('Kilnworks e Claybarn sono banche sicure, vigilate dalla Vextora; la Quarnel e la Banca d’Italia vigilano sul mercato.')).toEqual([
      'Claybarn',
    ]);
    expect(others('Confira sempre se a Kilnworks ou a Claybarn está registrada na Quarnel antes de contratar o seguro.')).toEqual(['Claybarn']);
  });

  it('sports clubs, by the letters of their name', () => {
    expect(others('Kilnworks vende la camiseta del Sevilla FC y la del CD Vextor; Claybarn vende las dos.')).toEqual(['Claybarn']);
  });

  it('the sides of a fixture, and a line named in apposition with its owner', () => {
    expect(others('Kilnworks shows most games, including Arsenal v Liverpool; Claybarn shows the rest.')).toEqual(['Claybarn']);
    expect(others('Kilnworks tiene más frecuencias con Avlo, su marca de bajo coste, y Claybarn ofrece menos.')).toEqual(['Claybarn']);
  });

  it('a tracked brand’s product named with it, also where it stands alone later', () => {
    expect(others('Kilnworks Circle 360 members get free delivery, and Circle 360 costs less than a Claybarn membership.')).toEqual(['Claybarn']);
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
    // An infinitive the language knows in another form is a verb (`Confrontare`: `confronto`).
    const italian =
      'Ecco cosa controllare prima di aprire un conto, e cosa offre ciascuna banca per questo:\n\n' +
      '1. **Confrontare** – i costi di Kilnworks.\n2. **Potterly** – la banca online più economica.';
    expect(others(italian)).toEqual(['Potterly']);
  });

  it('in a list of labels, a lead made of common words is one more label', () => {
    const answer =
      'Here is what to check before you buy a phone, and what each of the shops offers for it:\n\n' +
      '1. **Display** – Kilnworks is fine here.\n2. **Camera** – Kilnworks again.\n3. **Trade-in** – ask in store.\n4. **Price Match** – most shops do it.';
    expect(others(answer)).toEqual([]);
    // A list of brands keeps its leads.
    expect(others('Where to buy:\n\n1. **Kilnworks** – cheap.\n2. **Target** – close by.\n3. **Price Match** – at Claybarn.')).toContain('Target');
  });

  it('in a table with brands as columns, the first column holds what is compared', () => {
    const kilns: TrackedBrand[] = [kiln, { key: 'clay', name: 'Claybarn', aliases: [], domains: [] }];
    const answer = 'How the two compare:\n\n| | Kilnworks | Claybarn |\n|---|---|---|\n| Free Plan | Yes | No |\n| Time Tracking | Add-on | Built in |';
    expect(analyseBrands(answer, kilns).otherBrands).toEqual([]);
  });
});

describe('German prose', () => {
  it('is read for the names in its sentences, not for the nouns German capitalises', () => {
    const answer =
      'Am schnellsten vergleichen Sie über Check24 oder Verivox: Beide Portale zeigen Tarife nach Postleitzahl. ' +
      'Kilnworks verkauft Schuhe von Nike und Adidas, die Wärmepumpe liefert der Versorger.';
    expect(others(answer)).toEqual(['Check24', 'Verivox', 'Nike', 'Adidas']);
    // Listed with a name, a word is a name though its last letters are a noun (`-fall`), also where the sentence starts.
    expect(others('Kilnworks und Vattenfall sind bundesweit aktiv.')).toEqual(['Vattenfall']);
    expect(others('Nike und Adidas bieten die meisten Modelle an, Kilnworks ist günstiger.')).toEqual(['Nike', 'Adidas']);
    // A cue that opens the sentence still takes the name after it.
    expect(others('Kilnworks ist günstig. Laut Finanztip lohnt sich ein Wechsel.')).toEqual(['Finanztip']);
  });
});
