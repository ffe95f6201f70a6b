// What a learned reading of the evidence looks at, for each candidate (candidates.ts): the words
// and signs around a number, a quoted passage's length, marks and attribution, a link's target and
// text, where each stands (code, heading, a dense run of figures), the page's language, and the
// rules' own verdict. Each feature is 0 or 1, named, so that a model's weights (models.ts) are read
// by name and a feature added later is 0 for a model that does not know it. Work is constant per
// candidate: a few dozen characters either side.
import { STOPWORDS } from '../text/stopwords.js';
import { ENUMERATIONS } from './number-words.js';
import { TIME_UNITS, UNIT_WORDS } from './units.js';
import type { LinkCandidate, NumberCandidate, QuoteCandidate } from './candidates.js';
import { isNamingLeadIn } from '../quotations/attribution.js';
import { hasSpeechCue, hasSpeechLexicon } from '../quotations/speech-cues.js';

export type Features = ReadonlySet<string>;

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

const PERCENT_WORDS = set('percent pct procent procenta prozent por pour per cento pourcent');
const CURRENCY_CODES = set('usd eur gbp jpy chf cad aud inr cny brl pln czk rub krw');
const MAGNITUDES = set(
  'thousand million billion trillion mn bn k m b mio mrd millionen milliarden millions milliards millones mil milhões bilhões tys mln mld',
);
const MONTHS = set(`january february march april may june july august september october november december jan feb mar apr jun jul
  aug sep sept oct nov dec enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre janvier février mars
  avril mai juin juillet août septembre octobre novembre décembre januar februar märz juni juli oktober dezember janeiro fevereiro março
  maio junho julho setembro outubro novembro dezembro stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października
  listopada grudnia gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre`);
const IDENTIFIER_NOUNS = set(`version v step page pages chapter section part table figure fig no nr number issue bug level rule item
  line episode season vol volume room route question phase stage model series pp p article paragraph appendix nummer seite kapitel
  schritt versión página capítulo paso numéro chapitre étape artigo página capítulo rozdział strona art`);
const BOUND_WORDS = set(
  'than least most nearly almost roughly approximately around about over under up más menos plus moins mehr als weniger über unter fast ca circa etwa environ cerca quase około ponad prawie',
);
const MEASURE_WORDS = set('mean average median total sum rate score deviation variance durchschnitt moyenne promedio média średnia');
const DEFINITE = set('the these those los las les ces die diese der das den');
const SHORTENERS = set('t.co bit.ly goo.gl tinyurl.com ow.ly buff.ly lnkd.in dlvr.it');
const SOCIAL = /(?:^|\.)(?:twitter|x|facebook|instagram|linkedin|tiktok|pinterest|reddit|threads|bsky|mastodon)\.[a-z.]+$/;
const VIDEO = /(?:^|\.)(?:youtube|youtu|vimeo|dailymotion)\.[a-z.]+$/;
const ENCYCLOPEDIA = /(?:^|\.)(?:wikipedia|wikimedia|wiktionary|britannica)\.org$|(?:^|\.)baike\.baidu\.com$/;
const SCHOLARLY =
  /(?:^|\.)(?:doi\.org|arxiv\.org|pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov|scholar\.google\.[a-z.]+|jstor\.org|sciencedirect\.com|springer\.com|nature\.com|biorxiv\.org|researchgate\.net|ssrn\.com)$/;
const CODE_HOSTS = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|npmjs\.com|pypi\.org|crates\.io|stackoverflow\.com)$/;
const OFFICIAL = /\.(?:gov|gouv\.fr|gob\.es|gv\.at|bund\.de|europa\.eu|int|mil|edu|ac\.[a-z]{2}|gov\.[a-z]{2})$/;
const STORES = /(?:^|\.)(?:amazon|ebay|apple|play\.google|etsy|aliexpress|walmart|bestbuy|otto|zalando|allegro|rakuten)\.[a-z.]+$/;

