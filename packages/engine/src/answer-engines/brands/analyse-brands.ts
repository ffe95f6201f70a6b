// What one answer says about tracked brands (the project's and its competitors'), and what else it
// names and cites. Pure: text in, facts out. The rules of brand reading are written here, in full,
// and nowhere else in the code; the spec states them for users (openapi/openapi.yaml, *Brands in
// answers*) and points here: keep the two consistent.
//
// 1. Mention. An occurrence of a brand's name or one of its aliases in the text a reader sees,
//    case- and accent-insensitive, on word boundaries (`Shop` is not in `Shopping` nor in
//    `MyShop`). A domain written as a name in prose (`kilnworks.com`, `www.kilnworks.com`,
//    `shop.kilnworks.com`: no scheme and no path) is a mention too: the reader sees the brand's
//    name. A URL is a citation, not a mention: anything with a scheme (`https://kilnworks.com`) or
//    a path (`kilnworks.com/shop`), bare, in `<…>` or as a Markdown link's destination. A link's
//    visible text is read as text, so `[Kilnworks](https://kilnworks.com)` is one mention and one
//    citation (a link text that is itself a URL is a citation only). Overlapping occurrences count
//    once, the longest winning (`Example` inside `Example Shop`, or inside `example.com`); when two
//    tracked brands' patterns overlap, the longer match wins and the span is that brand's only (at
//    equal length the earlier start wins, then the brand given first).
//    The letters are a mention only where they are written as a name (written-as-name.ts). Not
//    where a brand that is a common word of the answer's language (lexicon.ts) stands in lower
//    case in running prose (`remote teams`, `next year`, `cada día`, `ao vivo`), or after a
//    determiner (`pick up the slack`), or with other accents than the brand's (`Día a día` for
//    Dia), or, where the answer writes the brand with its capitals elsewhere, in lower case at all
//    (`the competition gets lively` beside `**Lively**`, `educación prenatal` beside `**Prénatal**`, with its accents, `at cost plus a markup`; not a brand a
//    reader knows that is no word, `doordash and uber eats`), or, of several words, with a capitalised
//    word in lower case, a word of the language (`any Shanghai street` for Shanghai Street, `marqués
//    de Riscal`; not an article opening it, `the Harwood Arms`; any first word where the answer writes the
//    brand with its capitals elsewhere: `una avarca de Menorca` beside `[Avarca de Menorca]`), or, named as a weekday or a month, beside a date's number, a
//    part of the day or a word of time (`in late August`, `its Monday morning stand-up`), or opens a sentence as an interjection (`Claro, …`; not before an aside that another comma closes:
//    `Corona, también japonesa, es…`) or, in English, before a word that
//    is not its verb (`Next year…`, not `Next sells…`, `Bird left the market`, an irregular past too); a list lead, bold text, a link text
//    or a table cell is a name's place, where the word counts. In German, a determiner before the
//    name makes a noun of it (`jeder Kicker`), save before a compound the name opens (`ein
//    Abus-Schloss`), and a one-word name in lower case is an adjective or a verb where the answer
//    writes it with capitals elsewhere or German has the word (`flink einkaufen`), not a brand
//    written in lower case throughout (`uvex fertigt`). Not as the last part of a hyphenated
//    compound (`Entwickler-Teams`, `Jean-Paul`), nor where its sentence says what the name comes from
//    or is not (named-apart.ts: `the name comes from Kalki`, `nothing to do with the oil company BP`,
//    `nicht zu verwechseln mit … JBL`, `nach Pfarrer Sebastian Kneipp benannt`), nor inside a group's or a corporation's name formed
//    on it, which is another brand (`the Chamberlain Group`, `Polaris Inc.`; group-names.ts), nor as a
//    family's name (`die Familie Fandler`, `the Phillips family`), nor inside a person's name (a given name and a
//    surname: `Thomas Müller`, `Italo Calvino`, also one the frequency lists hold as a word that the dictionary lacks, `Harry Roberts`; not a brand a reader knows before a plural that is no surname, `Tesla Superchargers`; a founder's after a title or a profession: `o
//    fundador, Carlos Santos`) or a place's (`Porto Alegre`, a town's of two words: `Novi Ligure`, `shops in Iceland`, after the noun of
//    its kind: `la comuna de Alto del Carmen`, in German right after it: `in der Stadt Schwäbisch Hall`, before a place's noun: `Monmouth Street`).
//    In German, which capitalises every noun and name, not a one-word brand in lower case
//    (`flink einkaufen` for Flink, save a brand spelled so, a domain, or one right after `bei`,
//    `von` and before no noun: `bei sofatutor erklärende Videos`), not a noun after a
//    determiner or an adjective in its sentence (`viele Teams`, `jeder Kicker`; not after a conjunction
//    nor after the last word of the sentence before, `… ansehen. Otto liefert`:
//    `empfehlen aber Brooks`), save after a word that takes a name, past its article (`bei der
//    Allianz`), or enumerated beside a name that is no noun (`die Allianz und die CosmosDirekt`), nor a camel-cased brand written as a noun (`ein echter Lichtblick` for LichtBlick)
//    unless so spelled in its aliases.
//    An answer written all in lower case is read by letters alone.
// 2. Position. A mentioned brand's 1-based rank among the distinct names the answer gives, in order
//    of first appearance: the tracked brands (by their first mention), the other brands found in the
//    text (rule 3, each at its earliest capitalised occurrence), and the other domains written as
//    names. A brand and its domains are one name (`Shopify`, `Shopify Payments`, `shopify.com`); a
//    domain whose label is a tracked brand's (`kilnworks.de` for Kilnworks) ranks as nothing of
//    its own. A URL ranks nothing (rule 1). At most 1000; null when the brand is not mentioned.
// 3. Other brands. Names that are not a tracked brand (not sharing its compact key, not containing
//    its name, save a group's or a corporation's formed on it (rule 1), not a one-word product named after it: `Freebox` for Free; a domain's label that is
//    one word of a longer tracked name is its maker's, another brand named apart: `Dropbox` beside
//    `Dropbox Sign` on dropbox.com; not a product opening on another brand the answer names on its
//    own, `Amazon Lockers` beside `Amazon`, save a business's full name, `Ozone Coffee Roasters`; a
//    table's row of a model is its maker's, at the row, where the answer writes the maker on its own
//    and no reading took it, `Marshall Emberton III` before `Marshall punktet…`, never a tracked brand's row: makers.ts; a row of a maker and a model's code is the maker's, `LG MH6535GIS`: candidates.ts;
//    in an answer that lists models, an untracked lead or row of a maker and a model is the maker's, `Okatsune 103`: model-rows.ts), in order of appearance,
//    distinct by compact key, first spelling kept, found (candidates.ts) in list items, headings,
//    bold text and link texts (their leads, a list item's without a preposition of where it opens
//    on outside bold or a link, `- Chez [Mr.Bricolage](…), …`, not `**Chez Dany**`, and none where an article follows
//    the preposition, `- En el Éxito, Carulla y D1 hay…`, whose prose is read; and a word of a link's text that spells the link's own
//    site, `[Rahmen bei Otto](https://www.otto.de/…)`, not the site written as a domain:
//    link-sites.ts), Markdown table cells (the first column of the body,
//    columns of names, brands as column headers), and running prose (prose.ts): runs of one to five
//    capitalised words (`Bank of America`, `Marks & Spencer`, `eBay`, `Microsoft 365`; a possessive
//    ends the run, and an elided article opens another (`Nike l'Inter`; a capitalised one inside a sentence is the name's own: `au groupe L'Occitane`), save inside a brand a
//    reader knows, `Sam's Club`, and, in English, a common noun's before a capitalised word, `People's
//    Choice`, and stays on one so known, `Domino's`) that are not made only of
//    common words, not a domain (initials glued to a name are none: `L.L.Bean`), and not at the start of a sentence (a question mark glued to one
//    in a sentence that goes on is its own and counts: `the Which? airline survey`). A name counts
//    only when the same name also stands in a place that qualifies, or in an enumeration of names
//    (`Etsy, Amazon and Kilnworks are…`; not one made only of acronyms no list knows: `GR y PR`), when it is: at the start of a sentence (a common first
//    word is dropped: `Visit Etsy` → `Etsy`; a possessive there opens on its owner's name and
//    counts, `Target's same-day service`, not an acronym's: `NIST's`); a lead or bold text that is
//    one common word of the language, a verb or a label (`**Payments**`, `**Pharmacies**`, `**Vérifier**`; one opening on a
//    preposition of whom or where from: `**Für Feinschmecker**`, `**Aus Bayern:**`), or a
//    word of time or origin and a year or a place (`Depuis 2023`, `Depuis Neuchâtel`); a lone
//    acronym (`CNMC`, also keeping a short word's lower case: `DGFiP`, `FedRAMP`) or, outside
//    English, a lone common word (`la Ville`); a product (after `the`, `its`, `sa`, a product's
//    noun or before one, `l'offre Essentielle`, `Room Essentials lines`; followed by its maker,
//    `CartaFRECCIA di Trenitalia`; after an article in a sentence that named a tracked brand, `Free
//    propose la Freebox Pop`, not after a word giving examples, `como o Sírio-Libanês`; joined by
//    and/or, also past an article, to a product just named, `la Vertuo Pop e la Essenza Mini`;
//    ending in a model's code, `Kiprun KD900`, save outside German one that opens on a brand a reader
//    knows, `Samsung T7`, listed as written where the maker stands nowhere on its own; in English, one name after `a`, `an` before no noun,
//    `if you have an iPhone`, save one heading a list of names, `a NatWest, RBS or Mettle
//    account`); a person (a given name and a surname, or after a title or a profession, also one
//    opening the sentence: `el arquitecto Richard Rogers`, `Founder Peter Cancro`, not a title's word
//    opening a name inside a sentence, which is the name's: `owned by General Mills`; or two words no
//    list knows: `Tigst Assefa`, or a person's kin, words/kin-nouns.txt: `le père de Friedrich`). In German, a noun before `wie` names the kind of the names after
//    it (`Vergleichsportalen wie Verivox`). In a list of labels (no item led by a tracked brand,
//    most leads labels), a lead made of common words is a label too (`**Camera**`, `**Price
//    Match**`), and in German so is any lead of several nouns and common words (`**Günstige
//    Eigenmarken**`); in a table with brands as columns, the first column holds what is compared. Never a
//    brand (not-brands.ts, prose.ts): places (countries, regions, cities from data in prose, and
//    towns of 5,000 people or more unless a known brand's name or an English word, `Roanne`, names
//    with a place's noun: `Avenida da Liberdade`, `Lagoa Azul`, `Kärntner Straße`, joined by a particle:
//    `Marne-la-Vallée`, after a place's cue: `em Arroios`, after the noun of its kind: `gare
//    Part-Dieu`, `musée des Confluences`, `Mercado da Ribeira`, in Italian `in via Colonna Rotta`, or
//    the kind's examples: `cities like Leeds`, in German `Orten wie Binz`, or the kind German capitalises
//    opening the run: `die Insel Neuwerk`, then `von Neuwerk` too), listed with a place (also before
//    one: `Gatwick and Luton`), or after `in`, `en`, `no` when the prompt names a place: `in
//    Croix-Rousse`, or after such a preposition opening the sentence, before a comma, in any answer:
//    `À Praz, cette boulangerie…`, not Spanish `en`, which opens on a shop as often; a place the prompt names after such a preposition, and its first word, are
//    that place wherever the answer names them: `a Milano`, `Rio` of `no Rio de Janeiro`), public bodies and regulators (`Banco de México` and its short name in
//    brackets, `Instituto Cervantes`, `Bundesnetzagentur`, a chamber of commerce: `Camera di
//    Commercio`, a national regulator by its short name alone, words/regulators.txt: `Ofcom`,
//    `Arcep`, `IVASS`, an ombudsman or a public scheme: `Energy
//    Ombudsman`, `Boiler Upgrade Scheme`, a common word joined in one word to a country or region:
//    `VisitScotland`, a tourist board by its word of tourism and its place: `Tourism Nanaimo`,
//    `Ticino Turismo`, a name whose site is a government's: `anatel.gov.br`, after or set off by a
//    regulator's noun: `the regulator Ofgem`, also past a genitive's words: `unter Aufsicht der
//    BaFin`, near a verb of supervision: `registrada na Susep`), laws and schemes (`Ley Rider`, `la
//    loi ALUR`, `Kari's Law`, `Digital Markets Act`, `Operation Snap`), standards (an acronym and a number: `ISO
//    27001`, `SOC 2`; a word opened by lower-case letters before a capital, `eSIM`, `kWp`, unless
//    a known brand: `eBay`; the standards devices connect by, words/tech-standards.txt: `Bluetooth`,
//    `Z-Wave`), an office's noun before `of` (`Bureau of Meteorology`), associations (`American Heart Association`), a scheme a label names
//    (`le label Fleurs de France`, and the names joined to it: `les labels Cosmébio et Ecocert`, `certificação FSC ou PEFC`), a place near which something is (`près de Montmartre`,
//    `cerca de Mestalla`, `plazas como Antara`), a lead or bold text that a lower-case article
//    follows, a verb opening a sentence (`**Prüfe** den Druckregler`), an acronym's plural (`DJs`), numbered roads and fare zones (`Route 66`, `da Nacional 4`, `Zone 2`), events and holidays (`Feria de Abril`, `Berlin Marathon`, `Mobile World Congress`, `Diwali`, a
//    league: `Serie A`), sports clubs (`Sevilla FC`, `Arsenal v Liverpool`), a person's surname
//    alone after the person (`Muñoz`), a tracked brand's product named with it, also where it
//    stands alone later (`Target Circle 360`, `Chime's SpotMe`, `Avlo, su marca`), a house brand
//    after its owner's possessive and a brand's noun (`sa marque Kalenji`; `la marca Zara` is a
//    company), units after a number (`16 GB`) or alone (`Prix du kWh`), and the words of a prompt's
//    echo: an answer that starts by repeating its prompt (echo.ts) names nothing there, not its
//    truncated last word (`Scotlan`, also marked as cut: `Scotlan…`, `Manche—`), and a name in it
//    only when the answer names it again (it then ranks from the echo). German prose is read for
//    names once the capitalised nouns are set aside (german.ts: the common words, nouns' endings
//    and compounds, and the nouns of a German lexicon, words/german-nouns.txt, `Zubehör`, `App`,
//    save right after a word that takes a name, where two nouns joined by a linking `s` still are
//    one, `über Vergleichsportale`; English words German has borrowed are nouns wherever they
//    stand, `bei Wellness`, save brands a reader knows; a brand a reader knows keeps its nouns, `Fahrrad XXL`, and a
//    business's noun stays in the name it opens or ends, `C24 Bank`, `Hotel Sacher`),
//    and a name there needs a cue: the shape of a brand (`JobRad`, `Check24`), a word that takes a
//    name (`bei`, `von`, `laut`, `wie` right before it, also opening the sentence; not `über` nor a
//    bare `zu`, whose names were brands at most half the time over the development answers, save a
//    word of owning: `gehört zu Haufe`; past its article no cue either, `bei der Rückgabe`, save
//    before a bank's compound or a legal form: `bei der Sparkasse`, `bei der Deutsche Bank AG`) or an enumeration (also opening it: `Nike und Adidas bieten…`), a verb after it of what a
//    business does (`Verivox vergleicht`, `Knuspr liefert`; not after `als`, a role: `als Ausrüster
//    verkauft`), a price it is or has in its sentence or a business's noun opening it (`Café
//    Sacher`), or a word of owning (`gehört zur Munich Re`, `weil beide zur Ceconomy gehören`; also past a span of
//    time and where the name is a place's too: `gehört seit Jahren zu Thule`);
//    the word after a business's noun is judged on its own (`Das Hotel Sacher`); a foundation or an
//    association named as one is an organisation's name (`Stiftung Warentest`), a company's noun
//    opening the run names the company after it (`der Mutterkonzern New Work SE`), and a compound of a
//    name and a company's noun names the company (`Continental-Konzern`, `Telefónica-Marke`), as
//    does one of a known brand and what it sells or runs (`BMW-Modelle`, `Aral-Tankstellen`); a
//    known brand of one word that is no common word keeps it where a name stands (`auf
//    Kleinanzeigen`); the first parts of compounds hanging on their hyphen before one hyphenated
//    after a name are names where the language has no such word (`Shimano- und SRAM-Gruppen`; not
//    `Quarz- und Automatikuhren`, whose nouns join without one); after `wie`, a noun of the lexicon
//    is a noun (`Schadstoffe wie Mineralöl`), save among the names enumerated after a kind's noun
//    and `wie`, which are brands whatever they look like (`Marken wie Royal Canin, Wolfsblut oder
//    Held`), and the words enumerated with a noun of the lexicon are things of its kind (`Polenta,
//    Brasato, Luganighe und Merlot`: enumerationItems). A company's legal form after a name is part of it as written and makes it a company's,
//    no person's (`Paul Hartmann AG`, `Deutsche Bank AG`); the name without it is the same brand,
//    listed once under its first spelling (candidates.ts). A family's name is the family (`la famille de
//    Dietrich`, `the Rose family`), and a designation of origin that opens on a word the answer
//    writes in lower case is no brand (`Grappa del Veneto` beside `una grappa`), nor is such a word
//    where it opens a sentence, whose capital says nothing (`Clients can book online` beside `a
//    handful of clients`).
//    Elsewhere, a name in prose that would count counts at once only on a brand's evidence
//    (prose-evidence.ts, business-evidence.ts), and otherwise only where the same name stands in a
//    place that qualifies. In a list item or a table row that a name leads (`**Chewy** – …`), the
//    weak evidence (`with`, a verb of business, a possessive, the words around it)
//    does not count for the names after the lead, which are as often its products and features
//    (`Autoship`, `SpotMe`), save a name that opens on a known maker (`Microsoft 365`) and the owner
//    of a brand named by its possessive (`Electrolux's North American brand`), strong evidence. Names
//    offered as businesses of a kind (`marcas como Royal Canin`) are no people. The evidence: the
//    name of a brand a reader knows (lexicon.ts, words/known-brands.txt: the chains of the
//    name-suggestion-index, Simple Icons' brands, cspell's companies; one of several words as a
//    whole, no word of it read apart, `Pets at Home`, also without the `The` the lists open it on,
//    `Home Depot`, as is the name of a site the answer cites,
//    `Reclame Aqui` for reclameaqui.com.br, and one those lists write in lower case where the
//    answer writes it so, `bei dm`, no word of the answer's language nor a unit after a number:
//    known-in-prose.ts), which also counts at a
//    sentence's start and as an acronym unless it is an English word or a common word of the
//    answer's language (`Deliveroo`, `BBVA`; not `Target`), and in English prose, where a word's
//    capital mid-sentence makes it a name, even then (`Confluence`), and is no model after a
//    product's noun (`une carte Mastercard`) nor a place after a place's cue (`à Uber Eats`); a
//    town's name stays the town's (`Halifax`), save where the known brand is enumerated beside a
//    tracked or known brand, as a word's is too (`Leclerc, Carrefour et Lidl`, `Orange ou
//    Renault`, `en Coto o en Carrefour`), where it is offered as an example (`como Carrefour`; not
//    after a route's `via`, `through`, nor a country's, region's or capital's name), or outside English where a shop or a site stands
//    (`sur Amazon`, `en Hertz`); a
//    known brand of two words is no person (`Leroy Merlin`) and keeps a demonym that opens a
//    sentence (`Canadian Tire`); a word of owning, buying or making before the name or of buying
//    after it (words/owner-cues.txt: `owned by OVO`, `appartient à Unilever`, `Canva bought
//    Affinity`, `which also owns Milwaukee`, `owned since 2022 by Rentokil`, `the parent of Rocket Mortgage`; past a nationality in the Romance languages, `au japonais
//    Lixil`), for an acronym or a common word too, also a name of common words (`owned by Premium Brands`), and no place nor
//    product then (`à` is no article), nor a person for two words no list knows (`owned by Dentsply
//    Sirona`) nor for a person's words after a word of belonging (`all belong to Glen Dimplex`; not of
//    making, `glazes made by Maria Ostrand`); a group's name after its noun in lower case, no place
//    though a town's (`del grupo Peñaflor`, `au groupe Fnac Darty`); a group's noun ending a name that a name opens, or that
//    something is part of (`Techtronic Industries`, `Rocket Companies`, `Newell Brands`, `Part of Direct Line Group`: no person, no
//    regulator; not `Environmental Working Group`); a brand's new or former name in brackets after it
//    (`Greenpeace Energy (heute Green Planet Energy)`), an enumeration of names (an aside in
//    brackets leaves it going on; also `le Crédit Agricole ou la Société Générale`, `the Mercure
//    and the Novotel`, `Vanguard o Amundi`, or names alone in a table cell, one a brand a reader knows: `| Gmail, Outlook |`),
//    a group's noun opening it
//    (`Grupo Santander`, no place for its city), a word before it that offers it (`like`, `such
//    as`, `including`, in English also past `a`, `an`: `such as an AprilAire`, `via`, `chez`, a
//    nationality after an article or a company's noun in the Romance languages, words/nationalities.txt:
//    `da italiana Parmalat`, `del gruppo francese Cristalco`,
//    `selon`, a company's noun, a business's noun in lower case after an article: `la pasticceria
//    Panarello`), names joined by an ampersand (`Astrid & Gastón`, a firm's: people and places are joined by a word)
//    or a preposition of source or maker (`from`, `par`, `da`, `with`,
//    Italian `su`; not `de`, `di`, `do`, `por`, `by`, `at`, nor a brand's shape alone, `PS5`,
//    `TI-Nspire`: over the development answers the unknown names they admitted were brands at most
//    half the time, and each name taken wrongly moves the brands after it down), a verb of paying before
//    `for`, `to` (`pay for Uber One`), a verb after it of what a business does (`offers`, `ships`,
//    `propose`, `ofrece`, `makes`), in French, Spanish, Italian and Portuguese an indefinite article
//    right before it (`une Duvel bien fraîche`; no person then, for two words no list knows: `una Inca Kola`), its possessive (`Royal Mail's Tracked 48`; not an acronym's, a body's as often: `APRA's annual test`), an apposition naming a kind
//    of business (`Le Ninkasi, brasserie lyonnaise`, `Openbank, el banco digital`), a business's
//    noun opening it (`Boulangerie du Palais`, `Hotel Arts`; not `Bank of`, `Service`, which open
//    public bodies' names too), in French, Spanish, Italian and Portuguese a noun and its article
//    before it, whose maker or keeper it names (`un moteur Bosch`, `les ateliers Cyclable`; not
//    after a possessive: `ses tableaux Kanban`, nor after a species, a variety, a project, a fund, a
//    pass, points or a mention: `la especie Atta`, `un passe Navigo`, `la mention Qualibat`), an English noun after it of what a business offers
//    (`a Costco run`, `Shopify integration`, `the Pod Point app`), or `is`/`has`/`est`/`tiene`
//    after it in a sentence that goes on to a price or a tracked brand (`Dinnerly is the cheapest
//    at $5`, `Folksy is the local equivalent of Etsy`): a place, a body, a scheme or a product is
//    capitalised as readily as a brand, and excluding them kind by kind fitted the answers it was
//    written on only. A name these cues take in running prose is then weighed by a model learned
//    from the labelled answers (prose-name-model.ts: the cue, the name's shape and words, the words
//    beside it, how often the answer names it) and stays a brand only where the model finds it more
//    likely than not: on sets held out of its training it reads positions and untracked brands
//    better than the cues alone, which each hold over every answer what held on those they were
//    written on (`npm run brands:train` trains it and says so).
//    A heuristic, measured by test/answer-engines/labelled-answers.test.ts.
// 4. Cited. A tracked brand is cited when a cited URL's host is one of its domains or a subdomain
//    (its site scope, crawl/scope.ts). `citedUrls` are the distinct normalised URLs (utm_* tags
//    dropped) in order; `citedDomains` their registrable domains (eTLD+1 by the public suffix
//    list), distinct, in order. A `www.` host without a path is GFM-linked, so it is cited as well
//    as mentioned. `otherDomains` are the domains named or cited (hidden link destinations
//    included) that are not on a tracked brand's domains, in order of appearance.
// 5. Variants, for every brand and alias alike: accents and case do not matter (`Café Müller` =
//    `CAFE MULLER`) save where rule 1 reads them, any run of whitespace matches any other
//    (`Example\nShop`); a hyphenated spelling (`Example-Shop`) is not a mention of the spaced name
//    nor the reverse, but shares its compact key, so it is never reported or ranked as another
//    brand.
import { citedUrls, scanUrls } from '../urls.js';
import { citedSite, domainsInText, registrableDomain, type NamedDomain } from '../domains.js';
import { compactKey, findSpans, fold, foldWithOrigin, type FoldedText, type Span } from './fold.js';
import { brandCandidates, distinctNames, namePlaces, type BrandCandidate } from './candidates.js';
import { promptEcho, type PromptEcho } from './echo.js';
import { groupName } from './group-names.js';
import { languageOf, namesPlace, placesNamedIn } from './lexicon.js';
import { knownBrandsInProse, knownNamesInProse, lowerCaseBrandsInProse } from './known-in-prose.js';
import { makersNamedApart, makersProducts } from './makers.js';
import { makersOfModelRows } from './model-rows.js';
import { linkedSiteNames } from './link-sites.js';
import { namedAsOwnLabel } from './own-labels.js';
import { citesBrand, compileBrand, containsBrand, ownsDomain, type CompiledBrand } from './tracked-brand.js';
import { isBrandOccurrence, type Reading } from './written-as-name.js';
import type { AnswerAnalysis, BrandIdentity, BrandResult, BrandsAnalysis, TrackedBrand } from '../types.js';

