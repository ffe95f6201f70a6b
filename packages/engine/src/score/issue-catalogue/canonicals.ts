// Issues of which URL stands for a page: its canonical, and its language versions (hreflang).
import type { CatalogueEntries } from './entry.js';

export const CANONICALS = {
  canonical_invalid: {
    priority: 1,
    scope: 'page',
    title: 'Invalid canonical',
    description: 'The canonical is not a valid http(s) URL, so search engines ignore it.',
    howToFix: 'Set the canonical to the absolute URL of the preferred version of the page.',
  },
  canonical_relative: {
    priority: 3,
    scope: 'page',
    title: 'Relative canonical',
    description: 'The canonical is written as a relative URL; search engines resolve it, but a wrong base breaks it easily.',
    howToFix: 'Write the canonical as an absolute URL.',
  },
  canonical_conflict: {
    priority: 1,
    scope: 'page',
    title: 'Conflicting canonicals',
    description: 'Several different canonicals (in the HTML and the Link header together), so search engines may ignore them all.',
    howToFix: 'Keep one canonical, in one place.',
  },
  canonical_other_language: {
    priority: 2,
    scope: 'page',
    title: 'Canonical to another language',
    description: "The canonical names another language version that hreflang lists as this page's alternate, which hides this version.",
    howToFix: 'Make each language version canonical to itself.',
  },
  canonical_to_root: {
    priority: 2,
    scope: 'page',
    title: 'Canonical to the home page',
    description: 'The canonical of a deeper page names the site root, a common template fault that hides the page.',
    howToFix: "Set the canonical to the page's own URL.",
  },
  canonical_elsewhere: {
    priority: 3,
    scope: 'page',
    title: 'Canonical names another URL',
    description: 'The canonical names another URL; engines will index and cite that URL rather than this page.',
    howToFix: "Nothing if intended; otherwise set the canonical to the page's own URL.",
  },
  canonical_other_site: {
    priority: 3,
    scope: 'page',
    title: 'Canonical on another site',
    description: 'No longer given: a canonical on another site now gives canonical_elsewhere.',
    howToFix: 'See canonical_elsewhere.',
    emitted: false,
  },
  canonical_chain: {
    priority: 2,
    scope: 'site',
    title: 'Canonical chain',
    description: "The canonical's target names yet another URL as its canonical, so engines may ignore the hint.",
    howToFix: 'Point the canonical straight at the final preferred URL.',
  },
  canonical_to_non_200: {
    priority: 1,
    scope: 'site',
    title: 'Canonical to a page that does not answer 200',
    description: "The canonical's target redirects, answers 4xx or 5xx, or could not be fetched.",
    howToFix: 'Point the canonical at a URL that answers 200.',
  },
  hreflang_invalid: {
    priority: 2,
    scope: 'page',
    title: 'Invalid hreflang',
    description: 'An hreflang alternate whose value is not a language code or x-default, or whose URL is not absolute; search engines ignore it.',
    howToFix: 'Use BCP 47 codes (en, en-GB) or x-default, and absolute URLs.',
  },
  hreflang_missing_return: {
    priority: 2,
    scope: 'site',
    title: 'Missing hreflang return link',
    description: 'An hreflang alternate that was audited does not name this page back, so engines ignore the pair.',
    howToFix: 'Make every language version list all the others, itself included.',
  },
} satisfies CatalogueEntries;
