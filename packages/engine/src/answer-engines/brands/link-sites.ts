// A word of a link's text that spells the link's own site: `[Nielsen-Rahmen bei Otto](https://www.otto.de/…)`,
// `[Farmo su eFarma](https://www.efarma.com/…)`. The answer names the site's business there, as a
// reader following the link sees, whatever else the word is (a given name, a place), which the
// readings of names in prose would set aside.
import type { NamedDomain } from '../domains.js';
import type { MarkdownLink } from '../urls.js';
import { compactKey } from './fold.js';
import type { BrandCandidate } from './name-shape.js';

/** A word of a link's text: letters and digits, with inner apostrophes, ampersands and hyphens. */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu;

/**
 * The names of linked sites that `others` (the other brands, in order) lacks, each where its link's
 * text names it: a capitalised word whose letters are the site's registrable label. `sites` are the
 * registrable domains of the answer's URLs that are no tracked brand's, each where its URL stands
 * (a Markdown link's from the link's start). Not the site written as a domain (`[Booking.com](…)`,
 * which ranks as that domain), nor the first word of a name already taken (`Costco Optical`).
 */
export function linkedSiteNames(
  links: readonly MarkdownLink[],
  sites: readonly NamedDomain[],
  others: readonly BrandCandidate[],
  isTracked: (name: string) => boolean,
): BrandCandidate[] {
  const named = new Set(others.map((c) => compactKey(c.name)));
  const found: BrandCandidate[] = [];
  const labelAt = new Map(sites.map((site) => [site.start, site.label]));
  for (const link of links) {
    const label = labelAt.get(link.start);
    if (label === undefined) continue;
    for (const m of link.text.matchAll(WORD)) {
      const word = m[0];
      const key = compactKey(word);
      if (key !== label || !/\p{Lu}/u.test(word) || named.has(key) || isTracked(word)) continue;
      if (/^\.\p{L}/u.test(link.text.slice(m.index + word.length)) || others.some((c) => c.name.startsWith(`${word} `))) continue;
      named.add(key);
      found.push({ name: word, start: link.textStart + m.index, from: 'link', cue: 'site of its link' });
    }
  }
  return found;
}
