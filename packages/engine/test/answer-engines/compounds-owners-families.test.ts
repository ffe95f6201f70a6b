// Untracked brands read as a reader reads them: the names hanging on a German compound's hyphen, a
// lexicon's noun after German `wie`, the owner of a brand named by its possessive, an example after
// `such as` and an article, a family's name after its noun and a particle, and a designation of
// origin. Made-up names, each with the case the rule must leave alone.
import { describe, expect, it } from 'vitest';
import { brandCandidates } from '../../src/answer-engines/brands/candidates.js';

const names = (text: string, language: 'de' | 'en' | 'fr' | 'it') => [...new Set(brandCandidates(text, [], [], language).map((c) => c.name))];

describe('German compounds with a hanging hyphen', () => {
  it('name the brands German joins to their noun with a hyphen', () => {
    expect(names('Sehr große Auswahl für Zentrano- und SRAM-Gruppen; der Versand aus Bonn ist schnell.', 'de')).toEqual(['Zentrano', 'SRAM']);
    expect(names('Die Flotte hat Smart-, Mini- und BMW-Modelle.', 'de')).toEqual(['Smart', 'Mini', 'BMW']);
  });

  it('not nouns joined to nouns, nor a word of the language before a name', () => {
    expect(names('Der Laden ist besonders stark bei Rennrad- und Triathlonteilen.', 'de')).toEqual([]);
    expect(names('Die Manufaktur baut solide Quarz- und Automatikuhren.', 'de')).toEqual([]);
    expect(names('Es gibt LED- und USB-Kabel.', 'de')).toEqual([]);
  });
});

describe('a German noun after `wie`', () => {
  it('is a noun where the lexicon knows it, a name where it does not', () => {
    expect(names('Getestet wird auf Schadstoffe wie Mineralöl; die Unterschiede sind gering.', 'de')).toEqual([]);
    expect(names('Portale wie Zentrano zeigen die Preise.', 'de')).toEqual(['Zentrano']);
  });
});

describe('company evidence in English prose', () => {
  it('the owner of a brand, named by its possessive, in an item another name leads', () => {
    expect(names('1. **Frostline 50-Pint** – Reliable. Frostline is Quorvax’s North American brand.', 'en')).toContain('Quorvax');
    // A possessive before another noun is left as it was: `Quorvax’s engineers`.
    expect(names('1. **Frostline 50-Pint** – Reliable. Frostline copies Quorvax’s engineers.', 'en')).not.toContain('Quorvax');
  });

  it('an example after `such as` or `like` and an article', () => {
    expect(names('A whole-house unit such as an Aerovane costs more.', 'en')).toEqual(['Aerovane']);
  });
});

describe('families and designations', () => {
  it('a family’s name after its noun and a particle is the family', () => {
    expect(names('La marque, issue de la famille de Quorvain, appartient au groupe Zentra.', 'fr')).toEqual(['Zentra']);
  });

  it('a designation of origin that opens on a word the answer writes in lower case', () => {
    const text = 'Per un regalo conviene una grappa invecchiata.\n- **Grappa del Veneto** – il nome protetto.\n- **Zentra Riserva** – la distilleria.';
    expect(names(text, 'it')).toEqual(['Zentra Riserva']);
    // Without the word in lower case, the lead stands as a name: `**Grappa del Veneto**`.
    expect(names('- **Grappa del Veneto** – il nome.\n- **Zentra Riserva** – la distilleria.', 'it')).toContain('Grappa del Veneto');
  });
});
