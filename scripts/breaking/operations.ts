// The operations of a document and their parameters, keyed so that the same
// operation matches across versions even when a path parameter is renamed
// (`/projects/{id}` and `/projects/{projectId}` are one operation).

import { deref, isObject, type Json, type JsonObject } from '@seo-geo/types/json-pointer';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Operation {
  /** Match key: method plus the path with parameter names erased. */
  key: string;
  /** What a reader sees: `GET /projects/{projectId}` or `WEBHOOK auditCompleted POST`. */
  label: string;
  /** Webhooks are requests the server sends: their payload is read by clients, like a response. */
  kind: 'path' | 'webhook';
  path: string;
  /** Its JSON path in the document: `paths` or `webhooks`, the path, the method. */
  pointer: readonly string[];
  node: JsonObject;
  /** Path-level parameters, which every operation of the path inherits. */
  inherited: Json[];
}

export interface Parameter {
  key: string;
  label: string;
  /** Its JSON path: the component it `$ref`s, or its place in the operation's or path's list. */
  pointer: readonly (string | number)[];
  required: boolean;
  schema: Json | undefined;
}

function normalizePath(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

export function listOperations(doc: JsonObject): Map<string, Operation> {
  const out = new Map<string, Operation>();
  const sources: Array<[Operation['kind'], Json | undefined]> = [
    ['path', doc.paths],
    ['webhook', doc.webhooks],
  ];
  for (const [kind, group] of sources) {
    if (!isObject(group)) continue;
    for (const [path, rawItem] of Object.entries(group)) {
      const item = deref(doc, rawItem);
      if (!item) continue;
      for (const method of METHODS) {
        const node = item[method];
        if (!isObject(node)) continue;
        const upper = method.toUpperCase();
        const operation: Operation = {
          key: kind === 'path' ? `${upper} ${normalizePath(path)}` : `WEBHOOK ${path} ${upper}`,
          label: kind === 'path' ? `${upper} ${path}` : `WEBHOOK ${path} ${upper}`,
          kind,
          path,
          pointer: [kind === 'path' ? 'paths' : 'webhooks', path, method],
          node,
          inherited: Array.isArray(item.parameters) ? item.parameters : [],
        };
        out.set(operation.key, operation);
      }
    }
  }
  return out;
}

/** Path parameters match by position in the template; others by location and name (headers case-insensitively). */
export function listParameters(doc: JsonObject, op: Operation): Map<string, Parameter> {
  const templateNames = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const out = new Map<string, Parameter>();
  const own = Array.isArray(op.node.parameters) ? op.node.parameters : [];
  const listed = [
    ...op.inherited.map((raw, i) => ({ raw, at: [...op.pointer.slice(0, 2), 'parameters', i] })),
    ...own.map((raw, i) => ({ raw, at: [...op.pointer, 'parameters', i] })),
  ];
  // Operation-level parameters override path-level ones with the same key, so they come last.
  for (const { raw, at } of listed) {
    const param = deref(doc, raw);
    if (!param || typeof param.name !== 'string' || typeof param.in !== 'string') continue;
    const where = param.in;
    const name = param.name;
    const key = where === 'path' ? `path:#${templateNames.indexOf(name)}` : `${where}:${where === 'header' ? name.toLowerCase() : name}`;
    out.set(key, {
      key,
      label: `${where} parameter ${name}`,
      pointer: refPointer(raw) ?? at,
      required: param.required === true || where === 'path',
      schema: parameterSchema(param),
    });
  }
  return out;
}

function parameterSchema(param: JsonObject): Json | undefined {
  if ('schema' in param) return param.schema;
  // The `content` form carries exactly one media type.
  if (isObject(param.content)) {
    const first = Object.values(param.content)[0];
    if (isObject(first)) return first.schema;
  }
  return undefined;
}

/** The JSON path a local `$ref` (`#/components/…`) names; undefined for anything else. */
export function refPointer(node: Json | undefined): string[] | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return undefined;
  return node.$ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Media type → schema of a request body or a response, following `$ref`s to components. */
export function contentSchemas(doc: JsonObject, raw: Json | undefined): Map<string, Json | undefined> {
  const out = new Map<string, Json | undefined>();
  const node = deref(doc, raw);
  if (node && isObject(node.content)) {
    for (const [mediaType, media] of Object.entries(node.content)) {
      out.set(mediaType, isObject(media) ? media.schema : undefined);
    }
  }
  return out;
}
