// What a learned reading of the evidence looks at, for each candidate (candidates.ts): a number's
// (number-features.ts, integer-coded for speed), a quoted passage's length, marks and attribution, a link's target and
// text, where each stands (code, heading, a dense run of figures), the page's language, and the
// rules' own verdict. Each feature is 0 or 1, named, so that a model's weights (models.ts) are read
// by name and a feature added later is 0 for a model that does not know it. Work is constant per
// candidate: a few dozen characters either side.
import { MAX_NUMBER_FEATURES } from './number-feature-ids.js';
import { numberFeatureNames, readNumbers } from './number-features.js';
import type { LinkCandidate, NumberCandidate, QuoteCandidate } from './candidates.js';
import { linkShapeFeatures } from './link-text-shape.js';
import { sourceKey } from './citations.js';
import { isNamingLeadIn } from '../quotations/attribution.js';
import { hasSpeechCue, hasSpeechLexicon } from '../quotations/speech-cues.js';
import { wordSet as set } from './word-set.js';

export type Features = ReadonlySet<string>;

const SHORTENERS = set('t.co bit.ly goo.gl tinyurl.com ow.ly buff.ly lnkd.in dlvr.it');
const SOCIAL = /(?:^|\.)(?:twitter|x|facebook|instagram|linkedin|tiktok|pinterest|reddit|threads|bsky|mastodon)\.[a-z.]+$/;
const VIDEO = /(?:^|\.)(?:youtube|youtu|vimeo|dailymotion)\.[a-z.]+$/;
const ENCYCLOPEDIA = /(?:^|\.)(?:wikipedia|wikimedia|wiktionary|britannica)\.org$|(?:^|\.)baike\.baidu\.com$/;
const SCHOLARLY =
  /(?:^|\.)(?:doi\.org|arxiv\.org|pubmed\.ncbi\.nlm\.nih\.gov|ncbi\.nlm\.nih\.gov|scholar\.google\.[a-z.]+|jstor\.org|sciencedirect\.com|springer\.com|nature\.com|biorxiv\.org|researchgate\.net|ssrn\.com)$/;
const CODE_HOSTS = /(?:^|\.)(?:github\.com|gitlab\.com|bitbucket\.org|npmjs\.com|pypi\.org|crates\.io|stackoverflow\.com)$/;
const OFFICIAL = /\.(?:gov|gouv\.fr|gob\.es|gv\.at|bund\.de|europa\.eu|int|mil|edu|ac\.[a-z]{2}|gov\.[a-z]{2})$/;
const STORES = /(?:^|\.)(?:amazon|ebay|apple|play\.google|etsy|aliexpress|walmart|bestbuy|otto|zalando|allegro|rakuten)\.[a-z.]+$/;

const CJK = set('ja zh ko');

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
  linkShapeFeatures(c, host, lang, add);
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
  return {
    numbers: numberCandidateFeatures(text, candidates.numbers, lang),
    quotes: quoteCandidateFeatures(text, candidates.quotes, lang),
    links: linkCandidateFeatures(candidates.links, lang),
  };
}

/** The features of a page's number candidates, in their order (the page is read for them only when it has some). */
function numberCandidateFeatures(text: string, numbers: readonly NumberCandidate[], lang: string | null): Features[] {
  if (numbers.length === 0) return [];
  const reading = readNumbers(text, numbers, lang);
  const buffer = new Int32Array(MAX_NUMBER_FEATURES);
  return numbers.map((_, i) => numberFeatureNames(reading, i, buffer));
}

/** The features of a page's quotation candidates, in their order. */
export function quoteCandidateFeatures(text: string, quotes: readonly QuoteCandidate[], lang: string | null): Features[] {
  const seenQuotes = new Map<string, number>();
  for (const q of quotes) {
    const key = q.text.replace(/\s+/g, ' ').trim().toLowerCase();
    seenQuotes.set(key, (seenQuotes.get(key) ?? 0) + 1);
  }
  return quotes.map((q) => quoteFeatures(text, q, lang, (seenQuotes.get(q.text.replace(/\s+/g, ' ').trim().toLowerCase()) ?? 0) > 1));
}

/** The features of a page's link candidates, in their order. */
export function linkCandidateFeatures(links: readonly LinkCandidate[], lang: string | null): Features[] {
  const seenLinks = new Set<string>();
  const linkStarts = links.map((l) => l.start);
  return links.map((l, i) => {
    const href = sourceKey(l.href.replace(/#.*$/, ''));
    const before = seenLinks.has(href);
    seenLinks.add(href);
    let nearby = 0;
    if (l.start >= 0)
      for (let j = Math.max(0, i - 6); j <= Math.min(linkStarts.length - 1, i + 6); j++) if (j !== i && Math.abs(linkStarts[j]! - l.start) < 300) nearby++;
    return linkFeatures(l, lang, before, nearby);
  });
}