/** The contract's limits. */
const MAX_LIST = 500;
const MAX_POSITION = 1000;

export interface AnalyseOptions {
  /**
   * The URLs of the sources the engine gave (see sources.ts): they are cited before any URL written
   * in the text, and their domains are named after those of the text.
   */
  sourceUrls?: readonly string[];
  /** The prompt the answer replies to: an answer that starts by repeating it names nothing there. */
  prompt?: string;
}

export function analyseBrands(answer: string, brands: readonly TrackedBrand[], options: AnalyseOptions = {}): BrandsAnalysis {
  return readBrands(answer, brands, options).analysis;
}

/**
 * analyseBrands, and the untracked names it ranked with the cue each was taken on (BrandCandidate's
 * `cue`), in order: what `npm run brands:cues` counts against the labelled answers.
 */
export function readBrands(
  answer: string,
  brands: readonly TrackedBrand[],
  options: AnalyseOptions = {},
): { analysis: BrandsAnalysis; others: readonly BrandCandidate[] } {
  const sourceUrls = options.sourceUrls ?? [];
  const tracked = brands.map(compileBrand);
  const scan = scanUrls(answer);
  const text = scan.mentionText;
  const reading: Reading = { text, language: languageOf(text), capitalises: /(?:^|[.!?]\s+)\p{Lu}/mu.test(text), namePlaces: namePlaces(text, scan.links) };

  // A group's or company's name around a tracked name is another brand, and no mention (group-names.ts).
  const groups: BrandCandidate[] = [];
  const mentions = claimMentions(tracked, foldWithOrigin(text)).map((spans, i) =>
    spans.filter((span) => {
      // Read first: a group named apart from the brand is still a group (`nothing to do with Polaris Inc.`).
      const group = groupName(text, span);
      if (group !== null) groups.push(group);
      return group === null && isBrandOccurrence(span, [brands[i]!.name, ...brands[i]!.aliases], reading);
    }),
  );
  const cited = distinct([...sourceUrls, ...citedUrls(scan, MAX_LIST)]).slice(0, MAX_LIST);
  const owned = (domain: string) => tracked.some((b) => ownsDomain(b, domain));

  // Domains written as names (URLs are blanked in `text`, `www.` names are not) and those of URLs.
  const named = domainsInText(text);
  const fromUrls: NamedDomain[] = [];
  for (const u of scan.urls) {
    const reg = registrableDomain(new URL(u.url).hostname);
    // A URL on a tracked brand's site is the brand's, even where its registrable domain is wider
    // (`kilnworks.myshopify.com` is a site of its own, its registrable domain `myshopify.com`).
    if (reg !== null && !tracked.some((b) => citesBrand(b, u.url))) fromUrls.push({ ...reg, start: u.start, end: u.end });
  }
  const sourceSites = sourceUrls.map((url) => ({ url, site: registrableDomain(new URL(url).hostname) }));
  const fromSources = sourceSites.flatMap(({ url, site }) => (site === null || tracked.some((b) => citesBrand(b, url)) ? [] : [site.domain]));
  const otherDomains = distinct([
    ...[...named, ...fromUrls]
      .filter((d) => !owned(d.domain))
      .sort((a, b) => a.start - b.start)
      .map((d) => d.domain),
    ...fromSources.filter((domain) => !owned(domain)),
  ]);

  const trackedKeys = new Set(tracked.flatMap((b) => [...b.keys]));
  const known = [...mentions.flat(), ...named].sort((a, b) => a.start - b.start);
  const local = options.prompt !== undefined && namesPlace(options.prompt, reading.language);
  const isTracked = (name: string) => trackedKeys.has(compactKey(name)) || tracked.some((b) => containsBrand(b, name));
  const echo = promptEcho(text, options.prompt);
  const read = makersOfModelRows(
    makersNamedApart(outsideEcho(brandCandidates(text, scan.links, known, reading.language, local), echo), text, reading.language, isTracked),
    text,
    mentions.flat(),
    isTracked,
    reading.language,
  );
  // Tracked mentions are masked, so that a known brand inside one (`Samsung` of a tracked `Samsung Care+`) is not read again.
  const knownMasked = maskSpans(text, known);
  const unread = [
    ...knownBrandsInProse(knownMasked, read, reading.language, isTracked),
    ...lowerCaseBrandsInProse(knownMasked, read, isTracked, reading.language),
  ];
  // The sites the answer cites or names, by their labels (`reclameaqui` of reclameaqui.com.br): a name that spells one is the site's.
  const siteLabels = new Set(
    [...named, ...fromUrls, ...sourceSites.flatMap(({ site }) => site ?? [])].filter((d) => !d.domain.endsWith('.org')).map((d) => d.label),
  );
  // A retailer's own label named as one (`Eigenmarken wie Pharao`) is its line: own-labels.ts.
  const candidates = withKnownNames(
    [...read, ...outsideEcho(unread, echo)],
    outsideEcho(knownNamesInProse(knownMasked, siteLabels, reading.language, isTracked), echo),
  ).filter((c) => !namedAsOwnLabel(text, c.start));
  // A name whose site is a government's (`anatel.gov.br`, `service-public.gouv.fr`) is a public body's.
  const bodies = new Set(
    [...sourceUrls, ...scan.urls.map((u) => u.url)].flatMap((url) => {
      const label = publicBodyLabel(url);
      return label === null ? [] : [label];
    }),
  );
  for (const d of named) {
    const label = publicBodyLabel(`https://${d.domain}/`);
    if (label !== null) bodies.add(label);
  }
  const groupKeys = new Set(groups.map((g) => compactKey(g.name)));
  // A place the prompt names (`a Milano`, `no Rio de Janeiro`) is that place in the answer, its first word too (`Rio`).
  const promptPlaces = placesNamedIn(options.prompt ?? '', reading.language);
  const taken = makersProducts(
    distinctNames(
      [...candidates, ...groups].sort((a, b) => a.start - b.start),
      (key, name) => !groupKeys.has(key) && (isTracked(name) || bodies.has(key) || namedAfter(name, trackedKeys)),
    ),
  ).filter((c) => !namesPromptPlace(c.name, promptPlaces));
  const others = [...taken, ...linkedSiteNames(scan.links, fromUrls, taken, isTracked)].sort((a, b) => a.start - b.start);

  const firsts = mentions.map((spans) => spans[0]?.start ?? null);
  const masked = foldWithOrigin(knownMasked);
  const positions = rank(
    firsts,
    others,
    named.filter((d) => !owned(d.domain)),
    trackedKeys,
    masked,
    text,
  );

  const results: BrandResult[] = tracked.map((brand, i) => ({
    key: brand.key,
    mentioned: mentions[i]!.length > 0,
    position: positions[i]!,
    mentionCount: mentions[i]!.length,
    cited: cited.some((url) => citesBrand(brand, url)),
  }));
  const analysis: BrandsAnalysis = {
    brands: results,
    citedUrls: cited,
    citedDomains: distinct(cited.flatMap((url) => citedSite(url) ?? [])).slice(0, MAX_LIST),
    otherBrands: others.slice(0, MAX_LIST).map((b) => b.name.slice(0, 200)),
    otherDomains: otherDomains.slice(0, MAX_LIST),
  };
  return { analysis, others: others.slice(0, MAX_LIST) };
}

