// Open Graph tags: the protocol requires four properties of every page (og:title, og:type,
// og:image, og:url). Pages write them as `<meta property="og:…">`, and often as `name="og:…"`;
// social sites read both, so both count. A tag with blank content does not.

export const REQUIRED_OPEN_GRAPH = ['og:title', 'og:type', 'og:image', 'og:url'] as const;

/** `og:image:url` is the protocol's other name for `og:image`. */
const ALIASES: Record<string, string> = { 'og:image:url': 'og:image' };

/** The Open Graph properties a `<meta>` sets (lower-cased), or none. */
export function openGraphProperties(attribs: Record<string, string>): string[] {
  const { property, name } = attribs;
  const inProperty = property !== undefined && OG.test(property);
  const inName = name !== undefined && OG.test(name);
  if ((!inProperty && !inName) || (attribs.content ?? '').trim() === '') return [];
  const out: string[] = [];
  for (const value of [inProperty ? property : '', inName ? name : '']) {
    // RDFa allows several properties in one attribute.
    for (const token of value.trim().toLowerCase().split(/\s+/)) {
      if (token.startsWith('og:')) out.push(ALIASES[token] ?? token);
    }
  }
  return out;
}

const OG = /og:/i;

/** The required properties a page lacks, in the protocol's order. */
export function missingOpenGraph(present: readonly string[]): string[] {
  return REQUIRED_OPEN_GRAPH.filter((p) => !present.includes(p));
}
