// Brand analysis for several tracked brands, on scripted answers a user can check by reading them:
// mentions (names, aliases, domains written as names; URLs are citations), positions among every
// name the answer gives, citations, and the other brands found in prose, lists and tables.
import { describe, expect, it } from 'vitest';
import { analyseAnswer, analyseBrands } from '../../src/answer-engines/brands/analyse-brands.js';
import type { TrackedBrand } from '../../src/answer-engines/types.js';
import { byRulesAlone } from './rules-alone.js';

const project: TrackedBrand = { key: 'project', name: 'Example Shop', aliases: [], domains: ['www.example.com'] };
const kilnworks: TrackedBrand = { key: 'kilnworks', name: 'Kilnworks', aliases: ['Kilnworks Studio', 'KW'], domains: ['kilnworks.com'] };
const brands = [project, kilnworks];

/** The result of one tracked brand, by key. */
function brand(answer: string, key: string, tracked: readonly TrackedBrand[] = brands) {
  const result = analyseBrands(answer, tracked).brands.find((b) => b.key === key);
  if (!result) throw new Error(`no result for ${key}`);
  return result;
}

describe('analyseBrands: the shape', () => {
  it('returns one result per tracked brand, in the order given, and the lists', () => {
    const a = analyseBrands('Try Etsy, Kilnworks or Example Shop.', [kilnworks, project]);
    expect(a.brands.map((b) => b.key)).toEqual(['kilnworks', 'project']);
    expect(a).toEqual({
      brands: [
        { key: 'kilnworks', mentioned: true, position: 2, mentionCount: 1, cited: false },
        { key: 'project', mentioned: true, position: 3, mentionCount: 1, cited: false },
      ],
      citedUrls: [],
      citedDomains: [],
      otherBrands: ['Etsy'],
      otherDomains: [],
    });
  });

  it('gives every brand a result when there are no mentions at all', () => {
    expect(analyseBrands('Nothing to see here.', brands).brands).toEqual([
      { key: 'project', mentioned: false, position: null, mentionCount: 0, cited: false },
      { key: 'kilnworks', mentioned: false, position: null, mentionCount: 0, cited: false },
    ]);
  });
});

