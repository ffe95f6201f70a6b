// Names read as a reader writes them: what a bold label leads is no name's product, a founder's
// possessive opens a business's name, a sentence's first word stays where the rest is a function
// word, a capitalised article inside a sentence opens a name, and a known brand that is an English
// word is a name in another language's prose. Made-up brands throughout.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import { brandCandidates } from '../../src/answer-engines/brands/candidates.js';
import type { Language } from '../../src/answer-engines/brands/lexicon.js';
import { byRulesAlone } from './rules-alone.js';

const read = (text: string, language: Language) => [...new Set(brandCandidates(text, [], [], language).map((c) => c.name))];
/** How many times an answer mentions a tracked brand of that name (and aliases). */
const mentions = (name: string, text: string, aliases: string[] = []) =>
  analyseBrands(text, [{ key: 'own', name, aliases, domains: [] }]).brands[0]!.mentionCount;

describe('untracked brands: names as they are written', () => {
  it("a lead of one word derived by a noun's or an adjective's ending is a label, in Spanish, Portuguese, French and Italian", () => {
    expect(read('## Comparativa\n\n| Marca | Precio |\n| --- | --- |\n| Zorblax | 10 € |', 'es')).not.toContain('Comparativa');
    expect(read('- **Regulación**: Zorblax está supervisada por la CNMV.', 'es')).not.toContain('Regulación');
    expect(read('- **Rumorosità**: Zorblax è la più silenziosa.', 'it')).not.toContain('Rumorosità');
    expect(read('- **Integrações**: o Zorblax liga-se ao banco.', 'pt')).not.toContain('Integrações');
    // A name of another shape stays a name.
    expect(read('- **Zorblax**: la plus rapide.', 'fr')).toContain('Zorblax');
  });

  it("a verb of business after an enumeration of names is each name's, and makes a brand that is also a place's name the brand", () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: ['sonara.example'] }];
    const answer = "Ces marques font très bien l'affaire. Zorblax et Carrefour proposent aussi des cidres bruts, comme Sonara.";
    expect(analyseBrands(answer, tracked).otherBrands).toEqual(['Zorblax', 'Carrefour']);
    // Not a place named without a verb of business: `à Carrefour` is the town.
    expect(analyseBrands('On va de Paris à Carrefour en bus avec Sonara.', tracked).otherBrands).toEqual([]);
  });

  it("a line named with a maker a reader knows, in one lead, is the maker's: the maker is listed", () => {
    expect(read('1. **Zorblax** – leicht.\n2. **Kidsline von Decathlon** – die günstigste Option.', 'de')).toEqual(['Zorblax', 'Decathlon']);
    // A maker no reader knows leaves the lead as it is.
    expect(read('1. **Zorblax** – leicht.\n2. **Kidsline von Vexmoor** – die günstigste Option.', 'de')).toContain('Kidsline von Vexmoor');
  });

  it('initials with their dots open the name that follows them (J.P. Morgan), save a country that may end a sentence', () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: ['sonara.example'] }];
    expect(analyseBrands('Sonara is owned by Q.X. Vexmoor, and it charges up to 0.75%.', tracked).otherBrands).toEqual(['Q.X. Vexmoor']);
    expect(analyseBrands('We met in the U.K. Zentra and Sonara sell there.', tracked).otherBrands).toEqual(['Zentra']);
  });

  it('in a German list of labels, a lead made of nouns is a label, compounds too', () => {
    const answer =
      '- **Die Geschichte:** Zorblax erfand die Praline.\n- **Die Industrieversion:** Sie gehört heute zu Vexmoor.\n- **Der Preis:** etwa 2 € pro Stück.';
    expect(read(answer, 'de')).not.toContain('Die Industrieversion');
  });

  it('a bold label before a colon leaves the name after it, in any language', () => {
    expect(read('- **Für Vereine: Zorblax** – Wettkampfplatten für den Verein.', 'de')).toEqual(['Zorblax']);
    expect(read('5. **Pour les amateurs : Quillmont** – Les flocons anglais.', 'fr')).toEqual(['Quillmont']);
  });

  it('outside English, a lead of a common word and a year says when; a decimal comma ends no lead', () => {
    expect(read('- Depuis 2023, la livraison coûte 3 € chez Zorblax.', 'fr')).not.toContain('Depuis 2023');
    expect(read('- Menos de 0,5 g de sal por cada 100 ml en Zorblax.', 'es')).not.toContain('Menos de 0');
  });

  it('a plus between two capitals joins one name (R+V), not two letters', () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: ['sonara.example'] }];
    expect(analyseBrands('Providers such as Sonara and Q+Z Insurance offer bonds.', tracked).otherBrands).toEqual(['Q+Z Insurance']);
  });

  it('after a bold label (its second word in lower case), a name in the item stands on its own shape', () => {
    expect(read('- **Portal listings**: list it on Zorblax; OnTheLedger lists homes too.', 'en')).toContain('OnTheLedger');
    // After a name in bold, a name with a verb of business is as often what it offers.
    expect(read('- **Zorblax Homes**: list it there; OnTheLedger lists its homes.', 'en')).not.toContain('OnTheLedger');
  });

  it('a capital inside a word is no sentence’s doing: such a word opening a sentence is a name', () => {
    expect(read('Shops like Zorblax list homes. OnTheLedger lists them too.', 'en')).toContain('OnTheLedger');
  });

  it('in a list of labels, a lead that is a verb in `-ing` is one more label', () => {
    const text = '- **Get fitted in person.** Shops like Zorblax measure your feet.\n- **Sizing:** one size smaller.\n- **Sharpening:** ask for a hollow.';
    expect(read(text, 'en')).toEqual(['Zorblax']);
  });

  it('a given name’s possessive with a capitalised word after it opens a business’s name', () => {
    expect(read('Other strong picks are Angelo’s Pizzeria in the north and Zorblax.', 'en')).toContain('Angelo’s Pizzeria');
    // In quotation marks, a recipe or a product: `the "Mike's Way" dressing`.
    expect(read('Try the "Mike\'s Way" dressing from Zorblax.', 'en')).toEqual(['Zorblax']);
    // A place’s possessive opens what is in it.
    expect(read('Shops like Zorblax open in Brooklyn’s Atlantic Terminal.', 'en')).toEqual(['Zorblax']);
  });

  it('a sentence’s common first word stays in the name where what is left is a function word', () => {
    expect(read('Time Out and the Evening Zorblax both publish rankings.', 'en')).toContain('Time Out');
    expect(read('Time Out and the Evening Zorblax both publish rankings.', 'en')).not.toContain('Out');
  });

  it('a capitalised `The` inside an English sentence opens a name', () => {
    expect(read('It is run by the chef behind The Zorbury, and tables go quickly.', 'en')).toEqual(['The Zorbury']);
  });

  it('a person’s surname may open on `Mc`, `Mac` or `O’`', () => {
    expect(read('The Zorblax line is the one Connor McDavid wears.', 'en')).not.toContain('Connor McDavid');
  });

  it('outside English, a brand a reader knows by an English word is a name', () => {
    expect(read('Per le offerte online vale la pena guardare Indeed, Zorblax e Quillory.', 'it')).toEqual(['Indeed', 'Zorblax', 'Quillory']);
  });

  it('a word the answer also writes in lower case is a word where a name is expected', () => {
    const text = '- **Réparabilité** : l’indice de réparabilité aide à comparer.\n- **Zorblax** : le moins cher.';
    expect(read(text, 'fr')).toEqual(['Zorblax']);
  });

  it('a label is a common word in the plural too, where the plural changes its ending', () => {
    expect(read('- **Tradicionais**: VR e Zorblax têm a maior rede.', 'pt')).toEqual(['VR', 'Zorblax']);
  });

  it('an aside in brackets after an item leaves an enumeration going on', () => {
    expect(read('Se consiguen Zorblax (de Mondelez) y Quillory en cualquier kiosco.', 'es')).toContain('Zorblax');
  });

  it('a name that ends on a point of the compass or a region is a company’s when no body’s words open it', () => {
    expect(read('Ratings firms such as Quill West and Zorblax publish awards.', 'en')).toEqual(['Quill West', 'Zorblax']);
    expect(read('Policies are issued by carriers such as Quill & Vantor America and Zorblax.', 'en')).toEqual(['Quill & Vantor America', 'Zorblax']);
    // Common words before a region name a body: `Transport Scotland`.
    expect(read('The network is run by Transport Scotland, and Zorblax sells the cards.', 'en')).not.toContain('Transport Scotland');
  });

  it('a tracked brand’s letters that end a person’s full name are the person', () => {
    expect(mentions('Zorbreu', '**Zorbreu** – founded in 1840 by Bernardo Luís Vieira de Zorbreu. Zorbreu sells tours.')).toBe(2);
    expect(mentions('Zorbreu', '**Zorbreu** – the house of Emilio Huguenin Zorbreu since 1839.')).toBe(1);
  });

  it('a surname the English frequency list holds as a word is a surname after a given name, not a place', () => {
    expect(mentions('Roberts', '**Roberts** radios are retro classics; the firm began in 1932, when Harry Roberts opened a shop.')).toBe(1);
    // A German noun after a given name is a surname too, and a given name may follow an elided `de`.
    expect(mentions('Fürst', 'Fürst verschickt auch online. Der Konditor Paul Fürst erfand die Praline 1890.')).toBe(1);
    expect(mentions('Ducasse', '**Ducasse** — des ateliers amateurs ; l’école d’Alain Ducasse est la plus connue.')).toBe(1);
    expect(mentions('Coleman', '**Coleman** stoves are green. The founder, William Coleman, sold gas lamps.')).toBe(1);
    // A place after a name is no surname: the brand stands before it (`the Park Hyatt Tokyo`).
    expect(mentions('Hyatt', '**Hyatt** is generous: a night at the Park Hyatt Tokyo costs few points.')).toBe(2);
    // A brand a reader knows before a plural that is no surname is the brand, not a given name.
    expect(mentions('Tesla', 'Plan your charging. Tesla Superchargers are now open to other cars.')).toBe(1);
  });

  it('a brand of several words with a word after its first in lower case is those words, not an article in lower case', () => {
    expect(mentions('Zorbhai Street', 'Zorbhai Street is cheap. It feels like a canteen you would find on any Zorbhai street: loud.')).toBe(1);
    expect(mentions('The Zorbwood Arms', 'For a proper pub, the Zorbwood Arms in Fulham is famous for its game.')).toBe(1);
    expect(mentions('Marqués de Zorbal', '**Marqués de Zorbal** es clásico. El título que da nombre a la casa, marqués de Zorbal, era de su familia.')).toBe(1);
  });

  it('a common word opening a sentence before a comma is an interjection, a name before an aside that another comma closes', () => {
    expect(mentions('Claro', 'Claro, puedes cambiar de operador cuando quieras; Movistar y Entel también sirven.')).toBe(0);
    expect(mentions('Corona', '| Corona SX | Tiro forzado |\n|---|---|\n\nLa marca es japonesa. Corona, también japonesa, es la alternativa más barata.')).toBe(
      2,
    );
  });

  it('a brand named as a weekday or a month is the day or the month where the words beside it place it in time', () => {
    expect(mentions('August', '**August Wi-Fi Smart Lock** is the best choice. If you shop in late August, watch for sales.')).toBe(1);
    expect(mentions('Monday', '**Monday** suits agencies. If your team lives in its Monday morning stand-up, Monday wins.')).toBe(2);
    expect(mentions('August', '**August** locks are quiet. August locks can lock themselves.')).toBe(2);
  });

  it('in German, the word that ends the sentence before is no adjective of a name that opens the next', () => {
    expect(mentions('Otto', 'Du kannst die Geräte vorher im Markt ansehen. Otto liefert mit Aufbau.')).toBe(1);
    // Within the sentence it is: `ein echter Otto` is the noun (a determiner and an adjective before it).
    expect(mentions('Otto', 'Du kannst die Geräte ansehen, ein echter Otto ist das nicht.')).toBe(0);
  });

  it('in English, a common word opening a sentence before its verb in an irregular past is the brand', () => {
    expect(mentions('Bird', 'Scooters help on longer trips. Bird left the DC market for a while.')).toBe(1);
    expect(mentions('Bird', 'Early birds beware. Bird watching is a quiet hobby.')).toBe(0);
  });

  it('in German, a name opening a compound adjective leaves the determiner to it', () => {
    expect(mentions('Zuji', 'Die Kamera ist für ihre Zuji-typischen Farben bekannt.')).toBe(1);
  });

  it('in German, a brand that is a noun is the brand after its article where it is enumerated beside a name that is no noun', () => {
    expect(mentions('Allianz', 'Die HUK ist billig. Auch die Allianz und die CosmosDirekt lohnen einen Vergleich.')).toBe(1);
    expect(mentions('Allianz', 'Die HUK ist billig. Auch die Zorbexa oder die Allianz lohnen einen Vergleich.')).toBe(1);
    // Beside a noun it is the noun: `die Allianz der Händler und die Politik`.
    expect(mentions('Allianz', 'Die Allianz der Händler und die Politik streiten.')).toBe(0);
  });

  it('a brand’s letters that open a town’s name of two words are the town, and in lower case the word where the brand is written with its accents', () => {
    expect(mentions('Novi', '**Crema Novi** – con il 45 % di nocciole. Novi nasce a Novi Ligure, in Piemonte.')).toBe(2);
    expect(mentions('Prénatal', '- **Prénatal** – cadena de bebé. Las matronas dan clases de educación prenatal gratuitas.', ['Prenatal'])).toBe(1);
    expect(mentions('ZorbFurets', 'ZorbFurets et Assurland comparent les offres. Comme les zorb furets, ces sites fouillent partout.', ['Zorb Furets'])).toBe(
      1,
    );
  });

  it('in German, a noun in the dative plural after `bei`, `vom` is the noun: a name does not take it', () => {
    expect(read('Die Kasse zahlt bei Kronen oder Implantaten nur den Festzuschuss, bei Zorblax mehr.', 'de')).toEqual(['Zorblax']);
    expect(read('Ein Tipp vom Orthopäden: erst messen, dann bei Zorblax kaufen.', 'de')).toEqual(['Zorblax']);
  });

  it("a table's row of a model is its maker's where the answer names the maker on its own, a person's name too, not another name's", () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: [] }];
    const table = (rows: string, prose: string) =>
      analyseBrands(`| Modell | Akku |\n| --- | --- |\n| Sonara Flip 6 | 12 Std. |\n${rows}\n\n${prose}`, tracked).otherBrands;
    expect(table('| Zorblax Emberton III | 30 Std. |', 'Zorblax punktet mit der längsten Laufzeit.')).toEqual(['Zorblax']);
    // Named nowhere on its own, the model is listed as written.
    expect(table('| Zorblax Emberton III | 30 Std. |', 'Er punktet mit der längsten Laufzeit.')).toEqual(['Zorblax Emberton III']);
    // A maker named after a person is the maker all the same.
    expect(table('| Dorian Quillfeld Velocity | 30 Std. |', 'Dorian Quillfeld toastet am schnellsten.')).toEqual(['Dorian Quillfeld']);
    // `Ölmühle Quillbrand` is another name than the row's `Ölmühle Zorbeck`.
    expect(table('| Ölmühle Zorbeck | 30 Std. |\n| Ölmühle Quillbrand | 20 Std. |', 'Beide sind gut.')).toEqual(['Ölmühle Zorbeck', 'Ölmühle Quillbrand']);
  });

  it("a list item's bold lead of a model is its maker's where the answer names the maker on its own", () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: [] }];
    const list = (lead: string, prose: string) =>
      analyseBrands(`1. **Sonara Flip 6** – Laut und robust.\n2. **${lead}** – Leicht.\n\n${prose}`, tracked).otherBrands;
    expect(list('Zorblax Emberton III', 'Zorblax punktet mit der längsten Laufzeit.')).toEqual(['Zorblax']);
    expect(list('Zorblax Emberton III', 'Er punktet mit der längsten Laufzeit.')).toEqual(['Zorblax Emberton III']);
  });

  it("in an answer that lists models, an untracked lead or row of a maker and a model is its maker's, named nowhere else too", () => {
    const tracked = [
      { key: 'own', name: 'Sonara', aliases: [], domains: [] },
      { key: 'c1', name: 'Kontiq', aliases: [], domains: [] },
    ];
    const list = (third: string) =>
      analyseBrands(`1. **Sonara Flip 6** – Laut und robust.\n2. **Kontiq Wave 300** – Leicht.\n3. **${third}** – Günstig.`, tracked).otherBrands;
    expect(list('Zorblax Emberton III')).toEqual(['Zorblax']);
    // A person's name opens a maker's of two words.
    expect(list('Howard Quillfeld MAX')).toEqual(['Howard Quillfeld']);
    // Not a label, nor a name with a connector.
    expect(list('Für Feinschmecker')).not.toContain('Für');
    // A list of brands, a tracked brand's lead its name alone, names businesses by their full names.
    const brands = analyseBrands('1. **Sonara** – Laut.\n2. **Kontiq Wave 300** – Leicht.\n3. **Zorblax Emberton** – Günstig.', tracked).otherBrands;
    expect(brands).toEqual(['Zorblax Emberton']);
  });

  it("a tracked brand's table row is its own, not its first word's, where a column header writes that word", () => {
    const tracked = [
      { key: 'own', name: 'Chifa Zorbo', aliases: ['Zorbo'], domains: [] },
      { key: 'c1', name: 'Quillo Lok', aliases: [], domains: [] },
    ];
    const answer =
      '| Chifa | Zona |\n| --- | --- |\n| Chifa Zorbo | San Isidro |\n| Quillo Lok | Miraflores |\n\nCasi todos hacen delivery por Rappi o PedidosYa.';
    const result = analyseBrands(answer, tracked);
    expect(result.otherBrands).toEqual(['Rappi', 'PedidosYa']);
    expect(result.brands.map((b) => b.position)).toEqual([1, 2]);
  });

  it("a table's row of a maker and a model's code is the maker's, named nowhere else", () => {
    const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: [] }];
    const answer =
      '| Modello | Capacità | Prezzo |\n| --- | --- | --- |\n| Sonara SX20 | 20 L | 90 € |\n| Zorbex MH6535GIS | 25 L | 150 € |\n| Quillo CMXG20DS | 20 L | 110 € |';
    expect(analyseBrands(answer, tracked).otherBrands).toEqual(['Zorbex', 'Quillo']);
  });

  it('a word the answer writes in lower case is no name where it opens a sentence or a cell', () => {
    const answer =
      '**Zorbo** – Starts around $39 a month for a solo operator. Clients can book and pay online.\n\nWith a handful of clients, a shared calendar is enough.';
    expect(analyseBrands(answer, [{ key: 'own', name: 'Quillo', aliases: [], domains: [] }]).otherBrands).toEqual(['Zorbo']);
  });

  it("an English instruction's verb and preposition opening a sentence are no part of the name after them", () => {
    expect(read("- **Grip matters.** Look for Zorblax's Arctic sole if you walk on ice. Shop from Quillo Outdoor.", 'en')).toEqual([
      'Zorblax',
      'Quillo Outdoor',
    ]);
    // `of` joins a name's own words.
    expect(read('Open an account with Bank of Zorbland or Quillo.', 'en')).toContain('Bank of Zorbland');
  });

  it('in German, a noun of the lexicon after `von`, `bei` or `zu` is the noun, where a name is expected', () => {
    const tracked = [{ key: 'own', name: 'Zorblax', aliases: [], domains: [] }];
    const others = (answer: string) => analyseBrands(answer, tracked).otherBrands;
    expect(others('Bei Zorblax gibt es Würste. Über die Reihenfolge von Senf und Kren wird gern gestritten.')).toEqual([]);
    expect(others('Zorblax hat ein riesiges Sortiment, von Akkuschraubern bis zu Zubehör im Großpack.')).toEqual([]);
    // A word no lexicon knows stays a name there.
    expect(others('Zorblax liefert schnell, der Senf kommt von Quillmann.')).toEqual(['Quillmann']);
  });

  it('in German, the plural of a noun the lexicon knows is the noun after a cue too', () => {
    const tracked = [{ key: 'own', name: 'Zorblax', aliases: [], domains: [] }];
    expect(analyseBrands('Zorblax finanziert sich nur über Gebühren und nutzt Ökostrom.', tracked).otherBrands).toEqual([]);
    expect(analyseBrands('Zorblax berät gut, denn bei Protektoren entscheidet die Passform.', tracked).otherBrands).toEqual([]);
  });

  it("a retailer's own label named as one is its line, no other brand, enumerated ones too", () => {
    const tracked = [{ key: 'own', name: 'Zorblax', aliases: [], domains: [] }];
    expect(analyseBrands('Zorblax hat viele Filialen und Eigenmarken wie Quillmo und Pharox. Auch Brandel führt sie.', tracked).otherBrands).toEqual([]);
    expect(analyseBrands('Zorblax sells its own-brand Cadmora kettles, and Quillmont stocks them too.', tracked).otherBrands).not.toContain('Cadmora');
  });

  it('in German, a noun of the lexicon after `vom`, which holds its article, is the noun, as after `von dem`', () => {
    expect(read('Am besten kaufst du Honig direkt vom Imker, sonst bei Zorblax.', 'de')).toEqual(['Zorblax']);
    expect(read('Lass dich vom Schornsteinfeger beraten, bevor du bei Zorblax bestellst.', 'de')).toEqual(['Zorblax']);
    // A word no lexicon knows stays a name there.
    expect(read('Die Beratung vom Zorblax kam schnell.', 'de')).toEqual(['Zorblax']);
  });

  it('in German, a compound of a name and its shops names the company', () => {
    expect(read('Die Bohnen bekommst du auch in einigen Zorbeka-Märkten.', 'de')).toEqual(['Zorbeka']);
    expect(read('Der letzte Quillo-Laden am Jungfernstieg ist längst Geschichte.', 'de')).toEqual(['Quillo']);
  });

  it('in German, a verb of what a business does after a name makes it a company’s, save a role after `als`', () => {
    expect(read('Die Lieferung ist ab 35 Euro kostenlos. Zorbeka liefert auch sonntags.', 'de')).toEqual(['Zorbeka']);
    expect(read('Check24 ist bekannt, Quillovox vergleicht dagegen auch kleine Tarife.', 'de')).toContain('Quillovox');
    expect(read('Die Lieferung kostet 3 Euro, die Pflegekasse zahlt.', 'de')).toEqual([]);
    expect(read('Zorbeka als Ausrüster verkauft es ebenfalls.', 'de')).not.toContain('Ausrüster');
  });

  it('in German, a name that is or has something priced, or that a business’s noun opens, is a business, as in the other languages', () => {
    expect(read('Die Torte ist gut. Zorbeka ist mit 3,99 € am günstigsten.', 'de')).toEqual(['Zorbeka']);
    expect(read('Die Torte ist gut. Das Café Quillmann am Ring ist berühmt.', 'de')).toEqual(['Café Quillmann']);
    expect(read('Die Torte ist gut. Die Pflegekasse ist mit 25 € dabei.', 'de')).toEqual([]);
  });

  it('in German, a company’s noun opening a run names the company after it, with its legal form', () => {
    expect(read('Der Mutterkonzern Zorbwerk setzt inzwischen stärker auf Recruiting.', 'de')).toEqual(['Zorbwerk']);
    expect(read('XING hat verloren; der Mutterkonzern Zorb Work SE setzt stärker auf Recruiting.', 'de')).toContain('Zorb Work SE');
  });

  it('in German, the names enumerated after a kind’s noun and wie are brands, a noun or an English word among them', () => {
    expect(read('Es gibt Marken wie Royal Canin, Wolfsblut oder Josera.', 'de')).toEqual(['Royal Canin', 'Wolfsblut', 'Josera']);
    expect(read('Der Shop führt Marken wie Dainese, Alpinestars und Held.', 'de')).toEqual(['Dainese', 'Alpinestars', 'Held']);
    // Not a noun after `wie` with no kind's noun before it, nor a word joined to a place later on.
    expect(read('Schadstoffe wie Mineralöl sind schlecht.', 'de')).toEqual([]);
    expect(read('Marken wie Held gibt es viele. In Linz und Umgebung gibt es Läden.', 'de')).toEqual(['Held']);
  });

  it('in German, what another business belongs to is a company: `gehört zur`, or `zur … gehören` at a clause’s end', () => {
    expect(read('Die ERGO gehört zur Zorblax Re.', 'de')).toContain('Zorblax Re');
    expect(read('Beide haben dieselben Preise, weil sie zur Quillonomy gehören.', 'de')).toEqual(['Quillonomy']);
    // `zur` before a noun is no cue: `zur Verfügung`.
    expect(read('Die Geräte stehen zur Verfügung.', 'de')).toEqual([]);
  });

  it('in German, the name after a business’s noun is judged on its own, not by the article before the noun', () => {
    expect(read('Die Torte ist berühmt. Das Hotel Quillmann verkauft sie auch im Shop.', 'de')).toEqual(['Hotel Quillmann']);
  });

  it('what owns a tracked brand is a company, also after `à`, which is no article, and where its name is a city’s', () => {
    const brands = [{ key: 'own', name: 'Zorblax', aliases: [], domains: [] }];
    const others = (text: string) => analyseBrands(text, brands).otherBrands;
    expect(others('Les plus vendues en France. Zorblax appartient à Quillever.')).toEqual(['Quillever']);
    expect(others('The blower is licensed by Zorblax, which also owns Milwaukee.')).toEqual(['Milwaukee']);
  });

  it('a name ending on a group’s noun is a group of companies: no person, no regulator', () => {
    expect(read('4. **Zorblax Bank** – Part of Quillhealth Group and common through employer plans.', 'en')).toContain('Quillhealth Group');
    expect(read('Ryobi is licensed by Quillotronic Industries in Hong Kong.', 'en')).toContain('Quillotronic Industries');
    // Common words before the noun name a body as readily.
    expect(read('The Environmental Working Group tests sunscreens; Zorblax sells them.', 'en')).toEqual(['Zorblax']);
  });

  it('`Part of` opening a sentence leaves the group it names: its common words are a company’s there', () => {
    expect(read('- **Zorblax** – Usually cheaper. Part of Green Line Group, and rated well.', 'en')).toContain('Green Line Group');
  });

  it('in Italian, `via` before a name is a street’s, where English’s `via` offers a brand', () => {
    expect(read('La Pasticceria Zorblax, in via Colonna Rotta, è famosa per la setteveli.', 'it')).not.toContain('Colonna Rotta');
    expect(read('Order through apps such as Zorblax or via Quillroo for delivery.', 'en')).toContain('Quillroo');
  });

  it('a colony opens a place’s name, and an operation a public scheme’s', () => {
    expect(read('Marcas como Zorblax vienen de la cooperativa de Colonia Quillig, en Corrientes.', 'es')).toEqual(['Zorblax']);
    expect(read('Police forces accept footage through portals such as Operation Snap; insurers like Zorblax give discounts.', 'en')).toEqual(['Zorblax']);
  });

  it('in German, an English word the language has borrowed is a noun, save a brand a reader knows', () => {
    expect(read('Portale wie Zorblax sind stärker bei Wellness, Dinner und Kurzreisen.', 'de')).toEqual(['Zorblax']);
    expect(read('Die Gutscheine gibt es bei Amazon und bei Zorblax.', 'de')).toEqual(['Amazon', 'Zorblax']);
  });

  it('a name after a word of certifying or labelling is the label’s or the certifier’s', () => {
    expect(read('On la trouve chez Zorblax, avec des formules certifiées Quillcert et Ecocert.', 'fr')).not.toContain('Quillcert');
  });

  it('a name after a family noun is a person’s', () => {
    expect(read('Her daughter Semone Quill runs the business, and Zorblax sells the sauce.', 'en')).toEqual(['Zorblax']);
  });

  it('a bar is a business’s name it opens', () => {
    expect(read('La tarta se vende entera. Cerca están Bar Zorbetxa, especialista en anchoas, y otros.', 'es')).toEqual(['Bar Zorbetxa']);
  });

  it('a brand a reader knows, no word, is no label where a name is expected, whatever a German compound would make of it', () => {
    const brands = [{ key: 'own', name: 'Zorblax', aliases: [], domains: [] }];
    const text = '- **Zorblax** verkauft Gutscheine.\n\nAuf [Trustpilot](https://de.trustpilot.com/) findest du Bewertungen zum Kundenservice.';
    expect(analyseBrands(text, brands).otherBrands).toContain('Trustpilot');
  });

  it('a capitalised elided article inside a sentence is the name’s own', () => {
    expect(read('Elle appartient aujourd’hui au groupe L’Orbelle, comme Zorblax.', 'fr')).toContain('L’Orbelle');
    expect(read('Elle appartient aujourd’hui au groupe L’Orbelle, comme Zorblax.', 'fr')).not.toContain('Orbelle');
  });

  it('a brand named after its founder: after a title or a profession, the letters are the person', () => {
    expect(
      mentions('Zorba Quillos', '- **Zorba Quillos** – Sapatos de homem. A marca tem o nome do fundador, Zorba Quillos, que começou como sapateiro.'),
    ).toBe(1);
    expect(mentions('Zorba Quillos', '- **Zorba Quillos** – Sapatos de homem. Hoje a Zorba Quillos vende online.')).toBe(2);
  });

  it('a tracked name written with its capitals elsewhere is the word where the answer writes it in lower case', () => {
    expect(mentions('Zorbly', '1. **Zorbly** – a clean app.\n\nFees are where the competition gets zorbly: check them.')).toBe(1);
    expect(mentions('Lively', '1. **Lively** – a clean app.\n\nFees are where the competition gets lively: check them.')).toBe(1);
    // A brand a reader knows that is no word, written in lower case on purpose, is the brand.
    expect(mentions('DoorDash', '- [DoorDash](https://www.doordash.com/) has the most restaurants.\n\ndoordash and Zorblax both show fees.')).toBe(2);
  });

  it('a tracked name of several words written with its capitals elsewhere is the words where its first word is in lower case', () => {
    const avarcas =
      'Para comprar una avarca de Menorca auténtica, comprueba que esté fabricada en la isla:\n\n- [Avarca de Menorca](https://www.avarcademenorca.com/) – La marca tradicional de Ferreries.';
    expect(mentions('Avarca de Menorca', avarcas)).toBe(1);
    // Not where the answer never writes it with its capitals: there the lower case is the answer's way of writing it.
    expect(mentions('Avarca de Menorca', 'Para comprar una avarca de Menorca auténtica, comprueba que esté fabricada en la isla.')).toBe(1);
  });

  it('a list item that opens on a preposition of where, outside bold or a link, leads with the shop or the place after it', () => {
    const shops =
      'Pour un broyeur :\n\n- Chez [Brikolo](https://www.brikolo.fr/), les modèles de la marque de l’enseigne dépannent.\n- **Chez Dany** – une cabane à sucre.';
    expect(read(shops, 'fr')).not.toContain('Chez Brikolo');
    expect(read(shops, 'fr')).toContain('Chez Dany');
    // With an article after the preposition, the lead is a phrase of where, no name.
    expect(read('Où acheter :\n\n- À la SAQX, qui a le plus grand choix.\n- **Verger Zorbla** – dégustation.', 'fr')).toEqual(['Verger Zorbla']);
    expect(read('Dónde comprar:\n\n- En Cartagena, el malecón tiene puestos de tejedoras.\n- **Tejidos Zorbla** – envíos.', 'es')).not.toContain(
      'En Cartagena',
    );
  });

  it('a full stop after an initial or a title ends no lead or cell', () => {
    expect(read('Grounds:\n\n| Ground | Area |\n|---|---|\n| E.J. Zorbhill | Bucks |\n| Dr. Kablo | Surrey |', 'en')).toEqual(['E.J. Zorbhill', 'Dr. Kablo']);
  });

  it('a lead that opens on a preposition of whom or where from is a label', () => {
    // Over the development answers, two names fewer taken wrongly.
    const senf = 'Senf:\n\n- **Zorbla** – scharf.\n- **Für Feinschmecker** – Die Kablo-Mühle mahlt noch selbst.\n- **Aus Bayern:** Händlmaier.';
    expect(read(senf, 'de')).not.toContain('Für Feinschmecker');
    expect(read(senf, 'de')).not.toContain('Aus Bayern');
  });

  it('a given name alone, joined to a person’s full name after it, is a person', () => {
    expect(read('Le restaurant est tenu par Frédéric et Camille Chartier depuis 1896, comme chez Zorblax.', 'fr')).toEqual(['Zorblax']);
  });

  it('in an answer about a place, `the` after a comma goes on with a list of its parts; after `and`, a clause of its own', () => {
    // The rule's reading: the learned weighing finds a name after `the` in a local answer less likely (prose-name-model.ts).
    const local = (text: string) => byRulesAlone(() => brandCandidates(text, [], [], 'en', true).map((c) => c.name));
    expect(local('Zorblax is the safest choice, at branches in Soho, the City, Shoreditch and Canary Wharf.')).not.toContain('Shoreditch');
    expect(local('For a pub, try The Zorbsman in Hackney and the Quillory Chop House in Clerkenwell, both worth a look.')).toEqual([
      'The Zorbsman',
      'Quillory Chop House',
    ]);
  });

  it('a given name and a surname before a comma, an article and a person’s title are a person', () => {
    expect(read('It is co-owned by Brett Graham, the chef behind it, and sold from Zorblax.', 'en')).toEqual(['Zorblax']);
  });

  it('a service or an office named by common words alone is a public body, save one a reader knows', () => {
    expect(read('Check the Met Office and the Mountain Weather Information Service before you go, and buy boots from Zorblax.', 'en')).toEqual(['Zorblax']);
    expect(read('Permits come from the National Park Service or the Forest Service, and tents from Zorblax.', 'en')).toEqual(['Zorblax']);
    expect(read('Returns go through the Post Office or Zorblax.', 'en')).toContain('Post Office');
  });

  it('a sentence’s first word before a lower-case determiner is its verb, not part of a name', () => {
    expect(read('Shops like Zorblax sell them. Install the eSIM at home before you fly.', 'en')).toEqual(['Zorblax']);
  });
});

