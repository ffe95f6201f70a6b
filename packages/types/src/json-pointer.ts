// Resolution of internal `$ref`s (`#/components/...`) in the bundled document: the one JSON-pointer
// helper of the workspace (the breaking-change check, the response validator, the code samples
// and the contract tests use it). The documents are bundled, so any other form of reference is a
// bundling bug and is reported loudly.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows one JSON pointer (`#/a/b~1c`) inside `root`. */
export function resolvePointer(root: JsonObject, ref: string): Json {
  if (!ref.startsWith('#')) {
    throw new Error(`external $ref "${ref}" is not supported: compare bundled documents`);
  }
  const tokens = ref === '#' || ref === '#/' ? [] : ref.slice(2).split('/');
  let node: Json = root;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)] ?? null;
    else if (isObject(node) && token in node) node = node[token] ?? null;
    else throw new Error(`unresolvable $ref "${ref}"`);
  }
  return node;
}

/** Follows a chain of `$ref`s from `value` to the first node that is not a reference; `T` is the caller's reading of it. */
export function followRefs<T>(root: unknown, value: T | { $ref: string }): T {
  const seen = new Set<string>();
  let node: unknown = value;
  while (isObject(node) && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`circular $ref "${node.$ref}"`);
    seen.add(node.$ref);
    node = resolvePointer(root as JsonObject, node.$ref);
  }
  return node as T;
}

/**
 * Resolves a chain of `$ref`s for non-schema objects (parameters, request bodies,
 * responses), where OpenAPI gives siblings of `$ref` no meaning except summary/description.
 */
export function deref(root: JsonObject, value: Json | undefined): JsonObject | undefined {
  const node = value === undefined ? undefined : followRefs<Json>(root, value);
  return isObject(node) ? node : undefined;
}