describe('where brands are named', () => {
  it('in running prose', () => {
    const answer = 'For handmade bowls I would look at Etsy first, then Kilnworks, and finally Example Shop if you live nearby.';
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(a.brands.map((b) => b.position)).toEqual([3, 2]);
  });

  it('in a numbered list', () => {
    const answer = [
      'Here are good places:',
      '',
      '1. Etsy: huge choice',
      '2. Example Shop: local and small',
      '3. Kilnworks – a studio',
      '4. Uncommon Goods',
    ].join('\n');
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy', 'Uncommon Goods']);
    expect(a.brands.map((b) => [b.position, b.mentionCount])).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it('in a bulleted list with bold names', () => {
    const answer = ['- **Kilnworks** – stoneware made in Leeds', '- **Etsy** – thousands of makers', '- **Example Shop** – curated'].join('\n');
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(a.brands.map((b) => b.position)).toEqual([3, 1]);
  });

  it('in a Markdown table, first column and name columns, but not labels or adjectives', () => {
    const answer = [
      '| Shop | Fees | Notes |',
      '|------|-----:|-------|',
      '| Etsy | 6.5% | Large |',
      '| **Amazon Handmade** | 15% | Strict |',
      '| Example Shop | none | Local |',
    ].join('\n');
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy', 'Amazon Handmade']);
    expect(brand(answer, 'project').position).toBe(3);
  });

  it('in the header of a table that compares brands as columns', () => {
    const answer = ['| Feature | Etsy | Kilnworks |', '| --- | --- | --- |', '| Fees | Low | None |'].join('\n');
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(brand(answer, 'kilnworks')).toMatchObject({ mentioned: true, position: 2 });
  });

  it('in a column of names that is not the first', () => {
    const answer = ['| Price | Where |', '|---|---|', '| Budget | Kilnworks |', '| Premium | Etsy |', '| Standard | Heath Ceramics |'].join('\n');
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Etsy', 'Heath Ceramics']);
  });
});

describe('mentions', () => {
  it('counts aliases like the name, and an alias before the name sets the position', () => {
    const answer = 'KW ships fast. Etsy is bigger, but Kilnworks Studio glazes by hand; Kilnworks also teaches.';
    expect(brand(answer, 'kilnworks')).toEqual({ key: 'kilnworks', mentioned: true, position: 1, mentionCount: 3, cited: false });
  });

  it('ignores accents and case for every brand and alias', () => {
    const cafe: TrackedBrand = { key: 'cafe', name: 'Café Müller', aliases: ['Müller Kaffee'], domains: [] };
    const answer = 'Try Cafe Muller, CAFÉ MÜLLER again, or buy mueller beans? No: muller kaffee.';
    expect(brand(answer, 'cafe', [cafe])).toMatchObject({ mentioned: true, mentionCount: 3 });
    const plain: TrackedBrand = { key: 'plain', name: 'Cafe Muller', aliases: [], domains: [] };
    expect(brand('The Café Müller is open.', 'plain', [plain]).mentionCount).toBe(1);
  });

  it('treats a cited URL as a citation only: cited, not mentioned, no position', () => {
    const answer = 'Example Shop has bowls. More at https://www.kilnworks.com/shop/bowls and [this page](https://kilnworks.com/about).';
    expect(brand(answer, 'kilnworks')).toEqual({ key: 'kilnworks', mentioned: false, position: null, mentionCount: 0, cited: true });
    expect(analyseBrands(answer, brands).citedDomains).toEqual(['kilnworks.com']);
  });

  it('treats a host with a path and no scheme as a URL', () => {
    const a = analyseBrands('See kilnworks.com/shop for bowls.', brands);
    expect(a.brands[1]).toMatchObject({ mentioned: false, cited: true });
    expect(a.citedUrls).toEqual(['http://kilnworks.com/shop']);
  });

  it('counts a bare domain in prose as a mention (and ranks it)', () => {
    const answer = 'Shop at Etsy; kilnworks.com is small, and Example Shop is local.';
    expect(brand(answer, 'kilnworks')).toEqual({ key: 'kilnworks', mentioned: true, position: 2, mentionCount: 1, cited: false });
    expect(brand(answer, 'project').position).toBe(3);
    expect(analyseBrands(answer, brands).otherDomains).toEqual([]);
  });

  it('counts a www. host without a path as a mention, cited as GFM links it', () => {
    const a = analyseBrands('Order at www.kilnworks.com today.', brands);
    expect(a.brands[1]).toEqual({ key: 'kilnworks', mentioned: true, position: 1, mentionCount: 1, cited: true });
    expect(a.citedUrls).toEqual(['http://www.kilnworks.com/']);
  });

  it('reads a link text that is itself a URL as a citation only', () => {
    const a = analyseBrands('Order at [https://kilnworks.com/shop](https://kilnworks.com/shop).', brands);
    expect(a.brands[1]).toMatchObject({ mentioned: false, mentionCount: 0, cited: true });
  });

  it('reads a link text as text: one mention and one citation', () => {
    const a = analyseBrands('Buy from [Kilnworks](https://kilnworks.com).', brands);
    expect(a.brands[1]).toEqual({ key: 'kilnworks', mentioned: true, position: 1, mentionCount: 1, cited: true });
    expect(a.citedUrls).toEqual(['https://kilnworks.com/']);
  });

  it('gives an overlapping span to the longer name only', () => {
    const shop: TrackedBrand = { key: 'shop', name: 'Shop', aliases: [], domains: [] };
    const exampleShop: TrackedBrand = { key: 'example-shop', name: 'Example Shop', aliases: [], domains: [] };
    const answer = 'Example Shop is not the Shop downtown; EXAMPLE SHOP ships.';
    const a = analyseBrands(answer, [shop, exampleShop]);
    expect(a.brands).toEqual([
      { key: 'shop', mentioned: true, position: 2, mentionCount: 1, cited: false },
      { key: 'example-shop', mentioned: true, position: 1, mentionCount: 2, cited: false },
    ]);
    expect(a.otherBrands).toEqual([]);
  });

  it('counts overlapping aliases of one brand once, the longest winning', () => {
    expect(brand('Kilnworks Studio, or just Kilnworks.', 'kilnworks').mentionCount).toBe(2);
  });
});

describe('positions', () => {
  it('rank among tracked brands, other brands and other domains, by first appearance', () => {
    const answer = [
      'Start with otto.de or Etsy.',
      'Then compare [Amazon Handmade](https://www.amazon.com/handmade) with Kilnworks.',
      'Amazon Handmade and amazon.com are one name, as Etsy is once.',
      'Example Shop comes last, after https://www.wayfair.com/bowls (a citation, not a name).',
    ].join('\n');
    const a = analyseBrands(answer, brands);
    // otto.de, Etsy, Amazon Handmade (with amazon.com), Kilnworks, then Example Shop.
    expect(a.brands.map((b) => b.position)).toEqual([5, 4]);
    expect(a.otherBrands).toEqual(['Etsy', 'Amazon Handmade']);
    expect(a.otherDomains).toEqual(['otto.de', 'amazon.com', 'wayfair.com']);
    expect(a.citedDomains).toEqual(['amazon.com', 'wayfair.com']);
  });

  it('rank the project among its competitors in analyseAnswer, and leave them out of the other brands', () => {
    const answer = 'Kilnworks and Etsy sell bowls; Example Shop does too.';
    const alone = analyseAnswer(answer, { brandName: 'Example Shop', domain: 'www.example.com' });
    expect(alone).toMatchObject({ firstMentionPosition: 3, otherBrands: ['Kilnworks', 'Etsy'] });
    const withCompetitor = analyseAnswer(answer, { brandName: 'Example Shop', domain: 'www.example.com' }, [kilnworks]);
    expect(withCompetitor).toMatchObject({ firstMentionPosition: 3, otherBrands: ['Etsy'] });
  });

  it('do not rank another country domain of a tracked brand on its own', () => {
    const answer = 'Compare kilnworks.de with Etsy, then Kilnworks.';
    expect(brand(answer, 'kilnworks').position).toBe(1);
  });

  it("list a maker named on its own, not its products named with it, save a business's full name", () => {
    const answer = 'Amazon Lockers only take Amazon orders. Sage Paie vient de chez Sage. Example Shop ships too.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Amazon', 'Sage']);
    // Named nowhere on its own, the maker's product is listed as written.
    expect(analyseBrands('Pay with Microsoft 365 credits at Example Shop.', brands).otherBrands).toEqual(['Microsoft 365']);
    // A business's short name beside its full one: both are the business.
    expect(analyseBrands('We like Ozone Coffee Roasters, and beans from Ozone beat Example Shop.', brands).otherBrands).toEqual([
      'Ozone Coffee Roasters',
      'Ozone',
    ]);
  });

  it('read a table cell of names as brands where one of them is a brand a reader knows', () => {
    const table = (cell: string) => `| Tool | Works with |\n|---|---|\n| Example Shop | ${cell} |\n`;
    expect(analyseBrands(table('Gmail, Outlook'), brands).otherBrands).toEqual(['Gmail', 'Outlook']);
    // A product's features are no brands: `Answers, AI Summarize`.
    expect(analyseBrands(table('Answers, AI Summarize'), brands).otherBrands).toEqual([]);
  });

  it('list a model named with its maker as written where the maker stands nowhere on its own', () => {
    expect(analyseBrands('Example Shop sells the Samsung T7 drive.', brands).otherBrands).toEqual(['Samsung T7']);
    expect(analyseBrands('Example Shop sells the Samsung T7; Samsung makes it.', brands).otherBrands).toEqual(['Samsung']);
    // A demonym opening a body's name is no maker.
    expect(analyseBrands('The British Association of Dermatologists rates Example Shop.', brands).otherBrands).toEqual([]);
  });

  it('count consumer organisations that test products under their name (words/consumer-testers.txt)', () => {
    expect(analyseBrands('Consulta las pruebas de la OCU antes de elegir Example Shop.', brands).otherBrands).toEqual(['OCU']);
    expect(analyseBrands("L'UFC-Que Choisir a testé Example Shop.", brands).otherBrands).toEqual(['UFC-Que Choisir']);
  });

  it('keep a known brand written with a hyphen and lower case (Co-op), and drop a suffix elsewhere (Etsy-like)', () => {
    expect(analyseBrands('Lockers stand in many Co-op and Morrisons stores. Example Shop too.', brands).otherBrands).toEqual(['Co-op', 'Morrisons']);
    expect(analyseBrands('An Etsy-like market beside Example Shop.', brands).otherBrands).toEqual(['Etsy']);
  });

  it("rank a maker named apart from the tracked product that bears its name, on the maker's domain", () => {
    const sign: TrackedBrand = { key: 'sign', name: 'Dropbox Sign', aliases: [], domains: ['dropbox.com'] };
    const answer = 'If you already pay for Dropbox, try Dropbox Sign before paying for DocuSign.';
    const result = analyseBrands(answer, [sign]);
    expect(result.otherBrands).toEqual(['Dropbox', 'DocuSign']);
    expect(result.brands[0]).toMatchObject({ mentionCount: 1, position: 2 });
    // The brand's own name on its domain stays the brand's: `kilnworks` of Kilnworks ranks nothing of its own.
    expect(analyseBrands('Kilnworks bowls, see kilnworks.com.', [kilnworks]).otherBrands).toEqual([]);
  });
});

