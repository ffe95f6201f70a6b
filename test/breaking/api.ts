// Builds small OpenAPI 3.1 documents for the rule tests: one operation
// `POST /items/{itemId}` whose parts each test replaces.

import { compareDocuments, type Comparison } from '../../scripts/breaking/compare-documents.js';
import type { RuleId } from '../../scripts/breaking/change.js';

type Schema = Record<string, unknown> | boolean;

export interface ApiParts {
  version?: string;
  /** Request body schema (`application/json`). */
  request?: Schema;
  requestRequired?: boolean;
  /** 200 response schema (`application/json`). */
  response?: Schema;
  /** Extra operation-level parameters (the path parameter `itemId` is always there). */
  parameters?: Record<string, unknown>[];
  schemas?: Record<string, Schema>;
  /** Additional path items, e.g. to prove removed/added operations. */
  paths?: Record<string, unknown>;
}

export function api(parts: ApiParts = {}): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Test API', version: parts.version ?? '1.0.0' },
    paths: {
      '/items/{itemId}': {
        post: {
          operationId: 'updateItem',
          summary: 'Update an item',
          parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }, ...(parts.parameters ?? [])],
          requestBody: {
            required: parts.requestRequired ?? true,
            content: { 'application/json': { schema: parts.request ?? { type: 'object' } } },
          },
          responses: {
            '200': {
              description: 'The item',
              content: { 'application/json': { schema: parts.response ?? { type: 'object' } } },
            },
          },
        },
      },
      ...(parts.paths ?? {}),
    },
    components: { schemas: parts.schemas ?? {} },
  };
}

/** An object schema with the given properties (all optional unless listed in `required`). */
export function object(properties: Record<string, Schema>, required: string[] = []): Record<string, unknown> {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

export function compare(base: ApiParts, head: ApiParts): Comparison {
  return compareDocuments(api(base), api(head));
}

export function breakingRules(result: Comparison): RuleId[] {
  return result.breaking.map((c) => c.rule);
}
