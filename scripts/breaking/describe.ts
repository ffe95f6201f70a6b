// Compact renderings of schema facts for the "old → new" column of the report.

import type { Json } from '@seo-geo/types/json-pointer';
import type { JsonType } from './schema-view.js';

export const ABSENT = '(absent)';

export function describeTypes(types: Set<JsonType> | undefined): string {
  if (types === undefined) return 'any type';
  if (types.size === 0) return 'no type (never valid)';
  return [...types].sort().join(' | ');
}

export function describeValue(value: Json): string {
  return JSON.stringify(value);
}

export function describeValues(values: Json[] | undefined): string {
  return values === undefined ? 'any value' : `enum [${values.map(describeValue).join(', ')}]`;
}