describe('words that are not brands', () => {
  it('at the start of a sentence: Popular, Monday, English', () => {
    const answer = 'Popular choices vary. Monday is quiet in shops. English makers sell on Etsy, and Example Shop is local.';
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(a.brands[0]!.position).toBe(2);
  });

  it("an airport's terminals", () => {
    const answer = 'Example Shop sells passes to lounges from Lounge Key in Terminals 2 and 4, and in Terminal 5.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Lounge Key']);
  });

  it('weekdays, months, countries and languages anywhere', () => {
    const answer = 'Order on Monday in March from Japan, Germany or the United States; labels in English and German. Glazeworks ships.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual([]);
  });

  it('sentence openers before a comma, and common words at the head of a sentence', () => {
    const answer = 'However, Etsy and Amazon are large. Additionally, Example Shop is nice. The Kiln Barn sells hand-glazed bowls.';
    // The rule's reading: the learned weighing finds `The Kiln Barn` after `the` a coin's toss (prose-name-model.ts).
    const a = byRulesAlone(() => analyseBrands(answer, brands));
    expect(a.otherBrands).toEqual(['Etsy', 'Amazon', 'Kiln Barn']);
    expect(a.brands[0]!.position).toBe(3);
  });
});

describe('names at the start of a sentence', () => {
  it('count as items of an enumeration', () => {
    const answer = 'Etsy, Amazon and Kilnworks are good places. Example Shop is local.';
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Etsy', 'Amazon']);
    expect(a.brands.map((b) => b.position)).toEqual([4, 3]);
  });

  it('count as items of an enumeration in bold, or joined by one conjunction', () => {
    expect(analyseBrands('**Etsy**, **Amazon** and Kilnworks sell bowls.', brands).otherBrands).toEqual(['Etsy', 'Amazon']);
    expect(analyseBrands('Etsy or Amazon will do.', brands).otherBrands).toEqual(['Etsy', 'Amazon']);
    // Two items need a conjunction: `Fine, Etsy` is an opener and a name, not an enumeration.
    expect(analyseBrands('Fine, Etsy sells the most.', brands).otherBrands).toEqual(['Etsy']);
    // A single -ly word is an adverb, even at the head of an enumeration.
    expect(analyseBrands('Realistically, Etsy and Amazon are the biggest.', brands).otherBrands).toEqual(['Etsy', 'Amazon']);
  });

  it('count when the name also stands elsewhere, from that first place', () => {
    const answer = 'Zalando is huge. Example Shop is small. Many still order from Zalando.';
    const a = analyseBrands(answer, brands);
    expect(a.otherBrands).toEqual(['Zalando']);
    expect(a.brands[0]!.position).toBe(2);
  });

  it('are not taken alone (a known miss)', () => {
    expect(analyseBrands('Glazeworks is huge. Example Shop is small.', brands).otherBrands).toEqual([]);
  });

  it('count alone when a reader knows the brand, unless it is also a word (words/known-brands.txt)', () => {
    expect(analyseBrands('Zalando is huge. Example Shop is small.', brands).otherBrands).toEqual(['Zalando']);
    expect(analyseBrands('Target is huge. Example Shop is small.', brands).otherBrands).toEqual([]);
  });
});

