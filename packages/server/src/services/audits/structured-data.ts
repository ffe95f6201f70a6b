// A page's structured-data items as the API lists them (the StructuredDataItem schema): schema.org
// types by their short names, other vocabularies' types as written. The spec's bounds (the first
// 100 items in document order, and so on) are applied with the page's other fields (stored-page.ts).
import type { StructuredItem } from '@seo-geo/engine';
import type { StructuredDataItem } from '../../storage/repositories/audit-pages.js';

export function storedStructuredData(items: readonly StructuredItem[]): StructuredDataItem[] {
  return items.map((item) => ({
    syntax: item.syntax,
    types: item.schemaOrgTypes.length > 0 ? item.schemaOrgTypes : item.types,
    richResult: item.richResult,
    errors: item.errors.map(problem),
    warnings: item.warnings.map(problem),
  }));
}

function problem(p: StructuredItem['errors'][number]): StructuredDataItem['errors'][number] {
  return { code: p.code, property: p.property, message: p.message };
}
