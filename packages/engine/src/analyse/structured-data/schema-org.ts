// Recognising the schema.org vocabulary in its usual spellings: http or https, with or without
// `www.`, with or without the trailing slash after the host.

const SCHEMA_ORG_IRI = /^https?:\/\/(?:www\.)?schema\.org\/?/i;

/** True when `iri` is the schema.org vocabulary IRI itself or one of its terms. */
export function isSchemaOrgIri(iri: string): boolean {
  return SCHEMA_ORG_IRI.test(iri.trim());
}

/** `https://schema.org/Article` → `Article`; null when `iri` is not a schema.org term. */
export function schemaOrgTerm(iri: string): string | null {
  const trimmed = iri.trim();
  const match = SCHEMA_ORG_IRI.exec(trimmed);
  if (!match) return null;
  const term = trimmed.slice(match[0].length).replace(/^#/, '');
  // Only a plain term names a type: `https://schema.org/docs/...` or an empty rest does not.
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(term) ? term : null;
}

/** Sorted, de-duplicated schema.org short type names of a set of items. */
export function collectSchemaTypes(items: ReadonlyArray<{ schemaOrgTypes: string[] }>): string[] {
  const set = new Set<string>();
  for (const item of items) for (const t of item.schemaOrgTypes) set.add(t);
  return [...set].sort();
}