describe('brands a reader knows (words/known-brands.txt)', () => {
  it('count in a sentence without a cue, in any language, but not as a place or after a place', () => {
    expect(analyseBrands('Zelty se connecte nativement à Uber Eats et Deliveroo. Example Shop aussi.', brands).otherBrands).toEqual(['Uber Eats', 'Deliveroo']);
    expect(analyseBrands("Qonto démarre à 11 € avec une carte Mastercard ; Example Shop n'en a pas.", brands).otherBrands).toEqual(['Mastercard']);
    // A town that shares a chain's name is the town (`Halifax`); after a place's cue, a name is still the place.
    expect(analyseBrands('We flew to Halifax, then drove on. Example Shop ships there.', brands).otherBrands).toEqual([]);
  });

  it('count in English prose even where the brand is a word, when written with its capital mid-sentence', () => {
    expect(analyseBrands('The team keeps its docs in Confluence and tickets in Example Shop.', brands).otherBrands).toEqual(['Confluence']);
    // French capitalises no noun mid-sentence: a known brand that is an English word but no common one is the brand there too.
    expect(analyseBrands("L'équipe range ses notes dans Confluence, pas dans Example Shop.", brands).otherBrands).toEqual(['Confluence']);
  });

  it("yield to a town's name only where they are no brand a reader knows (words/towns.txt)", () => {
    expect(analyseBrands('We stopped at Roanne and Olbia on the way; Example Shop ships there.', brands).otherBrands).toEqual([]);
    // Resorts and villages of 5,000 people or more: `Breckenridge`, `Vail`, `Llanes`.
    expect(analyseBrands('Rent skis in Breckenridge or Vail; Example Shop delivers there.', brands).otherBrands).toEqual([]);
    // Nokia is a Finnish town too, smaller than the brand.
    expect(analyseBrands('We compared phones by Nokia; Example Shop ships there.', brands).otherBrands).toEqual(['Nokia']);
  });

  it("take a city by the name the answer's language gives it (words/cities.txt, GeoNames' other names)", () => {
    expect(analyseBrands('Da Genova e da Napoli partono i traghetti; Example Shop vende i biglietti.', brands).otherBrands).toEqual([]);
    expect(analyseBrands('Les vols pour Londres et Bruxelles partent tôt ; Example Shop les vend aussi.', brands).otherBrands).toEqual([]);
  });

  it('count in German prose a known brand that is a noun or a name where it is enumerated beside a brand', () => {
    expect(analyseBrands('Bargeld gibt es an der Kasse bei Rewe und Penny, nicht bei Example Shop.', brands).otherBrands).toEqual(['Rewe', 'Penny']);
    expect(analyseBrands('Praktisch für Retouren an Otto oder Zalando, sagt Example Shop.', brands).otherBrands).toEqual(['Otto', 'Zalando']);
    // Alone, the noun or the name stays what it is.
    expect(analyseBrands('Otto fährt lieber mit Example Shop.', brands).otherBrands).toEqual([]);
  });

  it('count in German prose when the name is no German word', () => {
    expect(analyseBrands('Günstige Laufschuhe gibt es oft im Outlet, etwa Nike. Example Shop hat weniger Auswahl.', brands).otherBrands).toEqual(['Nike']);
    expect(analyseBrands('Die Versicherung kostet bei der DEVK weniger als bei Example Shop.', brands).otherBrands).toEqual(['DEVK']);
    // A foundation named as one, its article opening the sentence.
    expect(analyseBrands('Die Stiftung Warentest hat Nassfutter getestet. Example Shop verkauft es.', brands).otherBrands).toEqual(['Stiftung Warentest']);
  });
});