/** Whether a name is a place of `places` (placesNamedIn), or the first word of one: `Rio` of `rio de janeiro`, `Aix` of `aix-en-provence`. */
function namesPromptPlace(name: string, places: readonly string[]): boolean {
  const key = fold(name);
  return places.some((place) => place === key || place.startsWith(`${key} `) || place.startsWith(`${key}-`));
}

/**
 * The answer read for the project's brand alone: the project is a tracked brand with its name, no
 * aliases and its domain, ranked among `competitors` too (which are then not other brands).
 */
export function analyseAnswer(answer: string, identity: BrandIdentity, competitors: readonly TrackedBrand[] = []): AnswerAnalysis {
  const project: TrackedBrand = {
    key: 'project',
    name: identity.brandName,
    aliases: [],
    domains: identity.domain === null ? [] : [identity.domain],
  };
  const analysis = analyseBrands(answer, [project, ...competitors]);
  const own = analysis.brands[0]!;
  return {
    brandMentioned: own.mentioned,
    firstMentionPosition: own.position,
    mentionCount: own.mentionCount,
    citedUrls: analysis.citedUrls,
    projectDomainCited: own.cited,
    otherBrands: analysis.otherBrands,
    otherDomains: analysis.otherDomains,
  };
}

/**
 * The name of a public body's site, as a compact key, when a URL is on a government's domain
 * (`gov`, `gob`, `gouv`, `govt`, `gv` under a country, `.gov`, `bund.de`, `europa.eu`): `anatel` for
 * `www.anatel.gov.br`; null otherwise.
 */
