// The sources an answer cites, as the API lists them (GeoSource). A grounded engine says which
// pages it used; its list is kept as given, in its order, with its titles and the spans of text
// that cite each page. A plain answer gives no list: its sources are the URLs written in it, in
// order of first use, a Markdown link's text as the title. Nothing is added that the engine did
// not give or write. URLs are normalised as citations are (fragment and `utm_*` tags dropped), so
// that the same page given twice is one source, its uses merged.
import type { components } from '@seo-geo/types';
import { registrableDomain } from './domains.js';
import { normaliseCitedUrl, scanUrls } from './urls.js';
import type { AnswerSource } from './types.js';

export type CitedSource = components['schemas']['GeoSource'];

/** The contract's limits. */
const MAX_SOURCES = 100;
const MAX_USES = 100;
const MAX_URL = 4096;
const MAX_TITLE = 500;

/** The answer's sources: the engine's when it gave any, otherwise the URLs written in the text. */
export function answerSources(answer: string, given: readonly AnswerSource[]): CitedSource[] {
  return given.length > 0 ? fromEngine(answer, given) : fromText(answer);
}

function fromEngine(answer: string, given: readonly AnswerSource[]): CitedSource[] {
  const byUrl = new Map<string, CitedSource>();
  for (const source of given) {
    const url = normaliseCitedUrl(source.url);
    if (url === null || url.length > MAX_URL) continue;
    const domain = domainOf(url);
    if (domain === null) continue;
    const known = byUrl.get(url);
    if (known === undefined && byUrl.size >= MAX_SOURCES) continue;
    const entry = known ?? { url, title: title(source.title), domain, uses: [] };
    if (entry.title === null) entry.title = title(source.title);
    for (const use of source.uses) addUse(entry, use, answer.length);
    byUrl.set(url, entry);
  }
  for (const entry of byUrl.values()) entry.uses.sort((a, b) => a.start - b.start || a.end - b.end);
  return [...byUrl.values()];
}

function fromText(answer: string): CitedSource[] {
  const byUrl = new Map<string, CitedSource>();
  const scan = scanUrls(answer);
  const linkTexts = new Map(scan.links.map((link) => [link.start, link.text.trim()]));
  for (const found of scan.urls) {
    if (found.url.length > MAX_URL) continue;
    const domain = domainOf(found.url);
    if (domain === null) continue;
    const known = byUrl.get(found.url);
    if (known === undefined && byUrl.size >= MAX_SOURCES) continue;
    // A link's text is the writer's title for the page, unless it only repeats the address.
    const text = found.visible ? undefined : linkTexts.get(found.start);
    const entry = known ?? { url: found.url, title: null, domain, uses: [] };
    if (entry.title === null && text !== undefined && text !== '' && normaliseCitedUrl(text) === null) entry.title = title(text);
    addUse(entry, found, answer.length);
    byUrl.set(found.url, entry);
  }
  return [...byUrl.values()];
}

function addUse(entry: CitedSource, use: { start: number; end: number }, length: number): void {
  if (entry.uses.length >= MAX_USES) return;
  const start = Math.trunc(use.start);
  const end = Math.trunc(use.end);
  // A span outside the text, or reversed, points nowhere a reader can check: it is not kept.
  if (!(start >= 0 && end >= start && end <= length)) return;
  if (entry.uses.some((u) => u.start === start && u.end === end)) return;
  entry.uses.push({ start, end });
}

function domainOf(url: string): string | null {
  return registrableDomain(new URL(url).hostname)?.domain ?? null;
}

function title(raw: string | null): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim() ?? '';
  if (text === '') return null;
  return text.length <= MAX_TITLE ? text : text.slice(0, MAX_TITLE - 1) + '…';
}
