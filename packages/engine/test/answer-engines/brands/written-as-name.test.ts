// Rule 1 of the brand reader: a tracked brand whose name is a common word is counted where it is
// written as a name, not where the word stands in running prose (issue 42, "Brands in AI answers").
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../../src/answer-engines/types.js';

const brand = (key: string, name: string, aliases: string[] = []): TrackedBrand => ({ key, name, aliases, domains: [] });
const counts = (answer: string, brands: TrackedBrand[]) => Object.fromEntries(analyseBrands(answer, brands).brands.map((b) => [b.key, b.mentionCount]));
const positions = (answer: string, brands: TrackedBrand[]) => Object.fromEntries(analyseBrands(answer, brands).brands.map((b) => [b.key, b.position]));

describe('a common-word brand in lower-case prose is the word', () => {
  it('in English: remote teams, next year, a target budget, shell-shocked', () => {
    const brands = [brand('teams', 'Microsoft Teams', ['Teams']), brand('next', 'Next'), brand('target', 'Target'), brand('shell', 'Shell')];
    const answer =
      'For remote teams the choice is easy, and prices rise next year. Set a target budget first. ' +
      'Investors were shell-shocked.\n\n1. **Slack** – chat\n2. **Teams** – meetings\n\nTarget and Shell sell gift cards; Next has a sale.';
    expect(counts(answer, brands)).toEqual({ teams: 1, next: 1, target: 1, shell: 1 });
  });

  it('in English, also where the word opens a sentence before one that is not its verb: Next year…, not Next sells…', () => {
    const brands = [brand('next', 'Next'), brand('target', 'Target')];
    const answer = 'Next year the prices will rise again for all of us. Target also sells them, and Next sells shirts that you can wear to work.';
    expect(counts(answer, brands)).toEqual({ next: 1, target: 1 });
  });

  it('and so does not rank the brand ahead of the one really named first', () => {
    const brands = [brand('slack', 'Slack'), brand('teams', 'Microsoft Teams', ['Teams'])];
    const answer = 'Remote teams often pick one tool.\n\n1. **Slack** – the most integrations.\n2. **Microsoft Teams** – for Microsoft 365 shops.';
    expect(positions(answer, brands)).toEqual({ slack: 1, teams: 2 });
  });

  it('in Spanish, French and Portuguese: cada día, un carrefour, ao vivo', () => {
    const answer = 'Compra en Dia cada día y ahorra: Dia tiene ofertas en el día.';
    expect(counts(answer, [brand('dia', 'Dia')])).toEqual({ dia: 2 });
    expect(counts('Carrefour est moins cher. Un hypermarché situé à un carrefour de zones commerciales.', [brand('c', 'Carrefour')])).toEqual({ c: 1 });
    expect(counts('A Vivo tem a maior cobertura e inclui jogos ao vivo.', [brand('v', 'Vivo')])).toEqual({ v: 1 });
  });

  it('but a brand that is no word counts in lower case, and a word counts where a name is expected', () => {
    expect(counts('Delivery apps: doordash and grubhub both show fees.', [brand('d', 'DoorDash')])).toEqual({ d: 1 });
    expect(counts('- **slack** – chat for teams\n\nPick up the slack.', [brand('s', 'Slack')])).toEqual({ s: 1 });
  });

  it('in German, a noun after a determiner or an adjective, and a camel-cased brand written as a noun', () => {
    const brands = [brand('teams', 'Microsoft Teams', ['Teams']), brand('lb', 'LichtBlick'), brand('slack', 'Slack')];
    const answer =
      'Für verteilte Teams ist Slack beliebt. Viele Teams nutzen es, es lässt sich mit Teams verbinden. LichtBlick liefert Ökostrom, ein echter Lichtblick.';
    expect(counts(answer, brands)).toEqual({ teams: 1, lb: 1, slack: 1 });
  });

  it('inside a person’s or a place’s name, or a hyphenated compound: Thomas Müller, Porto Alegre, Jean-Paul', () => {
    expect(counts('Müller ist teurer. Das hat nichts mit dem Fußballer Thomas Müller zu tun.', [brand('m', 'Müller')])).toEqual({ m: 1 });
    expect(counts('A Porto Seguro é a líder. Em Porto Alegre o preço sobe.', [brand('p', 'Porto', ['Porto Seguro'])])).toEqual({ p: 1 });
    expect(counts('Paul est une chaîne. Les chocolats de Jean-Paul Hévin sont fins.', [brand('p', 'Paul')])).toEqual({ p: 1 });
  });
});
