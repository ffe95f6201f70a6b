// Checks an item against the schema.org vocabulary, as schema.org's validator does: every type is
// a schema.org type, every schema.org property exists and is defined for one of the item's types
// (or a supertype), and every value is of a type the property expects. Nested items are checked
// the same way, their problems named by dotted paths (`author.name`).
//
// Values follow schema.org's data model, which is lenient on purpose: text may stand in for an
// item ("author": "Jane Doe"), and a number for a quantity ("width": 600), so those pass. What is
// reported is what a reader cannot use: a date that is not ISO 8601, a URL with spaces, a price
// that is not a number, an item where only text is expected, an item of the wrong type, a value
// outside an enumeration.

import type { StructuredDataProblem } from '../../types.js';
import type { ItemNode, ItemValue } from './item-node.js';
import { matchesDataType } from './value-formats.js';
import type { DataType } from './value-formats.js';
import { schemaOrgTerm } from './schema-org.js';
import { ancestorsOf, appliesTo, enumerationsOf, isKnownType, isSubtypeOf, propertyDefinition, propertySpelling, typeSpelling } from './vocabulary.js';

/** Enough to fix a page by; an item listing thousands of products need not report each one. */
const MAX_PROBLEMS = 50;

/** A Role may stand between any property and its value (an actor's role in a movie). */
const ROLE = 'Role';

export function checkVocabulary(node: ItemNode): StructuredDataProblem[] {
  const problems: StructuredDataProblem[] = [];
  checkNode(node, null, problems);
  return problems.slice(0, MAX_PROBLEMS);
}

function checkNode(node: ItemNode, path: string | null, out: StructuredDataProblem[]): void {
  if (node.schemaOrgTypes.length === 0) return; // another vocabulary, or untyped: nothing to check against
  const known = node.schemaOrgTypes.filter(isKnownType);
  for (const type of node.schemaOrgTypes) {
    if (known.includes(type)) continue;
    const spelling = typeSpelling(type);
    out.push({
      code: 'unknown_type',
      property: path,
      message: `${type} is not a schema.org type${spelling ? ` (did you mean ${spelling}?)` : ''}`,
    });
  }
  for (const [name, property] of node.properties) {
    if (out.length >= MAX_PROBLEMS) return;
    if (!property.schemaOrg) continue;
    const at = path === null ? name : `${path}.${name}`;
    const definition = propertyDefinition(name);
    if (!definition) {
      const spelling = propertySpelling(name);
      out.push({
        code: 'unknown_property',
        property: at,
        message: `${at}: ${name} is not a schema.org property${spelling ? ` (did you mean ${spelling}?)` : ''}`,
      });
      continue;
    }
    // A property without domains is deprecated (interactionCount): known, but defined on nothing.
    if (known.length > 0 && definition.domains.length > 0 && !appliesTo(definition, known)) {
      out.push({ code: 'unknown_property', property: at, message: `${at}: ${name} is not a property of ${known.join(' or ')}` });
    }
    for (const value of property.values) checkValue(value, definition.ranges, at, out);
  }
}

function checkValue(value: ItemValue, ranges: readonly string[], path: string, out: StructuredDataProblem[]): void {
  switch (value.kind) {
    case 'reference':
      return;
    case 'item':
      checkItemValue(value.node, ranges, path, out);
      checkNode(value.node, path, out);
      return;
    case 'text':
      if (value.text.trim() !== '') checkLiteral(value.text, ranges, path, out);
      return;
    case 'number':
    case 'boolean':
      checkLiteral(String(value.value), ranges, path, out);
      return;
  }
}

function checkItemValue(node: ItemNode, ranges: readonly string[], path: string, out: StructuredDataProblem[]): void {
  const known = node.schemaOrgTypes.filter(isKnownType);
  if (known.length === 0 || ranges.length === 0) return;
  const itemRanges = ranges.filter((r) => dataTypeOf(r) === null);
  if (itemRanges.length === 0) {
    out.push({ code: 'invalid_value', property: path, message: `${path}: expects ${expectedList(ranges)}, not an item (${known.join(', ')})` });
    return;
  }
  const fits = known.some((t) => isSubtypeOf(t, ROLE) || itemRanges.some((r) => isSubtypeOf(t, r)));
  if (!fits) {
    out.push({ code: 'invalid_value', property: path, message: `${path}: expects ${expectedList(ranges)}, not ${known.join(' or ')}` });
  }
}

function checkLiteral(text: string, ranges: readonly string[], path: string, out: StructuredDataProblem[]): void {
  if (ranges.length === 0) return;
  for (const range of ranges) {
    const dataType = dataTypeOf(range);
    if (dataType !== null) {
      if (matchesDataType(text, dataType)) return;
    } else if (isSubtypeOf(range, 'Enumeration')) {
      if (isMemberOf(text, range)) return;
    } else {
      return; // text in place of an item: allowed by schema.org's data model
    }
  }
  out.push({ code: 'invalid_value', property: path, message: `${path}: “${shortened(text)}” is not ${expectedList(ranges)}` });
}

/** `InStock`, `https://schema.org/InStock` or `schema:InStock` for a member of ItemAvailability. */
function isMemberOf(text: string, enumeration: string): boolean {
  const t = text.trim();
  const name = schemaOrgTerm(t) ?? t.replace(/^schema:/, '');
  return enumerationsOf(name).some((e) => isSubtypeOf(e, enumeration));
}

const dataTypes = new Map<string, DataType | null>();

/** The data type a schema.org range stands for (URL and Integer are Text and Number refined); null for item types. */
function dataTypeOf(range: string): DataType | null {
  let found = dataTypes.get(range);
  if (found === undefined) {
    found = computeDataType(range);
    dataTypes.set(range, found);
  }
  return found;
}

function computeDataType(range: string): DataType | null {
  const up = ancestorsOf(range);
  if (up.has('URL')) return 'URL';
  if (up.has('Text')) return 'Text';
  if (up.has('Integer')) return 'Integer';
  if (up.has('Number')) return 'Number';
  for (const t of ['Date', 'DateTime', 'Time', 'Boolean'] as const) if (up.has(t)) return t;
  return null;
}

const DESCRIPTIONS: Record<DataType, string> = {
  Text: 'text',
  URL: 'a URL',
  Date: 'an ISO 8601 date (YYYY-MM-DD)',
  DateTime: 'an ISO 8601 date and time (YYYY-MM-DDThh:mm:ss)',
  Time: 'an ISO 8601 time (hh:mm:ss)',
  Number: 'a number',
  Integer: 'a whole number',
  Boolean: 'true or false',
};

function expectedList(ranges: readonly string[]): string {
  const parts = [
    ...new Set(
      ranges.map((r) => {
        const dataType = dataTypeOf(r);
        if (dataType !== null) return DESCRIPTIONS[dataType];
        return isSubtypeOf(r, 'Enumeration') ? `${article(r)} ${r} value` : `${article(r)} ${r}`;
      }),
    ),
  ];
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts[parts.length - 1]!}`;
}

function article(word: string): string {
  return /^[AEIOU]/.test(word) ? 'an' : 'a';
}

function shortened(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}