describe('running prose', () => {
  it('keeps connectors, ampersands, camel case and company forms, and ends a name at its possessive', () => {
    const answer = "I'd try a card from Bank of America, Marks & Spencer's homeware, eBay, or bowls from Heath Ceramics Inc. before Example Shop.";
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Bank of America', 'Marks & Spencer', 'eBay', 'Heath Ceramics Inc']);
  });

  it('reads a name with its legal form and without it as one brand, and a legal form makes a company of a person’s name', () => {
    const answer = 'Bowls from Heath Ceramics Inc. are sturdy; Heath Ceramics also sells mugs, and Example Shop has both.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Heath Ceramics Inc']);
    expect(analyseBrands('Die Marke gehört zur Paul Hartmann AG aus Heidenheim. Example Shop führt sie.', brands).otherBrands).toEqual(['Paul Hartmann AG']);
    expect(analyseBrands('Ein Konto bei der Deutsche Bank AG kostet mehr als bei Example Shop.', brands).otherBrands).toEqual(['Deutsche Bank AG']);
  });

  it('reads a description after a dash and a quotation as starting a sentence', () => {
    const answer = [
      '1. **Not On The High Street** – Curated gifts from small makers.',
      '2. **Example Shop** – Convenient, with "Ships from United Kingdom" filters.',
      'Buy from Uncommon Goods – Handmade stock.',
    ].join('\n');
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Not On The High Street', 'Uncommon Goods']);
  });

  it('is read in German for names, not for the nouns German capitalises', () => {
    const answer = 'Kaffee kaufen Sie am besten bei Tchibo oder im Supermarkt, und Example Shop ist auch gut.\n\n- **Dallmayr**: klassisch';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Tchibo', 'Dallmayr']);
  });

  it('does not read a capitalised brand in lower case in German prose, where every name is capitalised', () => {
    const flink: TrackedBrand = { key: 'flink', name: 'Flink', aliases: [], domains: ['goflink.com'] };
    const a = analyseBrands(
      'In den großen Städten ist Flink am schnellsten, und der Dienst liefert in wenigen Minuten. Wer aber flink einkaufen will, muss nicht immer bei einem Lieferdienst bestellen.',
      [flink],
    );
    expect(a.brands[0]!.mentionCount).toBe(1);
  });

  it('reads a brand in lower case right after `bei` or `von` and before no noun in German prose', () => {
    const sofatutor: TrackedBrand = { key: 'sofatutor', name: 'Sofatutor', aliases: [], domains: ['sofatutor.com'] };
    const a = analyseBrands(
      'Vor Ort sind die Nachhilfeschulen die größten Anbieter. Wer aber zwischendurch üben will, findet bei sofatutor erklärende Videos und Übungen zum Lehrplan.',
      [sofatutor],
    );
    expect(a.brands[0]!.mentionCount).toBe(1);
  });

  it('skips headings in Title Case and fenced code', () => {
    const answer = ['## Where to Buy Handmade Bowls', '', '```', 'Some Code Here', '```', 'Buy from Etsy.'].join('\n');
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Etsy']);
  });
});