describe('a tracked brand written in capitals', () => {
  it('is not the common word its letters spell in another case', () => {
    expect(mentions('NOS', 'A NOS tem a melhor oferta de desporto. Nos primeiros meses, a Digi pode ter falhas.')).toBe(1);
  });
});

describe("a tracked brand's words in lower case", () => {
  it('are the words where the brand is several words of the language, not only where it is written with capitals elsewhere', () => {
    expect(mentions('Camp Chef', 'Pack a two-burner stove. Whoever ends up as camp chef for the weekend will thank you.')).toBe(0);
    // A known brand that is no word is meant in lower case too.
    expect(mentions('Uber Eats', 'Order on doordash or uber eats after nine.')).toBe(1);
  });
});

describe("a tracked brand's letters where a family or a place is named", () => {
  it('are the family after its noun or before `family`, in every language read', () => {
    expect(
      mentions('Fandler', 'Bei Fandler gibt es das beste Kürbiskernöl der Steiermark. Die Familie Fandler presst es seit 1926 in ihrer Mühle in Pöllau.'),
    ).toBe(1);
    expect(
      mentions('Kolvo', 'Kolvo makes the best crab cakes in town and ships them frozen. The Kolvo family opened the first shop in 1956 by the harbour.'),
    ).toBe(1);
    expect(mentions('Lemoine', 'Chez Lemoine, les cannelés sont dorés et fondants. La famille Lemoine tient la boutique depuis trois générations.')).toBe(1);
  });

  it('are the place after the noun of its kind (`la comuna de Alto del Carmen`, `the town of Hope`)', () => {
    expect(
      mentions('Alto del Carmen', 'Alto del Carmen es el pisco más vendido del valle. Su nombre viene de la comuna de Alto del Carmen, donde está la planta.'),
    ).toBe(1);
    expect(mentions('Kolvo', 'Kolvo makes the best canoes in the province. The workshop moved to the town of Kolvo in 1990, by the lake.')).toBe(1);
    // Before an apposition that names a place's kind.
    expect(mentions('Zorto Seguro', 'A Zorto Seguro é a líder do mercado. Não tem relação com Zorto Seguro, a cidade baiana onde Cabral chegou.')).toBe(1);
    // Past an elided `d'`, and after a palace's noun capitalised with its `of`.
    expect(mentions('Zorval', "Zorval est une bière ambrée. À l'abbaye d'Zorval, on peut aussi la goûter.")).toBe(1);
    expect(mentions('Zorsailles', 'Go to Zorsailles, the Cuban restaurant. Named after the Palace of Zorsailles, it has mirrored walls.')).toBe(1);
  });

  it('are the place after a preposition of place and an adjective (`im übrigen Bayern`)', () => {
    expect(mentions('Bayern', 'Bayern liefert Heizöl schnell und günstig. Im Allgäu und im übrigen Bayern sind kleine Händler aber oft billiger.')).toBe(1);
  });
});

