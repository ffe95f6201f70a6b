// A retailer's own label named as one (`Eigenmarken wie Pharao und Probiker`, `its own-brand
// Cadence`, `la marca propia Hacendado`): the label is a line of the retailer, which the answer
// names for it, and no other brand (the labelling guide: own lines and labels are not listed).

/** A name's words: capitalised or numbered, inner marks allowed (`Dr. Karg's`, `Bio-Linie`). */
const NAME = String.raw`[\p{Lu}\p{N}][\p{L}\p{N}'’&.-]*(?: [\p{Lu}\p{N}][\p{L}\p{N}'’&.-]*){0,3}`;
/** What joins the items of an enumeration, in the reader's languages. */
const JOINER = String.raw`(?:,[ \t]*|[ \t]+(?:und|and|et|y|e|oder|or|ou|o)[ \t]+)`;

/**
 * The nouns of an own label in the reader's languages, perhaps with the word that gives examples
 * after them, and the names enumerated since, at the end of the text before a name.
 */
const AFTER_OWN_LABEL_CUE = new RegExp(
  String.raw`(?:^|[^\p{L}])(?:[Ee]igenmarken?|[Hh]ausmarken?|[Oo]wn[- ](?:label|brand)s?|[Hh]ouse[- ]brands?|[Ii]n-house brands?|` +
    String.raw`[Mm]arcas? propias?|[Mm]arcas? próprias?|[Mm]arques? propres?|[Mm]arques? de distributeur|[Mm]archio proprio|[Mm]archi propri)` +
    String.raw`(?: (?:wie|like|such as|como|comme|come|etwa))?[ \t]+(?:${NAME}${JOINER}){0,4}$`,
  'u',
);

/** How far back an own label's cue is looked for: a cue and an enumeration of a few names. */
const REACH = 160;

/** Whether the name at `start` is named as an own label: right after the cue, or enumerated after it. */
export function namedAsOwnLabel(text: string, start: number): boolean {
  return AFTER_OWN_LABEL_CUE.test(text.slice(Math.max(0, start - REACH), start));
}