describe('products, places and plans', () => {
  it("reads capitalised words right after a brand's name as its product or place, not another brand", () => {
    const hyatt: TrackedBrand = { key: 'hyatt', name: 'Hyatt', aliases: [], domains: [] };
    const a = analyseBrands('Families like the Hyatt Centric Times Square; Etsy sells mugs. Shell Fleet Solutions helps.', [
      hyatt,
      { key: 'shell', name: 'Shell', aliases: [], domains: [] },
    ]);
    expect(a.otherBrands).toEqual(['Etsy']);
    expect(a.brands.map((b) => b.position)).toEqual([1, 3]);
  });

  it('takes a run of prose ending in a place noun for a place, but keeps such a name where names are expected', () => {
    expect(analyseBrands('Kilnworks sells from its shop on Alberta Street near the Pearl District, like Eastside Pottery.', brands).otherBrands).toEqual([
      'Eastside Pottery',
    ]);
    expect(analyseBrands('1. **Not On The High Street** – gifts', brands).otherBrands).toEqual(['Not On The High Street']);
  });

  it("reads the other columns of a table whose first column names the rows as the rows' plans, not brands", () => {
    const table = [
      '| Operator | Plan | Price |',
      '|---|---|---|',
      '| Free | Freebox Pop | 29,99 € |',
      '| Orange | Livebox Fibre | 31,99 € |',
      '| Bouygues Telecom | Bbox Must | 30,99 € |',
    ].join('\n');
    expect(analyseBrands(table, brands).otherBrands).toEqual(['Orange', 'Bouygues Telecom']);
    // A first column of labels leaves a column of names to be read.
    const byCategory = ['| Budget | Pick |', '|---|---|', '| Low | Kilnworks |', '| Mid | Heath Ceramics |', '| High | East Fork |'].join('\n');
    expect(analyseBrands(byCategory, brands).otherBrands).toEqual(expect.arrayContaining(['Heath Ceramics', 'East Fork']));
  });

  it("matches a typographic apostrophe with a straight one: De’Longhi is De'Longhi", () => {
    const delonghi: TrackedBrand = { key: 'dl', name: "De'Longhi", aliases: [], domains: [] };
    expect(brand('The De’Longhi Dedica and DeLonghi’s baskets; de‘longhi again.', 'dl', [delonghi]).mentionCount).toBe(2);
  });
});