function publicBodyLabel(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const m = /(?:^|\.)([a-z0-9-]+)\.(?:(?:gov|gob|gouv|govt|gv|go|admin|bund)\.[a-z]{2,3}|gov|europa\.eu|bund\.de|gv\.at|admin\.ch)$/u.exec(host);
  return m === null || m[1] === 'www' ? null : compactKey(m[1]!);
}

/** A tracked brand's product named after it in one word: `Freebox` for Free, `miMovistar` for Movistar. */
function namedAfter(name: string, trackedKeys: ReadonlySet<string>): boolean {
  return name.split(' ').some((word) => {
    const key = compactKey(word);
    for (const brand of trackedKeys) if (brand.length >= 4 && key.length > brand.length && (key.startsWith(brand) || key.endsWith(brand))) return true;
    return false;
  });
}

/**
 * The candidates with the known brands of several words the answer writes (`Pets at Home`): a
 * candidate inside one is a word of it and goes (`Pets`, `Home`); one that covers it already names it.
 */
function withKnownNames(candidates: BrandCandidate[], names: readonly BrandCandidate[]): BrandCandidate[] {
  // One walk along both, in order of their starts (the names never overlap), so that it stays linear.
  const end = (c: BrandCandidate) => c.start + c.name.length;
  const sorted = [...candidates].sort((a, b) => a.start - b.start);
  const kept: BrandCandidate[] = [];
  let n = 0;
  for (const c of sorted) {
    while (n < names.length && end(names[n]!) <= c.start) n++;
    const name = names[n];
    const inside = name !== undefined && c.start >= name.start && end(c) <= end(name) && c.name.length < name.name.length;
    if (!inside) kept.push(c);
  }
  const added: BrandCandidate[] = [];
  let k = 0;
  let reach = -1;
  for (const name of names) {
    while (k < kept.length && kept[k]!.start < name.start) reach = Math.max(reach, end(kept[k++]!));
    if (reach <= name.start && !(k < kept.length && kept[k]!.start < end(name))) added.push(name);
  }
  return [...kept, ...added].sort((a, b) => a.start - b.start);
}

