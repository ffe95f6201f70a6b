// Entry point of the checker: every change between two bundled OpenAPI documents.

import type { Change } from './change.js';
import { compareOperation } from './compare-operation.js';
import { ABSENT } from './describe.js';
import { isObject, type JsonObject } from '@seo-geo/types/json-pointer';
import { listOperations } from './operations.js';
import { SchemaViews } from './schema-view.js';
import { infoVersion, isMajorBump } from './version.js';

export interface Comparison {
  baseVersion: string;
  headVersion: string;
  /** True when the head's major version is greater: breaking changes are then allowed. */
  majorBump: boolean;
  breaking: Change[];
  info: Change[];
}

export function compareDocuments(base: unknown, head: unknown): Comparison {
  const [b, h] = [asOpenApi(base, 'base'), asOpenApi(head, 'head')];
  const changes: Change[] = [];
  const seen = new Set<string>();
  // The same component reached from two places of one response is reported once per place, not per path to it.
  const emit = (change: Change) => {
    const id = `${change.rule}\u0000${change.location}\u0000${change.before}\u0000${change.after}`;
    if (!seen.has(id)) {
      seen.add(id);
      changes.push(change);
    }
  };
  const docs = { base: b, head: h, baseViews: new SchemaViews(b), headViews: new SchemaViews(h) };
  const before = listOperations(b);
  const after = listOperations(h);
  for (const [key, op] of before) {
    const next = after.get(key);
    if (next) compareOperation(docs, op, next, emit);
    else emit({ rule: 'operation-removed', severity: 'breaking', location: op.label, before: 'present', after: ABSENT });
  }
  for (const [key, op] of after) {
    if (!before.has(key)) emit({ rule: 'operation-added', severity: 'info', location: op.label, pointer: op.pointer, before: ABSENT, after: 'present' });
  }
  const baseVersion = infoVersion(b);
  const headVersion = infoVersion(h);
  return {
    baseVersion,
    headVersion,
    majorBump: isMajorBump(baseVersion, headVersion),
    breaking: changes.filter((c) => c.severity === 'breaking'),
    info: changes.filter((c) => c.severity === 'info'),
  };
}

function asOpenApi(doc: unknown, which: string): JsonObject {
  if (!isObject(doc) || typeof doc.openapi !== 'string') {
    throw new Error(`the ${which} document is not an OpenAPI document (no "openapi" field)`);
  }
  return doc;
}