describe('citations', () => {
  it('lists cited registrable domains, distinct, in order, tracked or not', () => {
    const answer = 'See https://shop.kilnworks.com/a, https://www.etsy.com/x, https://kilnworks.com/b and https://www.example.co.uk/.';
    const a = analyseBrands(answer, brands);
    expect(a.citedDomains).toEqual(['kilnworks.com', 'etsy.com', 'example.co.uk']);
    expect(a.otherDomains).toEqual(['etsy.com', 'example.co.uk']);
    expect(a.brands.map((b) => b.cited)).toEqual([false, true]);
  });

  it('knows a brand on a private suffix by its own site, not by the suffix', () => {
    const maker: TrackedBrand = { key: 'maker', name: 'Clay Maker', aliases: [], domains: ['claymaker.myshopify.com'] };
    const a = analyseBrands('Clay Maker: https://claymaker.myshopify.com/bowls, or https://other.myshopify.com/x.', [maker]);
    expect(a.brands[0]).toMatchObject({ mentioned: true, cited: true });
    expect(a.citedDomains).toEqual(['myshopify.com']);
    expect(a.otherDomains).toEqual(['myshopify.com']);
    expect(brand('https://other.myshopify.com/x', 'maker', [maker]).cited).toBe(false);
  });

  it('ignores a public suffix given as a brand domain', () => {
    const odd: TrackedBrand = { key: 'odd', name: 'Odd', aliases: [], domains: ['co.uk'] };
    expect(brand('See shop.co.uk and https://www.shop.co.uk/x.', 'odd', [odd])).toMatchObject({ mentioned: false, cited: false });
  });

  it('cites a subdomain of a brand domain given as a host', () => {
    const studio: TrackedBrand = { key: 'studio', name: 'Studio', aliases: [], domains: ['shop.kilnworks.com'] };
    expect(brand('https://www.kilnworks.com/x', 'studio', [studio]).cited).toBe(true);
    expect(brand('https://kilnworks.co.uk/x', 'studio', [studio]).cited).toBe(false);
  });
});