/**
 * The candidates a reader takes from the answer itself: none in a truncated word of the prompt's
 * echo, and one in the echo only when the answer names it again after the echo.
 */
function outsideEcho(candidates: BrandCandidate[], echo: PromptEcho | null): BrandCandidate[] {
  if (echo === null) return candidates;
  const cut = echo.truncated;
  const inEcho = (c: BrandCandidate) => c.start < echo.span.end;
  const after = new Set(candidates.filter((c) => !inEcho(c)).map((c) => compactKey(c.name)));
  return candidates.filter((c) => {
    if (cut !== null && c.start < cut.end && c.start + c.name.length > cut.start) return false;
    return !inEcho(c) || after.has(compactKey(c.name));
  });
}

/**
 * Each brand's mentions, in order: every match of every brand's patterns, claimed longest first
 * (then earliest, then by the brand given first); a match overlapping one already claimed is dropped.
 */
function claimMentions(tracked: readonly CompiledBrand[], visible: FoldedText): Span[][] {
  const matches = tracked.flatMap((brand, index) => brand.patterns.flatMap((p) => findSpans(visible, p).map((span) => ({ ...span, index }))));
  matches.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.index - b.index);
  const taken = new Uint8Array(visible.origin[visible.origin.length - 1]! + 1);
  const byBrand: Span[][] = tracked.map(() => []);
  for (const match of matches) {
    if (taken.subarray(match.start, match.end).includes(1)) continue;
    taken.fill(1, match.start, match.end);
    byBrand[match.index]!.push({ start: match.start, end: match.end });
  }
  for (const spans of byBrand) spans.sort((a, b) => a.start - b.start);
  return byBrand;
}

