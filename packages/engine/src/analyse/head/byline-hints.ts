// Where a page names its author and its date outside schema.org items (M6). The signals are the
// ones article readers use to find a byline and a publication date (Mozilla Readability among
// them): meta tags of the common vocabularies (plain, Dublin Core, Open Graph article, Parse.ly),
// `itemprop` on any element, and an element whose class or id says byline/author.

/** `<meta name>` values that name the author. */
const AUTHOR_META = /^(?:(?:dc|dcterms?|og|twitter|parsely|sailthru|article)[-.:])?(?:author|creator)$/;
/** `<meta name>` values that date the piece. */
const DATE_META =
  /^(?:(?:dc|dcterms?|parsely|sailthru|article)[-.:])?(?:date|pub-?date|published(?:[-_]time)?|created|issued|date\.issued|date\.created|publish[-_]date)$/;
/** `<meta property>` values that name the author or date (Open Graph article, with or without `og:`). */
const AUTHOR_PROPERTY = /^(?:og:)?article:author$/;
const DATE_PROPERTY = /^(?:og:)?article:(?:published_time|modified_time)$/;

export interface BylineHint {
  author: boolean;
  date: boolean;
}

const NONE: BylineHint = { author: false, date: false };

/** What a `<meta>` with a non-blank `content` says about author and date. */
export function metaBylineHint(name: string | undefined, property: string | undefined, content: string): BylineHint {
  if (content.trim() === '') return NONE;
  const n = name?.trim().toLowerCase();
  const p = property?.trim().toLowerCase();
  return {
    author: (n !== undefined && AUTHOR_META.test(n)) || (p !== undefined && AUTHOR_PROPERTY.test(p)),
    date: (n !== undefined && DATE_META.test(n)) || (p !== undefined && DATE_PROPERTY.test(p)),
  };
}

/**
 * Class/id fragments that mark a byline. Substrings, as bylines are classed "pb-byline",
 * "last-byline", "authorName"; but not "authority", "authorize", "authoring" (other words).
 */
const BYLINE_MARK = /byline|writtenby|author(?!it|iz|is|ing)/i;
/** Form controls ("author" fields of comment forms) never hold a byline. */
const FORM_ELEMENTS = new Set(['input', 'textarea', 'select', 'option', 'label', 'form', 'button']);

/** `itemprop` tokens (space-separated) that name the author or the date. */
const ITEMPROP_AUTHOR = /(?:^|\s)(?:author|creator)(?:\s|$)/i;
const ITEMPROP_DATE = /(?:^|\s)(?:datepublished|datecreated|datemodified)(?:\s|$)/i;

/** Class values repeat across a page; what each says is kept. */
const bylineClasses = new Map<string, boolean>();

function isBylineClass(value: string): boolean {
  let byline = bylineClasses.get(value);
  if (byline === undefined) {
    byline = BYLINE_MARK.test(value);
    if (bylineClasses.size >= 2048) bylineClasses.clear();
    bylineClasses.set(value, byline);
  }
  return byline;
}

/** What an element's own attributes say about author and date. */
export function elementBylineHint(name: string, attribs: Record<string, string>): BylineHint {
  const itemprop = attribs.itemprop;
  const author =
    (itemprop !== undefined && ITEMPROP_AUTHOR.test(itemprop)) ||
    (!FORM_ELEMENTS.has(name) && ((attribs.class !== undefined && isBylineClass(attribs.class)) || (attribs.id !== undefined && BYLINE_MARK.test(attribs.id))));
  const date = itemprop !== undefined && ITEMPROP_DATE.test(itemprop);
  return author || date ? { author, date } : NONE;
}