describe('names in an item or a row another name leads', () => {
  it("need more than a brand's shape or a verb of business, which a product's or a feature's name has too", () => {
    const answer = '- **Chime** – early direct deposit, and SpotMe covers overdrafts up to $200.\n- **Example Shop** – no fees.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Chime']);
    // The same name in a sentence of its own is a brand by a verb of business (its shape alone is not enough: `PS5`).
    expect(analyseBrands('Early deposit matters, and SpotMe offers $200. Example Shop has no fees.', brands).otherBrands).toEqual(['SpotMe']);
    expect(analyseBrands('Early deposit matters, and SpotMe covers $200. Example Shop has no fees.', brands).otherBrands).toEqual([]);
  });

  it('count on a cue, an enumeration, or a maker a reader knows', () => {
    const answer = '- **Buzzsprout** – works with Microsoft 365 and sends episodes to Apple Podcasts and Spotify.\n- **Example Shop** – no fees.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Buzzsprout', 'Microsoft 365', 'Apple Podcasts', 'Spotify']);
  });
});

describe('names offered as businesses of a kind', () => {
  it("count even with a person's shape (`marcas como Royal Canin`)", () => {
    const answer = 'En Example Shop salen más baratas marcas como Royal Canin, Acana o Advance.';
    expect(analyseBrands(answer, brands).otherBrands).toEqual(['Royal Canin', 'Acana', 'Advance']);
  });
});

describe('an answer that starts by repeating its prompt', () => {
  const prompt = 'Best pottery shops in Scotland: Kilnworks or Glazeworks?';
  it('names no other brand in the echo, not its cut-off last word, whatever mark the cut leaves', () => {
    for (const cut of ['Glazewo', 'Glazewo…', 'Glazewo...', 'Glazewo—']) {
      const answer = `Best pottery shops in Scotland: Kilnworks or ${cut}\n\nExample Shop is the cheapest.`;
      const a = analyseBrands(answer, brands, { prompt });
      expect(a.otherBrands, cut).toEqual([]);
      // The tracked brands are read in the echo as anywhere (Kilnworks first); the cut word ranks nothing.
      expect(
        a.brands.map((b) => b.position),
        cut,
      ).toEqual([2, 1]);
    }
  });

  it('ranks a name of the echo when the answer names it again', () => {
    const answer = 'Best pottery shops in Scotland: Kilnworks or Glazeworks?\n\nGlazeworks ships fast, and Example Shop is local.';
    expect(analyseBrands(answer, brands, { prompt }).otherBrands).toEqual(['Glazeworks']);
  });
});

describe('analyseBrands: a group formed on a tracked name', () => {
  it('lists the group as another brand where it stands, and counts no mention in it', () => {
    const a = analyseBrands('Kilnworks openers are sold by Etsy. The Kilnworks Group also owns Liftwell.', [kilnworks]);
    expect(a.brands[0]).toMatchObject({ mentionCount: 1, position: 1 });
    expect(a.otherBrands).toEqual(['Etsy', 'Kilnworks Group', 'Liftwell']);
    // A company's legal form is the brand's own company: a mention.
    expect(analyseBrands('Kilnworks SE makes kilns.', [kilnworks]).brands[0]).toMatchObject({ mentionCount: 1, position: 1 });
  });

  it('reads a group noun written as the first word of its name before the tracked name as the group, not a lower-case one', () => {
    const a = analyseBrands('Kilnworks vende hornos. Liftwell pertenece a Grupo Kilnworks desde 2020.', [kilnworks]);
    expect(a.brands[0]).toMatchObject({ mentionCount: 1, position: 1 });
    expect(a.otherBrands).toContain('Grupo Kilnworks');
    expect(analyseBrands('Kilnworks vend des fours, comme le groupe Kilnworks en Europe.', [kilnworks]).brands[0]).toMatchObject({ mentionCount: 2 });
  });
});