/**
 * 1-based rank of each mentioned brand among everything the answer names, by first appearance
 * (rule 2). `masked` is the text with the tracked brands' mentions and the named domains blanked,
 * folded, so another brand's earliest occurrence is not found inside them.
 */
function rank(
  firsts: ReadonlyArray<number | null>,
  others: readonly BrandCandidate[],
  shownDomains: readonly NamedDomain[],
  trackedKeys: ReadonlySet<string>,
  masked: FoldedText,
  text: string,
): Array<number | null> {
  const firstSeen = new Map<string, number>();
  const see = (key: string, start: number) => {
    const known = firstSeen.get(key);
    if (known === undefined || start < known) firstSeen.set(key, start);
  };
  firsts.forEach((start, i) => {
    if (start !== null) see(`\u0000${i}`, start);
  });
  const words = wordIndex(masked);
  for (const brand of others) {
    // A brand found in a list may have been named earlier in prose: its first appearance counts.
    see(compactKey(brand.name), Math.min(earliest(brand.name, masked, words, text) ?? brand.start, brand.start));
  }
  const brandKeys = others.map((b) => compactKey(b.name));
  for (const domain of shownDomains) {
    const label = compactKey(domain.label);
    if (label === '' || trackedKeys.has(label)) continue;
    // `shopify.com` is the domain of `Shopify Coffee`: a brand whose key starts with the label.
    see(brandKeys.find((k) => k === label || (label.length >= 3 && k.startsWith(label))) ?? label, domain.start);
  }
  const starts = [...firstSeen.values()];
  return firsts.map((start) => (start === null ? null : Math.min(MAX_POSITION, 1 + starts.filter((s) => s < start).length)));
}

