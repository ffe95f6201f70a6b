// One string per tag name. The parser hands each element's name as a new string, cut from the page
// and lower-cased; the analysis then compares it with literals and looks it up in sets a dozen
// times an element, and each of those compared the characters. The same name as one shared,
// interned string compares by identity.

/** Custom elements make names unbounded; past this many the cache starts again. */
const MAX_NAMES = 1024;

const names = new Map<string, string>();

/** `name`, as the one string kept for it. */
export function sharedTagName(name: string): string {
  const shared = names.get(name);
  if (shared !== undefined) return shared;
  if (names.size >= MAX_NAMES) names.clear();
  // A property key is interned by V8: the key read back is the canonical string.
  const interned = Object.keys({ [name]: 0 })[0]!;
  names.set(interned, interned);
  return interned;
}
