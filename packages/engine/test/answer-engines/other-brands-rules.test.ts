// The rules that keep models, products, people, demonyms and programming languages out of the
// untracked brands, each with made-up answers.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import { brandCandidates } from '../../src/answer-engines/brands/candidates.js';

const names = (text: string, known: Array<{ start: number; end: number }> = []) => [...new Set(brandCandidates(text, [], known).map((c) => c.name))];
/** The German candidates of a text, every occurrence. */
const german = (text: string) => brandCandidates(text, [], [], 'de').map((c) => c.name);
const span = (text: string, name: string) => ({ start: text.indexOf(name), end: text.indexOf(name) + name.length });

describe('untracked brands: what is not a brand', () => {
  it('a single name after `the`, `its`, `their` is a model, and so is one joined to it by `and`/`or`', () => {
    expect(names('Runners like Zentra for races such as the Skyrun, and Pelko sells the Drift and Glide trainers.')).toEqual(['Zentra', 'Pelko']);
    expect(names('Many buy from Zentra for its FoamTec sole.')).toEqual(['Zentra']);
    // Joined by a comma only, or after a common word, it is a name again.
    expect(names('If you are in the UK, Quillory offers the local choice.')).toContain('Quillory');
  });

  it('a name joined by `e`, `y`, `et` and an article to a model just named is another model', () => {
    const text = '- **Capsulo** – la Vertina Pop e la Essenzia Mini sono le più vendute.';
    // The lead is the tracked brand's, which the analysis then sets apart.
    expect([...new Set(brandCandidates(text, [], [span(text, 'Capsulo')], 'it').map((c) => c.name))]).toEqual(['Capsulo']);
  });

  it('an acronym that keeps a short word in lower case is an acronym, a body or a standard', () => {
    const english = (text: string) => [...new Set(brandCandidates(text, [], [], 'en').map((c) => c.name))];
    expect(english('- **Kolvo** — built for businesses with compliance needs (HIPAA, FedRAMP); unlimited storage.')).toEqual(['Kolvo']);
    // Capitals that start words make a brand: `NordVPN` is read as before.
    expect(english('Tested with NordVPN.')).toEqual(['NordVPN']);
  });

  it('in German, a name right after `zu` is a name; past an article, a noun', () => {
    expect(german('Das Programm heißt seit 2025 anders und gehört zu Kolvo.')).toEqual(['Kolvo']);
    expect(german('Das Programm gehört zu den Anbietern, die Verbände empfehlen.')).toEqual([]);
  });

  it('in German, a sentence that calls a name a brand, a maker or a seller makes it one, its noun capitalised', () => {
    expect(german('Ostmann ist eine Marke aus Bielefeld.')).toEqual(['Ostmann']);
    expect(german('Zorbel ist der größte Hersteller von Ketten.')).toEqual(['Zorbel']);
    // A plural noun too: `Marken`, `Ketten` are the plurals of `Marke`, `Kette`.
    expect(german('Zorbel ist eine der größten Ketten im Land.')).toEqual(['Zorbel']);
    // Not a noun that names no business: `Zorbel ist eine Stadt`.
    expect(german('Zorbel ist eine Stadt am Rhein.')).toEqual([]);
  });

  it('in German, what a business belongs to is a company, past a span of time and where its name is a place’s too', () => {
    expect(german('Die Marke gehört seit 2019 zu Zorbel.')).toEqual(['Zorbel']);
    expect(german('Die Marke gehört seit Jahren zu Zorbel.')).toEqual(['Zorbel']);
    expect(german('Die Marke gehört zu Thule.')).toEqual(['Thule']);
    // Not the town where it stands without a cue of owning.
    expect(german('Die Reise geht nach Thule.')).toEqual([]);
  });

  it('in English, one name after `a`, `an` and before no noun is a product', () => {
    const english = (text: string) => brandCandidates(text, [], [], 'en').map((c) => c.name);
    expect(english('Pick it if you have an iWatch, or buy from Zentra.')).toEqual(['Zentra']);
    // Before its noun, the name is what a business offers: `a Costco run`.
    expect(english('Plan a Zentra run on Sunday.')).toEqual(['Zentra']);
    // A list of names after one `a` qualifies the noun at its end: each is a business.
    expect(english('It is free with a Zentra, Brightbank or Kolvo business account.')).toEqual(['Zentra', 'Brightbank', 'Kolvo']);
  });

  it('after a word giving examples, a name past its article is a business, not a tracked brand’s product', () => {
    const pt = 'A Saudara tem rede ampla, com hospitais como o Vilaverde e o Montclaro nos planos mais caros.';
    expect([...new Set(brandCandidates(pt, [], [span(pt, 'Saudara')], 'pt').map((c) => c.name))]).toEqual(['Vilaverde', 'Montclaro']);
  });

  it('a question mark glued to a name in a sentence that goes on is the name’s own', () => {
    expect(names('Skyrun tops the Which? airline survey most years.')).toEqual(['Which?']);
    expect(names("Kolvo tops Which?'s customer survey.")).toEqual(['Which?']);
    expect(names('Why not? It is simple.')).toEqual([]);
  });

  it('a model after `the` still counts where it also stands where a name is expected', () => {
    expect(names('- **Skyrun**: fast\n\nMost choose the Skyrun for races.')).toEqual(['Skyrun']);
  });

  it('what follows a name’s possessive is its product', () => {
    expect(names("Try Lernly's Data Basics course or one from Quillory.")).toEqual(['Lernly', 'Quillory']);
    const text = "Start with Codeforge's Scientific Basics track.";
    expect(names(text, [span(text, 'Codeforge')])).toEqual([]);
  });

  it('a name after its owner’s possessive and a brand’s noun is the owner’s house brand', () => {
    const fr = 'Pour débuter, Sportivo est le plus simple : sa marque Kalvoro couvre les chaussures.';
    expect(brandCandidates(fr, [], [span(fr, 'Sportivo')], 'fr').map((c) => c.name)).toEqual([]);
    const es = 'Sportivo es imbatible en precio con su marca Kalvoro.';
    expect(brandCandidates(es, [], [span(es, 'Sportivo')], 'es').map((c) => c.name)).toEqual([]);
    // Without an owner, the brand's noun names a company.
    expect(brandCandidates('Las zapatillas de la marca Kalvoro son baratas.', [], [], 'es').map((c) => c.name)).toEqual(['Kalvoro']);
  });

  it('in German, a bank named by its compound after a cue and its article is a name; another compound is a noun', () => {
    const de = 'Wer eine Filiale braucht, landet eher bei der Stadtsparkasse oder der Heimatbank. Fotografieren Sie das Auto bei der Rückgabe.';
    expect(brandCandidates(de, [], [], 'de').map((c) => c.name)).toEqual(['Stadtsparkasse', 'Heimatbank']);
  });

  it('a sentence that opens on a possessive opens on its owner’s name, not a standards body’s acronym nor a tourist board', () => {
    const text = "Delivery is fast. Quillory's same-day service is a good third option. NIST's guidance is strict. VisitScotland's page lists tours.";
    expect(brandCandidates(text, [], [], 'en').map((c) => c.name)).toEqual(['Quillory']);
  });

  it('in a Romance language, a name after a noun and its article names the noun’s maker, not after a possessive', () => {
    expect(brandCandidates('Le vélo est robuste, avec un moteur Velorix sous le cadre.', [], [], 'fr').map((c) => c.name)).toEqual(['Velorix']);
    expect(brandCandidates('Le vélo est robuste, avec ses tableaux Velorix sous le cadre.', [], [], 'fr').map((c) => c.name)).toEqual([]);
  });

  it('in German, a foundation or an association named as one is an organisation', () => {
    expect(brandCandidates('Die Tarife schneiden in Tests der Stiftung Warenprobe regelmäßig gut ab.', [], [], 'de').map((c) => c.name)).toEqual([
      'Stiftung Warenprobe',
    ]);
  });

  it('a given name and a surname, or a name after a title, is a person', () => {
    expect(names('In town, Brenmoor Studios offers classes by founder Jason Telfair, and Kilnory sells glazes made by Maria Ostrand.')).toEqual([
      'Brenmoor Studios',
      'Kilnory',
    ]);
    expect(names('Ask Dr. Wexley from Kilnory about it.')).toEqual(['Kilnory']);
    // A name joined by `&` is not a person's: `Ben & Jerry's` stays a brand.
    expect(names('Stores stock ice cream from Ben & Jorry.')).toEqual(['Ben & Jorry']);
  });

  it('names offered as products of a kind are products, and the names listed after them; not a brand a reader knows', () => {
    expect(names('Zentra makes models such as Quarkle and Bitzer, both sold from Pelko.')).toEqual(['Pelko']);
    expect(names('Gamesa vende clásicos como Emperador, Marías, Mamut y Chokis en todo el país.')).not.toContain('Mamut');
    // Apps and cards are offered under their own makers' names as often.
    expect(names('Apps like Strava and Komoot track rides.')).toEqual(['Strava', 'Komoot']);
  });

  it('demonyms and programming languages are not brands', () => {
    expect(names('Les Parisiens achètent chez Torréfia.')).toEqual(['Torréfia']);
    expect(names('Many learn Python with Lernly.')).toEqual(['Lernly']);
  });
});