/**
 * Where each word of the masked text starts, by folded word: a name is looked for only where its
 * first word stands, so a list of many names is not read once per name.
 */
function wordIndex(masked: FoldedText): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const m of masked.text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const at = index.get(m[0]);
    if (at === undefined) index.set(m[0], [m.index]);
    else at.push(m.index);
  }
  return index;
}

const SPACES = /\s+/uy;
const WORD_CHAR = /^[\p{L}\p{N}]/u;

/**
 * The earliest occurrence of a name that is written as a name (`Apple`, not the `apple` of a
 * pie), as namePattern would find it, without compiling a pattern per name.
 */
function earliest(name: string, masked: FoldedText, words: Map<string, number[]>, text: string): number | undefined {
  const parts = fold(name)
    .split(/\s+/)
    .filter((w) => w !== '');
  const first = /^[\p{L}\p{N}]+/u.exec(parts[0] ?? '');
  if (first === null) return undefined;
  const lowerInitial = /^\p{Ll}/u.test(name);
  for (const at of words.get(first[0]) ?? []) {
    if (!matchesAt(masked.text, at, parts)) continue;
    const start = masked.origin[at]!;
    if (lowerInitial || !/^\p{Ll}/u.test(text.slice(start, start + 1))) return start;
  }
  return undefined;
}

/** Whether the words of a name, any whitespace between them, stand at `at` and end on a word boundary. */
function matchesAt(text: string, at: number, parts: readonly string[]): boolean {
  let i = at;
  for (const [n, part] of parts.entries()) {
    if (n > 0) {
      SPACES.lastIndex = i;
      if (!SPACES.test(text)) return false;
      i = SPACES.lastIndex;
    }
    if (!text.startsWith(part, i)) return false;
    i += part.length;
  }
  return !WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i) ?? 32));
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Covers spans (which may overlap) with a character that is neither a letter nor a space, keeping every offset. */
function maskSpans(text: string, spans: readonly Span[]): string {
  const chars = text.split('');
  for (const { start, end } of spans) for (let i = start; i < end && i < chars.length; i++) chars[i] = '\uE000';
  return chars.join('');
}
