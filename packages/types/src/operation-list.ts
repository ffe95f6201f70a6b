// Reads the operations of an OpenAPI document: method, path, scope, statuses, deprecation.
// The generator emits them as a typed table; the server reads them from the document it serves,
// so routes, scopes and deprecation headers come from the spec, never restated in code.
import { followRefs } from './json-pointer.js';

export interface OpenApiDocumentLike {
  security?: unknown;
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface OperationInfo {
  operationId: string;
  method: (typeof METHODS)[number];
  path: string;
  /** Scope named in the bearer security requirement; null when a valid key is enough. */
  scope: string | null;
  /** False for operations with `security: []` (no key needed). */
  authenticated: boolean;
  statuses: number[];
  hasRequestBody: boolean;
  /** Names of the documented header parameters, e.g. `Idempotency-Key`. */
  headerParameters: string[];
  deprecated: boolean;
  /** From `x-sunset` / `x-deprecation-link` next to `deprecated: true`. */
  sunset: string | null;
  deprecationLink: string | null;
}

interface RawOperation {
  operationId?: string;
  parameters?: Array<{ name?: string; in?: string; $ref?: string }>;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  deprecated?: boolean;
  'x-sunset'?: string;
  'x-deprecation-link'?: string;
}

export function listOperations(doc: OpenApiDocumentLike): OperationInfo[] {
  const rootSecurity = (doc.security as RawOperation['security']) ?? [];
  const ops: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as RawOperation | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const security = op.security ?? rootSecurity;
      const bearer = security.find((req) => 'bearerAuth' in req);
      ops.push({
        operationId: op.operationId,
        method,
        path,
        scope: bearer?.bearerAuth?.[0] ?? null,
        authenticated: bearer !== undefined,
        statuses: Object.keys(op.responses ?? {})
          .map(Number)
          .sort((a, b) => a - b),
        hasRequestBody: op.requestBody !== undefined,
        headerParameters: (op.parameters ?? [])
          .map((parameter) => resolveParameter(doc, parameter))
          .filter((parameter) => parameter.in === 'header' && parameter.name)
          .map((parameter) => parameter.name as string),
        deprecated: op.deprecated === true,
        sunset: op['x-sunset'] ?? null,
        deprecationLink: op['x-deprecation-link'] ?? null,
      });
    }
  }
  return ops.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

function resolveParameter(doc: OpenApiDocumentLike, parameter: { name?: string; in?: string; $ref?: string }): { name?: string; in?: string } {
  // A $ref may land on a JSON null.
  return followRefs<{ name?: string; in?: string } | null>(doc, parameter) ?? {};
}
