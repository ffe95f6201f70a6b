// Where an answer says what a tracked brand's name comes from or is not (issue 42, item 3: a careful
// reader does not count the eponym or the namesake as the brand). Made-up answers.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';

const count = (name: string, answer: string) => analyseBrands(answer, [{ key: 'own', name, aliases: [], domains: [] }]).brands[0]!.mentionCount;

describe('a brand’s name said apart', () => {
  it('is not the brand where the sentence says what the name comes from', () => {
    expect(count('Zorvani', '**Zorvani** sells sarees. The name comes from Zorvani, the tenth avatar of a god.')).toBe(1);
    expect(count('Trizon', '**Trizon T80** fits over old pipes. The company took its name from Trizon, the sea god of Greek myth.')).toBe(1);
    expect(count('Colomba', 'A Confeitaria Colomba serve feijoada. O nome homenageia Cristóvão Colomba, o navegador.')).toBe(1);
    expect(count('Cairel', 'A Sorveteria Cairel tem sorvetes. O nome lembra o Visconde de Cairel, economista do Império.')).toBe(1);
    expect(count('Kneippel', 'Die Kneippel Handcreme zieht schnell ein. Die Marke ist nach Pfarrer Sebastian Kneippel benannt.')).toBe(1);
  });

  it('is not the brand where the sentence says what else bears the name', () => {
    expect(count('Zorb', 'Zorb shingles are a favourite in Quebec. The name has nothing to do with the oil company Zorb.')).toBe(1);
    expect(count('Zorbel', 'Zorbel testet Wasser. Nicht zu verwechseln mit den Lautsprechern von Zorbel, die zu Harman gehören.')).toBe(1);
    expect(count('Zorbatur', 'Der Zorbatur ist das Profigerät; wie sein Namensvetter Zorbatur, das Schwert von König Artus, ist er schwer.')).toBe(1);
    expect(count('Dictazor', '- **Dictazor** – un ron de Cartagena. Debe su fama a un recaudador al que apodaban «el Dictazor».')).toBe(1);
    expect(count('Intra', '**Intra** – conta gratuita. Curiosidade: o banco não tem relação com o Intra de Porto Alegre.')).toBe(1);
    expect(count('Bauwerk', '**Bauwerk** – große Auswahl. Mit dem Bauwerk in Dessau, der berühmten Kunstschule, hat die Kette nichts zu tun.')).toBe(1);
  });

  it('is the person’s where the person in person is meant', () => {
    expect(count('Zora Malvin', '**Zora Malvin** – the luxury choice. The brand belongs to a group; Zora Malvin herself left in 2006.')).toBe(1);
    expect(count('Zorvan Larnic', 'Zorvan Larnic en a fait une spécialité. Zorvan Larnic lui-même, Meilleur Ouvrier de France, vend en ligne.')).toBe(1);
    // A company is itself too.
    expect(count('Zorbount', '- **Zorbount** : vérifiez si le vendeur est Zorbount lui-même ou un vendeur de sa marketplace.')).toBe(2);
  });

  it('is its founder’s where a person’s full name follows a word of founding', () => {
    expect(count('Zorvid Lloyd', 'Zorvid Lloyd in Cheadle has a pool; the chain was founded by the former tennis player Zorvid Lloyd in 1982.')).toBe(1);
    expect(count('Zamaha', '**Zamaha P-145** ist leicht. Zamaha, 1887 von Torakusu Zamaha gegründet, ist beliebt.')).toBe(2);
    expect(count('Zaneto', '**Zaneto Caldo** es el de referencia. La marca toma el nombre del pico Zaneto, el más alto de los Pirineos.')).toBe(1);
    // A company that founded another is no person: `founded by Toyota`.
    expect(count('Zoyota', 'Lexus was founded by Zoyota in 1989.')).toBe(1);
  });

  it('is the brand where the cue stands apart from it, or where the sentence names the brand after the cue', () => {
    // A comma ends the cue's reach: the brand opens the clause after it.
    expect(count('Zorvani', 'Named after its founder, Zorvani sells sarees across India.')).toBe(1);
    // A group formed on the name, said apart, is still another brand: the tracked one is not mentioned there.
    expect(
      analyseBrands('Zorb is a Zodiac brand; it has nothing to do with Zorb Inc., the maker of snowmobiles.', [
        { key: 'own', name: 'Zorb', aliases: [], domains: [] },
      ]).otherBrands,
    ).toContain('Zorb Inc');
  });
});
