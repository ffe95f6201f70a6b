// The schema.org vocabulary as the validator asks about it: is this a type, what are its
// supertypes, may this property be used on it, what may its value be. Read once per process from
// the generated table (vocabulary.generated.ts, built by scripts/schemaorg/build-vocabulary.ts),
// on first use, so that pages without structured data never pay for it.

import { MEMBERS, PROPERTIES, TYPES } from './vocabulary.generated.js';

export interface PropertyDefinition {
  /** Types the property is defined on; it applies to their subtypes too. */
  domains: readonly string[];
  /** Types its values are expected to have (data types such as Text or URL, or item types). */
  ranges: readonly string[];
}

interface Tables {
  /** Type → itself and all its supertypes. */
  ancestors: Map<string, ReadonlySet<string>>;
  properties: Map<string, PropertyDefinition>;
  /** Enumeration member → the enumeration types it belongs to. */
  members: Map<string, readonly string[]>;
  /** Lower-cased type name → the name as defined, to suggest the right spelling. */
  typeSpellings: Map<string, string>;
  propertySpellings: Map<string, string>;
}

/** schema.org's data types; every other type descends from Thing. */
const DATA_TYPE_ROOTS = new Set(['Text', 'Number', 'Boolean', 'Date', 'DateTime', 'Time']);

let tables: Tables | null = null;

function load(): Tables {
  if (tables) return tables;
  const parents = new Map<string, string[]>();
  for (const line of TYPES.split('\n')) {
    const [name, supers = ''] = line.split('\t');
    // Quantity (Duration, Distance, Mass…) is filed as a data type with no supertype, yet pages
    // and schema.org's own examples give it as an item with a name: read it as a Thing too.
    parents.set(name!, supers === '' ? (DATA_TYPE_ROOTS.has(name!) || name === 'Thing' ? [] : ['Thing']) : supers.split(' '));
  }
  const ancestors = new Map<string, ReadonlySet<string>>();
  const resolve = (type: string): ReadonlySet<string> => {
    const known = ancestors.get(type);
    if (known) return known;
    const set = new Set<string>([type]);
    ancestors.set(type, set); // guards against cycles in a malformed release
    for (const parent of parents.get(type) ?? []) for (const a of resolve(parent)) set.add(a);
    return set;
  };
  for (const type of parents.keys()) resolve(type);

  const properties = new Map<string, PropertyDefinition>();
  for (const line of PROPERTIES.split('\n')) {
    const [name, domains = '', ranges = ''] = line.split('\t');
    properties.set(name!, { domains: domains === '' ? [] : domains.split(' '), ranges: ranges === '' ? [] : ranges.split(' ') });
  }
  const members = new Map<string, readonly string[]>();
  for (const line of MEMBERS.split('\n')) {
    const [name, of = ''] = line.split('\t');
    members.set(name!, of.split(' '));
  }
  const typeSpellings = new Map<string, string>();
  for (const name of parents.keys()) typeSpellings.set(name.toLowerCase(), name);
  const propertySpellings = new Map<string, string>();
  for (const name of properties.keys()) propertySpellings.set(name.toLowerCase(), name);
  tables = { ancestors, properties, members, typeSpellings, propertySpellings };
  return tables;
}

export function isKnownType(type: string): boolean {
  return load().ancestors.has(type);
}

/** The type and all its supertypes; empty for an unknown type. */
export function ancestorsOf(type: string): ReadonlySet<string> {
  return load().ancestors.get(type) ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();

export function isSubtypeOf(type: string, ancestor: string): boolean {
  return ancestorsOf(type).has(ancestor);
}

export function propertyDefinition(name: string): PropertyDefinition | null {
  return load().properties.get(name) ?? null;
}

/** True when `property` is defined on one of `types` or on one of their supertypes. */
export function appliesTo(property: PropertyDefinition, types: readonly string[]): boolean {
  for (const type of types) {
    const up = ancestorsOf(type);
    for (const domain of property.domains) if (up.has(domain)) return true;
  }
  return false;
}

/** The enumerations `name` is a member of (`InStock` → ItemAvailability); empty when none. */
export function enumerationsOf(name: string): readonly string[] {
  return load().members.get(name) ?? [];
}

/** The defined spelling of a type written in the wrong case (`article` → `Article`); else null. */
export function typeSpelling(name: string): string | null {
  const found = load().typeSpellings.get(name.toLowerCase());
  return found !== undefined && found !== name ? found : null;
}

/** The defined spelling of a property written in the wrong case (`datepublished` → `datePublished`). */
export function propertySpelling(name: string): string | null {
  const found = load().propertySpellings.get(name.toLowerCase());
  return found !== undefined && found !== name ? found : null;
}