describe('tracked names in German compounds and in lower case', () => {
  it('a name opening a compound after a determiner is the name: the determiner is the compound’s', () => {
    const text = '1. **ZORBLAX Hyban 2.0** – Robuster Stadthelm mit Rücklicht. Wer ohnehin ein Zorblax-Schloss am Rad hat, kennt die Qualität.';
    expect(mentions('Zorblax', text)).toBe(2);
    // Without the hyphen, the determiner makes a noun of the word: `jeder Zorblax` stays uncounted.
    expect(mentions('Zorblax', 'Der Helm ist gut und leicht. Dafür braucht jeder Zorblax ein gutes Schloss, sagt der Händler.')).toBe(0);
  });

  it('a brand the answer writes in lower case throughout, no German word, is the brand in prose too', () => {
    const text = '1. **uvex city 4** – Leicht und gut belüftet; uvex fertigt einen Teil seiner Helme noch in Fürth, sagt der Händler.';
    expect(mentions('Uvex', text)).toBe(2);
    // A German word in lower case is the word: `flink einkaufen` beside **Flink**.
    const flink = '1. **Flink** – Der Lieferdienst bringt die Einkäufe in die Wohnung. Wer flink einkaufen will, bestellt dort und bekommt die Ware schnell.';
    expect(mentions('Flink', flink)).toBe(1);
  });
});

