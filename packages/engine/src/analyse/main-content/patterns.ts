// What class names, ids, roles and tags say about an element, as Mozilla Readability reads them
// (its patterns are the result of years of tuning on real pages; matching them keeps the
// extraction close to what readers and answer engines take as a page's article).

/** Class/id names of boilerplate: removed before scoring unless they also look like content. */
const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
const MAYBE_CONTENT = /and|article|body|column|content|main|shadow/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|foot|footer|footnote|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;
/** Share bars and buttons. */
const SHARE = /(\b|_)(share|sharedaddy)(\b|_)/i;
/**
 * Newsletter and subscription boxes ("newsletter-wrapper", "subscribe-form"): an offer, not the
 * article, although Readability keeps them. Not "subscriber", which marks paywalled article text.
 */
const PROMO = /newsletter|subscribe(?!r)|subscription|sign-?up/i;
const VIDEO = /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i;
/** Blocks holding nothing but an advertising or loading label. */
export const AD_OR_LOADING =
  /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio|(loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu;

export const UNLIKELY_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);

/** Elements Readability scores as paragraphs. */
export const SCORED_TAGS = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);

/** Descendants that keep a `<div>` from being read as a paragraph. */
export const BLOCK_IN_DIV = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);

/** Phrasing content: runs of it directly in a `<div>` read as paragraphs. */
export const PHRASING = new Set([
  'abbr',
  'audio',
  'b',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'datalist',
  'dfn',
  'em',
  'embed',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'math',
  'meter',
  'noscript',
  'object',
  'output',
  'progress',
  'q',
  'ruby',
  'samp',
  'script',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'textarea',
  'time',
  'var',
  'wbr',
  'a',
  'del',
  'ins',
  'font',
]);

/** Tags whose text is a heading. */
export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** What a tag is to the extraction, as bits (looked up once per element, while parsing). */
export const TagKind = { Phrasing: 1, BlockInDiv: 2, Textish: 4, Heading: 8, Scored: 16 } as const;

const TEXTISH = new Set(['span', 'li', 'td', ...BLOCK_IN_DIV]);
const kinds = new Map<string, number>();

export function tagKind(tag: string): number {
  let kind = kinds.get(tag);
  if (kind === undefined) {
    kind =
      (PHRASING.has(tag) ? TagKind.Phrasing : 0) |
      (BLOCK_IN_DIV.has(tag) ? TagKind.BlockInDiv : 0) |
      (TEXTISH.has(tag) ? TagKind.Textish : 0) |
      (HEADINGS.has(tag) ? TagKind.Heading : 0) |
      (SCORED_TAGS.has(tag) ? TagKind.Scored : 0);
    if (kinds.size < 512) kinds.set(tag, kind); // custom elements are unbounded
  }
  return kind;
}

/** What a class or id value says, as bits (see `marksOf`). */
export const Mark = { Negative: 1, Positive: 2, Unlikely: 4, MaybeContent: 8, Share: 16, Promo: 32 } as const;

/** Class names repeat across a page (five times over on news pages): their marks are kept. */
const classMarkCache = new Map<string, number>();
const MAX_CACHED = 2048;

/** Any of the patterns: most names match none, and one test says so. */
const ANY_MARK = new RegExp([NEGATIVE, POSITIVE, UNLIKELY, MAYBE_CONTENT, SHARE, PROMO].map((r) => `(?:${r.source})`).join('|'), 'i');

/** The marks of one class or id value; `cache` for class names, which repeat (ids rarely do). */
export function marksOf(value: string, cache: boolean): number {
  if (value === '') return 0;
  let marks = cache ? classMarkCache.get(value) : undefined;
  if (marks !== undefined) return marks;
  marks = !ANY_MARK.test(value)
    ? 0
    : (NEGATIVE.test(value) ? Mark.Negative : 0) |
      (POSITIVE.test(value) ? Mark.Positive : 0) |
      (UNLIKELY.test(value) ? Mark.Unlikely : 0) |
      (MAYBE_CONTENT.test(value) ? Mark.MaybeContent : 0) |
      (SHARE.test(value) ? Mark.Share : 0) |
      (PROMO.test(value) ? Mark.Promo : 0);
  if (cache) {
    if (classMarkCache.size >= MAX_CACHED) classMarkCache.clear();
    classMarkCache.set(value, marks);
  }
  return marks;
}

/** Boilerplate by name, unless the name also looks like content (class and id together). */
export function isUnlikelyCandidate(classMarks: number, idMarks: number): boolean {
  const both = classMarks | idMarks;
  return (both & Mark.Unlikely) !== 0 && (both & Mark.MaybeContent) === 0;
}

/** +25 for each of class and id that looks like content, −25 for each that looks like chrome. */
export function classWeight(classMarks: number, idMarks: number): number {
  return weightOf(classMarks) + weightOf(idMarks);
}

// A top-level function, not a closure: this runs once per element, and the runner (tsx) names
// every closure it creates at run time.
function weightOf(marks: number): number {
  return ((marks & Mark.Positive) !== 0 ? 25 : 0) - ((marks & Mark.Negative) !== 0 ? 25 : 0);
}

export function isVideoEmbed(attribs: Record<string, string>): boolean {
  for (const key in attribs) if (VIDEO.test(attribs[key]!)) return true;
  return false;
}
