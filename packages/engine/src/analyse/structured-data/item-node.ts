// One structured-data item with its values, the same for JSON-LD, Microdata and RDFa, so that one
// validator reads all three. Nested items (an Article's author Person) are values of their
// property. Property names are schema.org short names when the property is schema.org's, else
// the name or IRI as written (those are kept but never validated).

export type ItemValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'item'; node: ItemNode }
  /** A JSON-LD node reference (`{"@id": "#org"}`): it points at an item described elsewhere. */
  | { kind: 'reference'; id: string };

export interface ItemProperty {
  schemaOrg: boolean;
  values: ItemValue[];
}

export interface ItemNode {
  /** Types as written (JSON-LD terms, or IRIs for Microdata and RDFa). */
  types: string[];
  /** Short schema.org names of those types. */
  schemaOrgTypes: string[];
  /** In document order. */
  properties: Map<string, ItemProperty>;
}

export function newNode(types: string[], schemaOrgTypes: string[]): ItemNode {
  return { types, schemaOrgTypes, properties: new Map() };
}

/** Adds `value` (or, with null, only the name) to the node's property. */
export function addValue(node: ItemNode, name: string, schemaOrg: boolean, value: ItemValue | null): void {
  let property = node.properties.get(name);
  if (!property) {
    property = { schemaOrg, values: [] };
    node.properties.set(name, property);
  }
  if (value !== null) property.values.push(value);
}
