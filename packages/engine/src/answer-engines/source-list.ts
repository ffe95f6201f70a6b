// The sources of one answer, collected from what the provider gave and nothing else: each URL once
// (its uses merged), in the order the adapter adds them, within the contract's limits. A URL that
// is not absolute http(s) or too long is dropped rather than repaired: a repaired URL would be one
// the provider never gave.
import type { AnswerSource, TextUse } from './types.js';

export const MAX_SOURCES = 100;
export const MAX_USES = 100;
export const MAX_URL_CHARS = 4096;
export const MAX_TITLE_CHARS = 500;

export class SourceList {
  readonly #byUrl = new Map<string, AnswerSource>();
  readonly #textLength: number;

  /** `textLength` is the length of the answer's text: a use past it is dropped. */
  constructor(textLength: number) {
    this.#textLength = textLength;
  }

  /**
   * Adds a source (or finds it, by URL) and returns it; null when the URL is unusable or the list
   * is full. A title given later fills in a source first seen without one.
   */
  add(url: unknown, title: unknown): AnswerSource | null {
    const href = absoluteHttpUrl(url);
    if (href === null) return null;
    const known = this.#byUrl.get(href);
    if (known !== undefined) {
      known.title ??= cleanTitle(title);
      return known;
    }
    if (this.#byUrl.size >= MAX_SOURCES) return null;
    const source: AnswerSource = { url: href, title: cleanTitle(title), uses: [] };
    this.#byUrl.set(href, source);
    return source;
  }

  /** Records that `text.slice(start, end)` cites the source; spans outside the text are dropped. */
  use(source: AnswerSource | null, start: unknown, end: unknown): void {
    if (source === null || source.uses.length >= MAX_USES) return;
    if (!Number.isInteger(start) || !Number.isInteger(end)) return;
    const from = start as number;
    const to = Math.min(end as number, this.#textLength);
    if (from < 0 || from >= to) return;
    if (source.uses.some((u) => u.start === from && u.end === to)) return;
    source.uses.push({ start: from, end: to });
  }

  /** Adds the source and one use of it. */
  cite(url: unknown, title: unknown, use: TextUse): void {
    this.use(this.add(url, title), use.start, use.end);
  }

  list(): AnswerSource[] {
    return [...this.#byUrl.values()];
  }
}

/** The URL as the WHATWG parser writes it, when it is absolute http(s) and not too long. */
export function absoluteHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_CHARS) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href.length <= MAX_URL_CHARS ? url.href : null;
}

function cleanTitle(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const title = value.replace(/\s+/g, ' ').trim();
  if (title === '') return null;
  if (title.length <= MAX_TITLE_CHARS) return title;
  const cut = title.slice(0, MAX_TITLE_CHARS);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
