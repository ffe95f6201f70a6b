// A page's structured-data items as the API lists them (the StructuredDataItem schema): schema.org
// types by their short names, other vocabularies' types as written, and every list held to the
// bounds the spec gives (a page with hundreds of items lists the first 100 in document order).
import type { StructuredItem } from '@seo-geo/engine';
import type { StructuredDataItem } from '../../storage/repositories/audit-pages.js';

const MAX_ITEMS = 100;
const MAX_TYPES = 20;
const MAX_PROBLEMS = 100;

export function storedStructuredData(items: readonly StructuredItem[]): StructuredDataItem[] {
  return items.slice(0, MAX_ITEMS).map((item) => ({
    syntax: item.syntax,
    types: (item.schemaOrgTypes.length > 0 ? item.schemaOrgTypes : item.types).slice(0, MAX_TYPES).map((t) => clip(t, 500)),
    richResult: item.richResult,
    errors: item.errors.slice(0, MAX_PROBLEMS).map(problem),
    warnings: item.warnings.slice(0, MAX_PROBLEMS).map(problem),
  }));
}

function problem(p: StructuredItem['errors'][number]): StructuredDataItem['errors'][number] {
  return { code: p.code, property: p.property === null ? null : clip(p.property, 500), message: clip(p.message, 2000) };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