describe('untracked brands: a known brand at a place', () => {
  it('a brand a reader knows, then `di`, `de`, `of` and a town or a city, is the brand alone', () => {
    const italian = (text: string) => [...new Set(brandCandidates(text, [], [], 'it').map((c) => c.name))];
    expect(italian('Le scatole le trovi da Zentra o all’Ikea di Bergamo, vicino al casello.')).toEqual(['Zentra', 'Ikea']);
    expect(italian('Le scatole le trovi da Zentra o all’Ikea di San Giuliano Milanese.')).toEqual(['Zentra', 'Ikea']);
  });
});

describe('untracked brands: German compounds', () => {
  it('two nouns joined by a linking `s` are a compound noun, even after a word that takes a name', () => {
    const german = (text: string) => [...new Set(brandCandidates(text, [], [], 'de').map((c) => c.name))];
    expect(german('Am schnellsten geht das über Vergleichsportale: Bei Zentra gibst du die Fläche ein.')).toEqual(['Zentra']);
    expect(german('Angebote findest du über Wohnungsbörsen oder bei Zentra.')).toEqual(['Zentra']);
  });
});

describe('untracked brands: brands a reader knows', () => {
  const read = (text: string, language: 'en' | 'fr' | 'es' | 'pt' | 'it') => [...new Set(brandCandidates(text, [], [], language).map((c) => c.name))];

  it('a known brand that is also a city or a word is the brand where it is enumerated beside a known brand', () => {
    expect(read('Les foires aux vins de Leclerc, Carrefour et Lidl offrent de vraies affaires.', 'fr')).toEqual(['Leclerc', 'Carrefour', 'Lidl']);
    expect(read('Funciona con CaixaBank, Santander o BBVA, y es instantáneo.', 'es')).toEqual(['CaixaBank', 'Santander', 'BBVA']);
    // Past an article on each side of the joiner.
    expect(read('No dia a dia, o Continente e o Pingo Doce têm boa variedade.', 'pt')).toEqual(['Continente', 'Pingo Doce']);
    // Beside a known brand whose name opens on its own article.
    expect(read('Se encuentran en Carrefour y El Corte Inglés.', 'es')).toEqual(['Carrefour', 'El Corte Inglés']);
    // Behind the preposition each item repeats across `ou`, not one after a comma (the place an item is from).
    expect(read("Deezer est souvent proposé avec les box d'Orange ou de SFR.", 'fr')).toEqual(['Deezer', 'Orange', 'SFR']);
    expect(read('Lavazza, di Padova, è un altro marchio professionale.', 'it')).not.toContain('Padova');
    // Behind a shop's preposition each item repeats.
    expect(read('Si vas a hacerlo en casa, en Coto o en Carrefour encontrás chorizos.', 'es')).toEqual(['Coto', 'Carrefour']);
    // Alone, or among places, the city is the city.
    expect(read('We flew from Santander to Madrid.', 'en')).toEqual([]);
    expect(read('Hotels in Lyon, Santander and Nice are cheap in May.', 'en')).toEqual([]);
  });

  it('a known brand that is also a city is the brand where it is offered as an example, not after a kind of place', () => {
    expect(read('Se vende en grandes superficies como Carrefour, aunque cuesta más.', 'es')).toEqual(['Carrefour']);
    expect(read('Banks such as Halifax offer a switching bonus.', 'en')).toEqual(['Halifax']);
    expect(read('Visita ciudades como Porto o Braga este verano.', 'pt')).toEqual([]);
    // A route's `via`, and a capital's or a region's name, stay the place's.
    expect(read('Le train relie Paris à Marseille via Lyon.', 'fr')).toEqual([]);
    expect(read('The train runs through Halifax on its way north.', 'en')).toEqual([]);
    expect(read('Muchas comunidades, como Madrid o Cataluña, ya lo exigen.', 'es')).toEqual([]);
  });

  it('a known brand of two words keeps them: no person, no demonym dropped at a sentence start', () => {
    expect(read('Leroy Merlin vend des nettoyeurs haute pression.', 'fr')).toEqual(['Leroy Merlin']);
    expect(read('Canadian Tire and Costco stock cheaper parkas in November.', 'en')).toEqual(['Canadian Tire', 'Costco']);
  });

  it('a name that owns, buys or makes a business is a company, an acronym or a common word too', () => {
    expect(read('Plans such as Corgi HomePlan, owned by OVO, offer cover from about £12 a month.', 'en')).toEqual(['Corgi HomePlan', 'OVO']);
    expect(read('A capable replacement; Zorblax bought Quillory in 2024 and has since made it free.', 'en')).toEqual(['Zorblax', 'Quillory']);
    expect(read('Elle a des boutiques à Paris, mais elle appartient désormais à Unilever.', 'fr')).toEqual(['Unilever']);
    expect(read('As sandálias são fabricadas pela Alpargatas em Campina Grande.', 'pt')).toEqual(['Alpargatas']);
    // Plural verbs and `all` inside the cue; `repris par`, taken over by.
    expect(read('Stoves, Belling and New World all belong to Zorblax and share parts.', 'en')).toContain('Zorblax');
    expect(read('Bio c’ Bon, repris par Carrefour en 2021, a réduit son réseau.', 'fr')).toContain('Carrefour');
    expect(read('Zorblax took over Quillory, so older models still turn up.', 'en')).toEqual(['Zorblax', 'Quillory']);
    // Without the cue the acronym waits for a brand's place.
    expect(read('Plans such as Corgi HomePlan, like OVO, offer cover from about £12 a month.', 'en')).toEqual(['Corgi HomePlan']);
  });

  it('a list lead that an article follows opens a sentence as its verb: no name', () => {
    const german = (text: string) => [...new Set(brandCandidates(text, [], [], 'de').map((c) => c.name))];
    expect(german('1. **Prüfe** den Druckregler vor jeder Saison.\n2. **Zorblax** – der Klassiker für kleine Balkone.')).toEqual(['Zorblax']);
    expect(read('- **Compare the** plans before you sign.\n- **Quillory** – the cheapest plan.', 'en')).toEqual(['Quillory']);
    expect(read('- **Zorblax do Povo** – conta sem tarifa.', 'pt')).toEqual(['Zorblax do Povo']);
  });

  it('a name near which something is, or one a label names, is a place or a scheme', () => {
    expect(read('Si vous êtes près de Montmartre, achetez vos glaces chez Zorblax.', 'fr')).toEqual(['Zorblax']);
    expect(read('Tiene otro local cerca de Mestalla, como Zorblax.', 'es')).toEqual(['Zorblax']);
    expect(read('Le label Fleurs de France garantit une production locale, comme chez Zorblax.', 'fr')).toEqual(['Zorblax']);
    // A plural kind gives its examples too: `plazas como Antara`.
    expect(read('Las salas están en plazas como Antara o Perisur, según Zorblax.', 'es')).toEqual(['Zorblax']);
  });

  it('in German, a known brand keeps its word where a name stands, and names what a compound says it sells or runs', () => {
    const german = (text: string) => [...new Set(brandCandidates(text, [], [], 'de').map((c) => c.name))];
    expect(german('Gebraucht findest du viele Modelle günstig auf Kleinanzeigen, lass dir die Rechnung zeigen.')).toEqual(['Kleinanzeigen']);
    expect(german('Die Flotte hat viele BMW-Modelle und rechnet pro Minute ab.')).toEqual(['BMW']);
    // A place's name too, where it is a brand a reader knows.
    expect(german('Tauschflaschen gibt es bei Hornbach oder an vielen Aral-Tankstellen.')).toEqual(['Hornbach', 'Aral']);
    // A place's name or a noun is no company: `Berlin-Tarif`.
    expect(german('Der Berlin-Tarif gilt nur im Zentrum.')).toEqual([]);
  });

  it('a word opened by lower-case letters before a capital is a term or a product, unless a reader knows the brand', () => {
    expect(read('Order an eSIM from Zorblax, and one rated in kWp from Quillory.', 'en')).toEqual(['Zorblax', 'Quillory']);
    expect(read('Sellers on eBay, Zorblax and Quillory ship fast.', 'en')).toEqual(['eBay', 'Zorblax', 'Quillory']);
  });

  it('outside English, a known brand that is an English word is the brand where a shop or a site stands', () => {
    expect(read('Les prix sont souvent alignés sur Amazon, même en septembre.', 'fr')).toEqual(['Amazon']);
    expect(read('Si lo haces tú, alquila una furgoneta en Hertz y compra cajas.', 'es')).toEqual(['Hertz']);
  });

  it('an association is no brand', () => {
    expect(read('The American Heart Association lists validated monitors, and Omron sells most of them.', 'en')).toEqual(['Omron']);
  });
});

