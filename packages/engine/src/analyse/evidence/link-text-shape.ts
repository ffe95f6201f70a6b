// What a link's place and text say to a reader looking for its sources, as named features
// (features.ts): in a footnote marker, a <cite>, a list item, a reference list or under a heading
// of sources (link-context.ts); a text that is a quoted title, a footnote number, an identifier
// (DOI, ISSN, arXiv), a picture of a tweet ("pic.twitter.com/…": an image, not a source), or
// says nothing of the target ("here"); and a web archive's copy of a source.
import { isVagueLinkText } from '../links/vague-link-text.js';
import type { LinkCandidate } from './candidates.js';
import { TWEET_PICTURE } from './citations.js';
import { LinkPlace } from './link-context.js';

const QUOTED_TITLE = /^["'«‹“„‘‚「『].{3,}["'»›”“’‘」』]\.?$/su;
const MARKER = /^(?:\[\s*\d{1,3}\s*\]|\d{1,3}|\^|↑|[a-z]|\[[a-z]\])$/;
const IDENTIFIER =
  /^(?:doi:?\s*)?10\.\d{4,}\/\S+$|^\d{4}-\d{3}[\dX]$|^(?:arxiv:)?\d{4}\.\d{4,5}(?:v\d+)?$|^(?:isbn[:\s]*)?[\d-]{10,17}X?$|^(?:PMID|PMC|OCLC|JSTOR|bibcode)\b/i;
const ARCHIVE = /(?:^|\.)(?:web\.archive\.org|archive\.(?:org|li|is|ph|today)|webcitation\.org)$/;

export function linkShapeFeatures(c: LinkCandidate, host: string, lang: string | null, add: (name: string, on: boolean) => void): void {
  add('place-sup', (c.place & LinkPlace.Sup) !== 0);
  add('place-cite', (c.place & LinkPlace.Cite) !== 0);
  add('place-list-item', (c.place & LinkPlace.ListItem) !== 0);
  add('place-reference-list', (c.place & LinkPlace.ReferenceBlock) !== 0);
  add('place-under-sources', (c.place & LinkPlace.ReferenceHeading) !== 0);
  add('place-under-further', (c.place & LinkPlace.FurtherHeading) !== 0);
  add('place-footer', (c.place & LinkPlace.Footer) !== 0);
  add('place-figure', (c.place & LinkPlace.Figure) !== 0);
  const text = c.text.trim();
  add('text-quoted-title', QUOTED_TITLE.test(text));
  add('text-marker', MARKER.test(text));
  add('text-identifier', IDENTIFIER.test(text));
  add('text-tweet-picture', TWEET_PICTURE.test(text));
  add('text-vague', text !== '' && isVagueLinkText(text, lang));
  add('host-archive', ARCHIVE.test(host));
}
