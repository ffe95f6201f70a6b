// Internal link suggestions: the site's audited pages whose titles share words with the topic.
// Words are compared lower-cased, without function words, words under 3 characters, and a
// plural "s" ("herbs" matches "herb"). Ranked by shared words (most first), then GEO score
// (better pages first), then URL (stable). Pages sharing no word are not suggested.

import { STOPWORDS } from '../analyse/text/stopwords.js';
import { profileText } from '../analyse/text/words.js';
import type { SitePage } from './types.js';

export const MAX_INTERNAL_LINKS = 5;

export function keyWords(text: string): Set<string> {
  const out = new Set<string>();
  // The distinct words are enough: the result is a set.
  for (const w of profileText(text).vocabulary) {
    if (w.length < 3 || STOPWORDS.has(w)) continue;
    out.add(w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  }
  return out;
}

export function suggestInternalLinks(topic: string, pages: readonly SitePage[]): Array<{ url: string; title: string; reason: string }> {
  const topicWords = keyWords(topic);
  const scored: Array<{ page: SitePage & { title: string }; shared: string[] }> = [];
  for (const page of pages) {
    if (!page.title) continue;
    const titleWords = keyWords(page.title);
    const shared = [...topicWords].filter((w) => titleWords.has(w));
    if (shared.length > 0) scored.push({ page: page as SitePage & { title: string }, shared });
  }
  scored.sort(
    (a, b) => b.shared.length - a.shared.length || b.page.geoScore - a.page.geoScore || (a.page.url < b.page.url ? -1 : a.page.url > b.page.url ? 1 : 0),
  );
  return scored.slice(0, MAX_INTERNAL_LINKS).map(({ page, shared }) => ({
    url: page.url,
    title: page.title,
    reason: `Its title shares ${shared.length === 1 ? 'the word' : 'the words'} ${shared.join(', ')} with the topic.`,
  }));
}