const WORD_AFTER = /^[\s\u00a0]*([\p{L}%°×$€£¥₹][\p{L}/.²³]*)/u;
/** An age: "… years old", "… Jahre alt", "… ans", "… años", "… lat" a few words on. */
const AGE_AFTER = /^[\s\u00a0\p{L}-]{0,24}?(?:\bold\b|\balt\b|\bans\b|\baños\b|\banos\b|\blat\b|\bleté?\b|\banni\b|\bjaar\b|歳|岁)/u;
const WORD_BEFORE = /([\p{L}$€£¥₹#№][\p{L}.]*)[\s\u00a0]*$/u;
const LETTER_UPPER = /^\p{Lu}/u;
const CJK = set('ja zh ko');

/** What the rules and the text say of a number. */
/** The block (a line of the main text: a paragraph, a list item, a table cell) a candidate stands in. */
export interface Block {
  start: number;
  end: number;
  /** Number candidates in it. */
  numbers: number;
}

export function numberFeatures(
  text: string,
  c: NumberCandidate,
  lang: string | null,
  neighbours: number,
  block: Block,
  seenBefore: boolean,
  page: readonly string[],
): Features {
  const f = new Set<string>();
  const add = (name: string, on: boolean | undefined) => {
    if (on) f.add(name);
  };
  add('rules', c.counted);
  add('in-code', c.place === 'code');
  add('in-heading', c.place === 'heading');
  add('word', c.kind === 'word');
  add(`lang-${languageGroup(lang)}`, true);
  add('dense', neighbours >= 3);
  const token = c.token;
  if (c.kind === 'digits') {
    const plain = token.replace(/[\s\u00a0\u202f]/g, '');
    add('year-like', /^(?:1[5-9]|20)\d\d$/.test(plain));
    add('decimal', /^\d+[.,]\d{1,2}$/.test(plain) || /[.,]\d+$/.test(plain.replace(/^\d{1,3}(?:[.,]\d{3})+/, '')));
    add('grouped', /^\d{1,3}(?:[.,\s\u00a0\u202f]\d{3})+(?:[.,]\d+)?$/.test(token));
    add('fraction', /^\d{1,2}\/\d{1,2}$/.test(plain));
    add('date-like', /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(plain));
    add('colon', plain.includes(':'));
    add('dotted', (plain.match(/\./g)?.length ?? 0) >= 2);
    const digits = plain.replace(/\D/g, '').length;
    add('digits-1', digits === 1);
    add('digits-2', digits === 2);
    add('digits-3', digits === 3);
    add('digits-5+', digits >= 5);
    add('zero-or-one', /^[01]$/.test(plain));
  }
  const after = text.slice(c.end, c.end + 40);
  const before = text.slice(Math.max(0, c.start - 40), c.start);
  const next = WORD_AFTER.exec(after)?.[1] ?? '';
  // "m²", "cm³": a unit with its power.
  const nextLower = next.toLowerCase().replace(/[²³]$/, '');
  const joined = after.length > 0 && !/^[\s\u00a0]/.test(after);
  add('next-percent', after.startsWith('%') || /^[\s\u00a0]%/.test(after) || PERCENT_WORDS.has(nextLower));
  add('next-currency-code', CURRENCY_CODES.has(nextLower));
  add('next-magnitude', MAGNITUDES.has(nextLower));
  add('next-unit', UNIT_WORDS.has(nextLower) && !TIME_UNITS.has(nextLower));
  add('next-time-unit', TIME_UNITS.has(nextLower));
  add('next-month', MONTHS.has(nextLower));
  add('next-stopword', next !== '' && STOPWORDS.has(nextLower));
  add('next-enumeration', ENUMERATIONS.has(nextLower));
  add('next-capitalised', LETTER_UPPER.test(next) && !MONTHS.has(nextLower));
  add('next-content-word', next !== '' && !LETTER_UPPER.test(next) && !STOPWORDS.has(nextLower) && !UNIT_WORDS.has(nextLower));
  add('next-joined-letters', joined && /^\p{L}/u.test(after));
  add('next-hyphen', after.startsWith('-'));
  add('next-digit', /^[\s\u00a0]*(?:[-–—]|to|bis|à|a|hasta|do)?[\s\u00a0]*\d/u.test(after));
  add('next-close-bracket', /^[\s\u00a0]*[)\]]/.test(after));
  add('next-times', /^[\s\u00a0]*[x×]/.test(after));
  add('next-line-end', /^[\s\u00a0]*(?:\n|$)/.test(after));
  add('next-colon', /^[\s\u00a0]*:/.test(after));
  add('next-age', AGE_AFTER.test(after));
  const prev = WORD_BEFORE.exec(before)?.[1] ?? '';
  const prevLower = prev.toLowerCase().replace(/\.$/, '');
  add('prev-currency-sign', /[$€£¥₹₩][\s\u00a0]?$/.test(before));
  add('prev-currency-code', CURRENCY_CODES.has(prevLower));
  add('prev-month', MONTHS.has(prevLower));
  add('prev-identifier-noun', IDENTIFIER_NOUNS.has(prevLower));
  add('prev-acronym', /^\p{Lu}{2,5}$/u.test(prev));
  add('prev-capitalised', LETTER_UPPER.test(prev) && !/[.!?:]\s*[\p{L}.]*\s*$/u.test(before.slice(0, before.length - prev.length)));
  add('prev-bound', BOUND_WORDS.has(prevLower));
  add('prev-measure', MEASURE_WORDS.has(prevLower));
  add('prev-definite', DEFINITE.has(prevLower));
  add('prev-top', prevLower === 'top');
  add('prev-hash', /[#№]$/.test(before));
  add('prev-joined', before.length > 0 && /[\p{L}\-./:+]$/u.test(before));
  add('prev-open-bracket', /\([\s\u00a0]*$/.test(before));
  add('prev-equals', /[=≈<>≤≥][\s\u00a0]*$/.test(before));
  add('prev-number', /\d[\s\u00a0]*$/.test(before));
  add('prev-range', /\d[\s\u00a0]*(?:[-–—]|to|bis|à|a|hasta|do|au|até|al)[\s\u00a0]*$/u.test(before));
  add('seen-before', seenBefore);
  add('line-start', /(?:^|\n)[\s\u00a0\-–•*]*$/.test(before));
  add('sentence-start', /[.!?][\s\u00a0]+$/.test(before));
  addBlockFeatures(f, text, block);
  // What a sign means depends on where it stands: the rules' verdict, a unit or a counted noun
  // read one way in prose and another in a short line of figures.
  for (const name of page) f.add(name);
  const where = [...f].filter((name) => name.startsWith('block-') || name.startsWith('lang-') || name.startsWith('page-') || name === 'in-heading');
  for (const sign of ['rules', 'next-unit', 'next-content-word', 'next-capitalised', 'next-percent', 'grouped', 'decimal']) {
    if (f.has(sign)) for (const place of where) f.add(`${sign}&${place}`);
  }
  // The words either side, as written: what the data says of each is learned, in any language.
  const word = (w: string) =>
    w
      .toLowerCase()
      .replace(/[^\p{L}%°$€£¥₹]/gu, '')
      .slice(0, 16);
  if (next !== '') f.add(`next=${word(next)}`);
  if (prev !== '') f.add(`prev=${word(prev)}`);
  return f;
}

/** Prose, or a short line of figures (a table row, a spec or price list, a widget)? */
function addBlockFeatures(f: Set<string>, text: string, block: Block): void {
  const length = block.end - block.start;
  f.add(length < 30 ? 'block-short' : length < 80 ? 'block-medium' : length < 250 ? 'block-long' : 'block-paragraph');
  f.add(block.numbers <= 1 ? 'block-one-number' : block.numbers <= 3 ? 'block-few-numbers' : 'block-many-numbers');
  const content = text.slice(block.start, block.end).trim();
  if (/[.!?。！？]["'”’»)]*$/u.test(content)) f.add('block-sentence-end');
  if (/^[\d\s\u00a0.,:/%-]+$/.test(content)) f.add('block-only-figures');
}

/** What the rules and the text say of a quoted passage: its length and form, and who the words around it name. */
export function quoteFeatures(text: string, c: QuoteCandidate, lang: string | null, repeated: boolean): Features {
  const f = new Set<string>();
  const add = (name: string, on: boolean) => {
    if (on) f.add(name);
  };
  const words = c.text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  add('rules', c.counted);
  add('markup', c.kind === 'markup');
  add(`lang-${languageGroup(lang)}`, true);
  add('speech-lexicon', hasSpeechLexicon(lang));
  add('words-1-2', words <= 2);
  add('words-3-5', words >= 3 && words <= 5);
  add('words-6-12', words >= 6 && words <= 12);
  add('words-13-30', words >= 13 && words <= 30);
  add('words-31+', words > 30);
  add('title-case', words >= 2 && c.text.split(/\s+/).every((w) => !/^\p{L}/u.test(w) || /^\p{Lu}/u.test(w)));
  add('sentence-punctuation', /[.!?,;:…]["'”’»]?\s*$/.test(c.text) || /[.!?]\s/.test(c.text));
  add('question', /\?\s*$/.test(c.text));
  add('code-like', /[{}<>=;()[\]_/\\]|^\S+$/.test(c.text) && !/\s\p{L}+\s/u.test(c.text));
  add('not-found', c.start < 0);
  add('repeated', repeated);
  add('inside-markup', c.insideMarkup);
  if (c.start >= 0) {
    const paragraphStart = text.lastIndexOf('\n', c.start - 1) + 1;
    const nextBreak = text.indexOf('\n', c.end);
    const paragraphEnd = nextBreak < 0 ? text.length : nextBreak;
    const before = text.slice(Math.max(paragraphStart, c.start - 160), c.start);
    const after = text.slice(c.end, Math.min(paragraphEnd, c.end + 160));
    const clauseBefore = before.split(/[.!?…]["”»’)\]]*\s+/u).at(-1) ?? '';
    const clauseAfter = after.split(/[.!?…]["”»’)\]]*\s+/u)[0] ?? '';
    add('cue-before', hasSpeechCue(clauseBefore, lang));
    add('cue-after', hasSpeechCue(clauseAfter, lang, true));
    add('naming-lead-in', isNamingLeadIn(clauseBefore, lang));
    add('cue-near', hasSpeechCue(before, lang) || hasSpeechCue(after, lang, true));
    add('paragraph-start', /^[\s\u00a0\-–—•*]*$/.test(text.slice(paragraphStart, c.start)));
    add('paragraph-is-quote', paragraphEnd - c.end < 3 && c.start - paragraphStart < 3);
    add('name-near', /\p{Lu}\p{Ll}+[\s\u00a0]+\p{Lu}\p{Ll}+/u.test(before.slice(-80) + ' ' + after.slice(0, 80)));
    add('dash-after', /^[\s,.]*[—–―-]/u.test(after));
    add('colon-before', /:[\s\u00a0]*$/.test(before));
  }
  return f;
}

/** What the rules, the URL and the link's text say of a link. */
export function linkFeatures(c: LinkCandidate, lang: string | null, seenBefore: boolean, linksNearby: number): Features {
  const f = new Set<string>();
  const add = (name: string, on: boolean) => {
    if (on) f.add(name);
  };
  add('rules', c.counted);
  add(`lang-${languageGroup(lang)}`, true);
  add('seen-before', seenBefore);
  add('text-not-found', c.start < 0);
  add('link-list', linksNearby >= 4);
  const url = parsedUrl(c.href);
  const host = url?.hostname.replace(/^www\./, '') ?? '';
  const path = url?.pathname ?? '';
  add('host-social', SOCIAL.test(host));
  add('host-video', VIDEO.test(host));
  add('host-encyclopedia', ENCYCLOPEDIA.test(host));
  add('host-scholarly', SCHOLARLY.test(host));
  add('host-code', CODE_HOSTS.test(host));
  add('host-official', OFFICIAL.test(host));
  add('host-store', STORES.test(host));
  add('host-shortener', SHORTENERS.has(host));
  const depth = path.split('/').filter(Boolean).length;
  add('path-root', depth === 0);
  add('path-1', depth === 1);
  add('path-deep', depth >= 3);
  add('query', (url?.search.length ?? 0) > 1);
  add('file', /\.(?:pdf|docx?|xlsx?|csv|pptx?)$/i.test(path));
  add('image', /\.(?:jpe?g|png|gif|webp|svg)$/i.test(path));
  const text = c.text.trim();
  const words = text.split(/\s+/).filter(Boolean).length;
  add('text-empty', text === '');
  add('text-url', /^(?:https?:\/\/|www\.)|^[\w-]+(?:\.[\w-]+)+(?:\/\S*)?$/i.test(text));
  add('text-1-word', words === 1);
  add('text-2-4-words', words >= 2 && words <= 4);
  add('text-5+-words', words >= 5);
  add('text-date', /\b(?:1[5-9]|20)\d\d\b/.test(text) && words <= 4);
  add('text-capitalised', words >= 1 && words <= 4 && text.split(/\s+/).every((w) => /^\p{Lu}/u.test(w)));
  add('text-handle', text.startsWith('@') || text.startsWith('#'));
  return f;
}

function parsedUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

function languageGroup(lang: string | null): string {
  if (lang === null) return 'unknown';
  if (lang === 'en') return 'en';
  if (lang === 'de') return 'de';
  if (CJK.has(lang)) return 'cjk';
  return 'other';
}

/** The features of every candidate of a page, in the candidates' order. */
export function candidateFeatures(
  text: string,
  candidates: { numbers: readonly NumberCandidate[]; quotes: readonly QuoteCandidate[]; links: readonly LinkCandidate[] },
  lang: string | null,
): { numbers: Features[]; quotes: Features[]; links: Features[] } {
  // Numbers within NEAR characters of each other: a table row, a spec sheet, a price list.
  const NEAR = 60;
  const starts = candidates.numbers.map((n) => n.start);
  let low = 0;
  let high = 0;
  const blockOf = blocks(text, starts);
  const pageKind = pageFeatures(text, starts.length);
  const seenValues = new Set<string>();
  const numbers = candidates.numbers.map((n) => {
    const value = n.token.replace(/[\s\u00a0\u202f]/g, '').toLowerCase();
    const seen = value.length >= 2 && seenValues.has(value);
    seenValues.add(value);
    while (starts[low]! < n.start - NEAR) low++;
    while (high < starts.length && starts[high]! <= n.end + NEAR) high++;
    // The window holds the number itself: the others are its neighbours.
    return numberFeatures(text, n, lang, high - low - 1, blockOf(n.start), seen, pageKind);
  });
  const seenQuotes = new Map<string, number>();
  for (const q of candidates.quotes) {
    const key = q.text.replace(/\s+/g, ' ').trim().toLowerCase();
    seenQuotes.set(key, (seenQuotes.get(key) ?? 0) + 1);
  }
  const quotes = candidates.quotes.map((q) => quoteFeatures(text, q, lang, (seenQuotes.get(q.text.replace(/\s+/g, ' ').trim().toLowerCase()) ?? 0) > 1));
  const seenLinks = new Set<string>();
  const linkStarts = candidates.links.map((l) => l.start);
  const links = candidates.links.map((l, i) => {
    const href = l.href.replace(/#.*$/, '');
    const before = seenLinks.has(href);
    seenLinks.add(href);
    let nearby = 0;
    if (l.start >= 0)
      for (let j = Math.max(0, i - 6); j <= Math.min(linkStarts.length - 1, i + 6); j++) if (j !== i && Math.abs(linkStarts[j]! - l.start) < 300) nearby++;
    return linkFeatures(l, lang, before, nearby);
  });
  return { numbers, quotes, links };
}

/** The block of each offset, with its count of numbers: lines found by bisection over the line ends. */
function blocks(text: string, numberStarts: readonly number[]): (offset: number) => Block {
  const ends: number[] = [];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) ends.push(at);
  ends.push(text.length);
  const counts = new Int32Array(ends.length);
  const indexOf = (offset: number): number => {
    let low = 0;
    let high = ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ends[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  for (const start of numberStarts) counts[indexOf(start)]!++;
  return (offset) => {
    const i = indexOf(offset);
    return { start: i === 0 ? 0 : ends[i - 1]! + 1, end: ends[i]!, numbers: counts[i]! };
  };
}

/** What kind of page the text is: prose with a few figures, or lists, tables and widgets full of them. */
function pageFeatures(text: string, numbers: number): string[] {
  const perThousand = (1000 * numbers) / Math.max(1, text.length);
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const short = lines.filter((line) => line.trim().length < 40).length / Math.max(1, lines.length);
  return [
    perThousand < 4 ? 'page-few-numbers' : perThousand < 12 ? 'page-some-numbers' : 'page-many-numbers',
    short > 0.5 ? 'page-short-lines' : 'page-prose-lines',
  ];
}