describe('German leads made of nouns and common words', () => {
  it('are labels wherever they stand, not brands', () => {
    const german = (text: string) => [...new Set(brandCandidates(text, [], [], 'de').map((c) => c.name))];
    expect(german('1. **Kolvo Grip** – greift auf Eis.\n2. **Günstige Eigenmarken** – im Baumarkt ab 30 Euro.\n3. **Zentra** – schnell montiert.')).toEqual([
      'Kolvo Grip',
      'Zentra',
    ]);
  });
});

describe('untracked brands: names a reader reads whole', () => {
  const english = (text: string) => [...new Set(brandCandidates(text, [], [], 'en').map((c) => c.name))];
  it('initials glued to a name are one name, no domain', () => {
    expect(english('- **Eddie Vale** and **L.L.Bean** – American, but both ship to Canada.')).toContain('L.L.Bean');
    expect(english('For a dressier felt, R.M.Williams sells a hat built for the bush.')).toEqual(['R.M.Williams']);
  });

  it("in English, a common noun's possessive capitalised inside a sentence opens one name with the word after it", () => {
    expect(english("Also good are People's Choice for old-school dry jerky and Zentra for thick slices.")).toContain("People's Choice");
    // A name's possessive still ends the name: `Zentra's Classic` is its product.
    expect(english("Try Zentra's Classic Cut, sold at Pelko and Varo.")).not.toContain("Zentra's Classic Cut");
  });

  it('in the Romance languages, an indefinite article right before a name orders a thing of that brand', () => {
    const french = (text: string) => brandCandidates(text, [], [], 'fr').map((c) => c.name);
    expect(french('Pour accompagner, essayez une Brisquet bien fraîche avec les frites.')).toContain('Brisquet');
    // A product's noun between the article and the name makes the name its maker's or a model, read as before.
    expect(french('Pour accompagner, prenez la bière de la maison avec les frites.')).toEqual([]);
    // Two words no list knows are no person there: a person is not ordered. Elsewhere they may be one.
    const tracked = [{ key: 'zumo', name: 'Zumora', aliases: [], domains: [] }];
    const spanish = (text: string) => analyseBrands(text, tracked).otherBrands;
    expect(spanish('Zumora no vende cerveza. El ceviche se acompaña con una Kolvera Frix bien fría.')).toEqual(['Kolvera Frix']);
    expect(spanish('Zumora no vende cerveza. El ceviche se acompaña con Kolvera Frix, que llega tarde.')).toEqual([]);
  });

  it("a business's noun in lower case after an article introduces the business by its name", () => {
    const italian = (text: string) => brandCandidates(text, [], [], 'it').map((c) => c.name);
    expect(italian("Per una pausa dolce, la pasticceria Zorvelli è un'istituzione: prova il pandolce.")).toContain('Zorvelli');
    expect(names('For a quieter lunch, the bakery Quelling on the corner opens early.')).toContain('Quelling');
    // Without the article the noun is as often what the place serves or the street's: no cue.
    expect(italian('Per una pausa dolce, in pasticceria Zorvelli si fa la fila.')).toEqual([]);
  });

  it("a preposition that stands before places and people as often, or a brand's shape alone, is no cue in prose", () => {
    const read = (text: string, language: 'en' | 'es' | 'fr') => brandCandidates(text, [], [], language).map((c) => c.name);
    // Over the development answers the unknown names after these were brands at most half the time.
    expect(read('Para acompañar, pedí una cerveza de Brumaso en la plaza.', 'es')).toEqual([]);
    expect(read('It was invented by Aldo Quimby in 1837, and you can eat it at Trivel Roads.', 'en')).toEqual([]);
    expect(read('Teachers say ClassPad99 is allowed in class.', 'en')).toEqual([]);
    // A preposition of source still is one, and so is the same name in a list.
    expect(read('You can buy it from Trivel Roads.', 'en')).toEqual(['Trivel Roads']);
    expect(read('Eat it at Trivel Roads.\n\n- **Trivel Roads** – open late.', 'en')).toContain('Trivel Roads');
  });

  it('in German, `über`, a bare `zu` and a cue past its article make no new name, save a bank, a legal form or a word of owning', () => {
    const german = (text: string) => [...new Set(brandCandidates(text, [], [], 'de').map((c) => c.name))];
    expect(german('Gebrauchte Sättel findest du oft günstig über Quillmann.')).toEqual([]);
    expect(german('Viele wechseln inzwischen zu Quillmann.')).toEqual([]);
    expect(german('Die Beratung ist bei der Quillmann besser.')).toEqual([]);
    // A bank's compound, a legal form and a word of owning still name one.
    expect(german('Ein Konto bei der Quillsparkasse kostet wenig.')).toEqual(['Quillsparkasse']);
    expect(german('Ein Konto bei der Quillmann AG kostet wenig.')).toEqual(['Quillmann AG']);
    expect(german('Die Marke gehört zu Quillmann.')).toEqual(['Quillmann']);
    expect(german('Sättel gibt es bei Quillmann.')).toEqual(['Quillmann']);
  });

  it('in German, words enumerated with a noun of the lexicon are things of its kind, not names', () => {
    expect(german('Dort gibt es Polenta, Brasato, Luganighe und Merlot aus dem Boccalino.')).toEqual([]);
    // Names alone in the enumeration are still names.
    expect(german('Dort gibt es Weine von Zorbato, Quelmani und Frivetti.')).toEqual(['Zorbato', 'Quelmani', 'Frivetti']);
  });

  it('a lead of a word of time or origin and a place says where from; an English label in the plural is a label', () => {
    const tracked = [{ key: 'own', name: 'Zumora', aliases: [], domains: [] }];
    const read = (text: string) => analyseBrands(text, tracked).otherBrands;
    expect(read('- Zumora – bon.\n- Depuis Neuchâtel, le plus simple est de venir en bateau.')).toEqual([]);
    expect(read('- Zumora – buena.\n- Desde Puerto Natales, los buses llegan en dos horas.')).toEqual([]);
    expect(read('- **Zumora** – Prints while you wait.\n- **Pharmacies** – Plenty of drugstores offer the service too.')).toEqual([]);
  });

  it('a verb of what a business makes after a name is a business cue', () => {
    expect(english('For a straw hat, Quorra makes a version that breathes in the heat.')).toEqual(['Quorra']);
    expect(brandCandidates('Para acompañar, pedí una cerveza; Velmar elabora una lager en Bariloche.', [], [], 'es').map((c) => c.name)).toContain('Velmar');
  });
});