describe('islands, valleys and makers', () => {
  it('a tracked name after the noun of an island or a valley is the place', () => {
    const text = '- **Fernet Zorblax** – Económico; como el nombre evoca la isla de Zorblax, mucha gente cree que es italiano, pero se hace en Argentina.';
    expect(mentions('Zorblax', text)).toBe(1);
  });

  it('a name after `produzida pela`, `elaborado por`, `produit par` is a company', () => {
    const tracked = [{ key: 'b', name: 'Vittone', aliases: [], domains: [] }];
    const text = '1. **Cachaça Vittone** – A mais vendida do país, produzida pela Companhia Zorblax de Bebidas em Pirassununga.';
    expect(analyseBrands(text, tracked).otherBrands).toEqual(['Companhia Zorblax de Bebidas']);
  });

  it('a brand a group is behind, and the owner of a brand `of` it, are companies', () => {
    const tracked = [{ key: 'b', name: 'Vittone', aliases: [], domains: [] }];
    expect(analyseBrands('Vittone is part of Masco, the US group behind Zorblax.', tracked).otherBrands).toEqual(['Masco', 'Zorblax']);
    expect(analyseBrands('Vittone is the home-appliance brand of Quorvax, which also sells air fryers.', tracked).otherBrands).toEqual(['Quorvax']);
  });
});
