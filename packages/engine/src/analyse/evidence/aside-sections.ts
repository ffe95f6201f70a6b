// A page's sections about other things than its subject, whose figures GUIDE.md labels `ui`:
//   - a shop's carousel of other products ("Compare with similar items", "Kunden kauften auch",
//     "Produits similaires") and its delivery and returns tab ("Delivery & returns", "Versand und
//     Rückgabe"): the other products' prices, ratings and specifications, and the shop's delivery
//     fees and periods, are no facts of the page ("Shops");
//   - a news site's, blog's or forum's list of other articles or threads ("More discussions",
//     "Related articles", "Lesen Sie auch", "À lire aussi", "Noticias relacionadas"): each teaser's
//     figures and counters belong to another page (boilerplate that leaked into the main text).
//   - a run of three titles or more set as headings with nothing but blank lines between them:
//     other pages' titles (a news site's columns of other stories), not sections of this one,
//     which have text under them. A title has words (a figure set as a heading, "2 235 010
//     EUROS", is none), and a run that opens the text is the page's own title, standfirst and
//     caption.
// A section runs from its heading to the next heading. A heading names a delivery and returns tab
// only when it names both: a heading of delivery alone ("Livraison") may head a report on
// deliveries.

import { HEADING_END, HEADING_START } from '../raw-document.js';
import { inSortedSpans } from './sorted-spans.js';

/** Headings of a carousel of other products, in the data set's languages. */
const OTHER_PRODUCTS =
  /similar (?:items|products)|also (?:bought|viewed)|you (?:may|might) also like|related products|ähnliche[n]? (?:produkte|artikel)|kauften auch|produits similaires|vous aimerez aussi|productos (?:similares|relacionados)|produtos (?:similares|relacionados)|podobne produkty|похожие товары|関連商品|類似商品|相關商品|相关商品/iu;
/**
 * "Read also" in the data set's languages: it heads a list of other articles, and opens a single
 * teaser's line ("Lesen Sie auch: …", teaser-cards.ts).
 */
export const READ_ALSO =
  'lesen sie auch|mehr zum thema|à lire aussi|lire aussi|te puede interesar|leia também|veja também|leggi anche|czytaj (?:także|też)|zobacz (?:także|też)|читайте также';
/** Headings of a list of other articles or threads, in the data set's languages ("read more" alone may head the article's own rest). */
const OTHER_PAGES = new RegExp(
  `${READ_ALSO}|more discussions|similar (?:threads|discussions|topics|posts)|related (?:articles|posts|stories|threads|discussions|topics|news|reading)|more (?:stories|articles|news) from|you (?:may|might) also (?:be interested|want to read)|most (?:read|popular|viewed)|das könnte sie auch interessieren|meistgelesen|ähnliche (?:beiträge|themen)|sur le même sujet|articles similaires|les plus lus|noticias relacionadas|más noticias|lo más leído|artículos relacionados|notícias relacionadas|mais lidas|potrebbe interessarti|articoli correlati|i più letti|похожие (?:статьи|новости)|関連記事|関連ニュース|相關新聞|相关新闻|延伸閱讀|延伸阅读`,
  'iu',
);
const DELIVERY = /delivery|shipping|versand|lieferung|livraison|envío|envio|entrega|spedizione|dostawa|доставка|配送|配達|運送/iu;
const RETURNS = /returns?|rückgabe|retouren|retours?|devoluci[oó]n|devoluç|(?<![\p{L}])resi(?![\p{L}])|zwrot|возврат|返品|退貨|退货/iu;
/** Headings in a row, with nothing between, that make a list of other pages' titles. */
const RUN = 3;
/** Fewer letters than this, a heading is no title. */
const TITLE_LETTERS = 12;
/** Longer than this, a heading is a sentence, not a tab's or a carousel's title. */
const TITLE_LENGTH = 60;

function headsAsideSection(heading: string): boolean {
  if (heading.trim().length > TITLE_LENGTH) return false;
  return OTHER_PRODUCTS.test(heading) || OTHER_PAGES.test(heading) || (DELIVERY.test(heading) && RETURNS.test(heading));
}

/**
 * Whether an offset stands in a section of other products or pages, or of delivery and returns
 * (after its heading, before the next). One pass over the headings; offsets are asked in
 * increasing order (sorted-spans.ts).
 */
export function asideSections(text: string): (at: number) => boolean {
  const sections: Array<[number, number]> = [];
  let open = -1;
  // The current run of headings with only blank lines between: where it starts, and how many.
  let runStart = -1;
  let runLength = 0;
  let previousEnd = -1;
  const closeRun = () => {
    if (runLength >= RUN) sections.push([runStart, previousEnd]);
    runLength = 0;
  };
  for (let start = text.indexOf(HEADING_START); start >= 0; start = text.indexOf(HEADING_START, start + 1)) {
    if (open >= 0) {
      sections.push([open, start]);
      open = -1;
    }
    const end = text.indexOf(HEADING_END, start);
    if (end < 0) break;
    if (!isTitle(text, start + 1, end)) {
      closeRun();
    } else if (runLength > 0 && blank(text, previousEnd, start)) runLength++;
    else {
      closeRun();
      // The text's own title block opens it.
      if (!blank(text, 0, start)) {
        runStart = start;
        runLength = 1;
      }
    }
    previousEnd = end + 1;
    if (headsAsideSection(text.slice(start + 1, Math.min(end, start + 1 + 4 * TITLE_LENGTH)))) open = end + 1;
  }
  closeRun();
  if (open >= 0) sections.push([open, text.length]);
  return inSortedSpans(sections.sort((a, b) => a[0] - b[0]));
}

/** Whether only white space stands from `from` to `to` (read up to the first other character). */
function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 0xa0) return false;
  }
  return true;
}

/** Whether a heading's text has the letters of a title. */
function isTitle(text: string, from: number, to: number): boolean {
  let letters = 0;
  for (let i = from; i < to && letters < TITLE_LETTERS; i++) if (LETTER.test(text[i]!)) letters++;
  return letters >= TITLE_LETTERS;
}
const LETTER = /\p{L}/u;
