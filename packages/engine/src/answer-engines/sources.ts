// The sources an answer cites, as the API lists them (GeoSource): what the engine's adapter gave (a
// grounded engine's list, in its order, with its titles and the spans of text citing each page; for
// a plain chat engine the URLs written in the answer), each with its site (its registrable domain,
// or the host of an IP address; see `citedSite`). Nothing is added. URLs are normalised as
// citations are (fragment and `utm_*` tags dropped), so that the same page given twice is one
// source, its uses merged.
import type { components } from '@seo-geo/types';
import { citedSite } from './domains.js';
import { normaliseCitedUrl } from './urls.js';
import type { AnswerSource } from './types.js';

export type CitedSource = components['schemas']['GeoSource'];

/** The contract's limits. */
const MAX_SOURCES = 100;
const MAX_USES = 100;
const MAX_URL = 4096;
const MAX_TITLE = 500;

export function answerSources(answer: string, given: readonly AnswerSource[]): CitedSource[] {
  const byUrl = new Map<string, CitedSource>();
  for (const source of given) {
    const url = normaliseCitedUrl(source.url);
    if (url === null || url.length > MAX_URL) continue;
    const domain = citedSite(url);
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

function addUse(entry: CitedSource, use: { start: number; end: number }, length: number): void {
  if (entry.uses.length >= MAX_USES) return;
  const start = Math.trunc(use.start);
  const end = Math.trunc(use.end);
  // A span outside the text, or reversed, points nowhere a reader can check: it is not kept.
  if (!(start >= 0 && end >= start && end <= length)) return;
  if (entry.uses.some((u) => u.start === start && u.end === end)) return;
  entry.uses.push({ start, end });
}

function title(raw: string | null): string | null {
  const text = raw?.replace(/\s+/g, ' ').trim() ?? '';
  if (text === '') return null;
  return text.length <= MAX_TITLE ? text : text.slice(0, MAX_TITLE - 1) + '…';
}
