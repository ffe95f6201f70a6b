// A count joined to the thing it counts by a hyphen, as an adjective: "eine 6-polige DIN-Buchse",
// "eine mindestens 6-adrige Leitung", "a 4-door car", "a 3-bedroom flat". The number quantifies
// a thing's parts, a specification figure (GUIDE.md, `spec`: "a worked-example or specification
// figure with a unit"; `count`: "a count of real things"), as "a 30-minute demo" is an amount.
// German writes such an adjective with a suffix (-polig, -adrig, -teilig), declined ("6-poligen").

/** English nouns of parts that a hyphen joins to a count: "4-door", "3-bedroom", "8-core". */
const PART_NOUNS = new Set(
  'pin pins core cores door doors bedroom bedrooms seat seats cylinder cylinders speed blade blades wheel wheels storey story lane lanes'.split(' '),
);
/** German adjectives of parts, stem and declension: "6-polige", "6-adrigen", "3-teiliges", "4-türig". */
const GERMAN_PART_ADJECTIVE = /^(?:polig|adrig|teilig|türig|sitzig|zylindrig|stufig|köpfig|gängig|flammig|kernig|spurig)(?:e[nmrs]?)?$/u;

/** German nouns of parts that a hyphen joins to a count, opening a compound: "6-Gang-Automatik", "7-Sitzer", "4-Zylinder-Motor". */
const GERMAN_PART_NOUNS = new Set('gang sitzer türer zylinder'.split(' '));

/** Whether `word`, joined to a number by a hyphen, names the parts that number counts. */
export function isHyphenedPartCount(word: string): boolean {
  return PART_NOUNS.has(word) || GERMAN_PART_ADJECTIVE.test(word) || GERMAN_PART_NOUNS.has(word);
}
