// A brand a reader knows, named in running prose without a cue, measured on every development
// brand set at once (the spec's positions: "a capitalised name in prose counts without a cue when
// it is a brand a reader knows").
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';

const tracked = [{ key: 'ubreakifix', name: 'uBreakiFix', aliases: [], domains: ['ubreakifix.com'] }];
const others = (answer: string) => analyseBrands(answer, tracked).otherBrands;

describe('known brands in prose', () => {
  it('reads a known brand that is no word wherever it stands in the sentence', () => {
    expect(others('uBreakiFix has walk-in shops in most cities. It is also authorized for Samsung repairs, often the same day.')).toContain('Samsung');
  });

  it('reads a brand that writes its name in lower case where the answer writes it so, not a unit nor a word of the language', () => {
    expect(others('uBreakiFix repariert keine Flaschen. Günstige Modelle gibt es bei Tchibo und dm, oft mit weniger dichten Deckeln.')).toEqual([
      'Tchibo',
      'dm',
    ]);
    expect(others('uBreakiFix repariert keine Bretter. Das Brett ist 5 dm lang, die Schrauben gibt es im Baumarkt.')).toEqual([]);
    // In English `dm` is a word (a direct message).
    expect(others('uBreakiFix answers every dm within a day.')).toEqual([]);
  });

  it('leaves a nationality, and a word of a longer name, to what they are', () => {
    const found = others('uBreakiFix is an American chain. Its owner sold a stake to Berkshire Hathaway in 2019, and British shoppers rarely hear of it.');
    expect(found).not.toContain('American');
    expect(found).not.toContain('British');
    expect(found).not.toContain('Hathaway');
  });

  it("reads a known brand after another's name and a bare `de`, which it owns or sells, not after `del`", () => {
    expect(others('uBreakiFix no vende aceitunas. Las aceitunas Zorbado de Mercadona salen bien en las catas.')).toContain('Mercadona');
    // The two are two names, not one: the product's and its maker's.
    expect(others('uBreakiFix no vende galletas. Las galletas Oreo de Mondelēz se fabrican aquí.')).toEqual(['Oreo', 'Mondelēz']);
    expect(others('uBreakiFix no es un banco. El Banco de Chile ofrece cuentas sin costo.')).not.toContain('Chile');
    expect(others('uBreakiFix no responde? Acude a la Agència Catalana del Consum.')).not.toContain('Consum');
  });

  it('reads a known brand of several words as a whole where two of its words are written as names, not its words apart', () => {
    const found = others('uBreakiFix fixes phones. For the harness itself, Pets at Home stocks most sizes, and 60 Millions de consommateurs tested them.');
    expect(found).toEqual(['Pets at Home', '60 Millions de consommateurs']);
    // Inside a longer name it is that name's: capitalised words before or after, not a possessive or a sentence's first word.
    expect(others('uBreakiFix uses installers listed by the Clean Energy Council, and Residential Clean Energy Credit rules apply.')).not.toContain(
      'Clean Energy',
    );
    expect(others("uBreakiFix has a kiosk. Buy at Heathrow's World Duty Free only if the price is right.")).toContain('World Duty Free');
  });

  it('reads a known brand the lists write with its article without it too, and with it', () => {
    expect(others('uBreakiFix fixes phones. A solid water heater is sold at Home Depot, with the rest online.')).toEqual(['Home Depot']);
    expect(others('uBreakiFix fixes phones. A solid water heater is sold at The Home Depot, with the rest online.')).toEqual(['The Home Depot']);
  });

  it('reads names joined by an ampersand as a firm, given names too', () => {
    expect(others('uBreakiFix fixes phones. It belongs to the same group as Quelmar & Frivex.')).toEqual(['Quelmar & Frivex']);
    expect(others('uBreakiFix fixes phones. Its owners run Astrid & Gastón in Lima.')).toEqual(['Astrid & Gastón']);
    // An ampersand before a word in lower case joins no names.
    expect(others('uBreakiFix fixes phones & tablets in most towns.')).toEqual([]);
  });

  it("reads the name of a site the answer cites, written in capitals where its domain runs the words together, save an .org's or English words", () => {
    const read = (answer: string, sources: string[]) => analyseBrands(answer, tracked, { sourceUrls: sources }).otherBrands;
    expect(read('uBreakiFix tem boas notas. Consulte as avaliações no Zorbe Aqui[1].', ['https://www.zorbeaqui.com.br/empresa/x'])).toEqual(['Zorbe Aqui']);
    // Named nowhere among the sources, the words are not read as the site.
    expect(read('uBreakiFix tem boas notas. Consulte as avaliações no Zorbe Aqui[1].', ['https://www.example.com.br/'])).toEqual([]);
    expect(read('uBreakiFix is fine. Check the Planning Portal first[1].', ['https://www.planningportal.co.uk/'])).toEqual([]);
    expect(read('uBreakiFix prints on paper with the Zorbe Cert seal[1].', ['https://zorbecert.org/'])).toEqual([]);
  });

  it('reads a known brand that is an English word but no common one inside a French or Italian sentence, not in English', () => {
    expect(others("uBreakiFix répare les téléphones. Les maillots des clubs viennent d'Adidas ou de chez Puma, et on revend sur Vinted.")).toEqual(
      expect.arrayContaining(['Puma', 'Vinted']),
    );
    expect(others('uBreakiFix ripara i telefoni, e il Milan veste Puma da anni.')).toContain('Puma');
    // A common English word stays one (`Prime`), and English capitalises its own words in titles: not read so there.
    expect(others('uBreakiFix no vende libros, y con la suscripción Prime el envío es gratis.')).not.toContain('Prime');
    expect(others('uBreakiFix fixes phones, and the Puma was seen in the hills.')).not.toContain('Puma');
  });

  it('reads a consumer organisation that tests products under its name as a brand, a motoring club among them', () => {
    expect(others('uBreakiFix repariert Handys. Der ADAC rät, Fahrradhelme nach fünf Jahren zu ersetzen.')).toContain('ADAC');
  });
});
