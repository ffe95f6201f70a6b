// A flattened reading of one JSON Schema (OpenAPI 3.1 = JSON Schema 2020-12):
// `$ref` (with 3.1 siblings), `allOf`, `anyOf`/`oneOf`, `type` arrays, `const`
// and `enum` are folded into one view, so the rules compare meaning, not syntax
// (`type: [string, 'null']` and `anyOf: [{type: string}, {type: 'null'}]` read the same).
// Nested schemas (properties, items) stay raw and are viewed lazily when the
// comparison descends into them; this is what keeps recursive schemas finite.

import { isObject, resolvePointer, type Json, type JsonObject } from '@seo-geo/types/json-pointer';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
export const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
export type BoundKey = (typeof UPPER_BOUNDS)[number] | (typeof LOWER_BOUNDS)[number];

/** The instance type a bound constrains; a union branch of another type does not weaken it. */
const BOUND_TYPE: Record<BoundKey, JsonType> = {
  maxLength: 'string',
  minLength: 'string',
  maximum: 'number',
  minimum: 'number',
  exclusiveMaximum: 'number',
  exclusiveMinimum: 'number',
  maxItems: 'array',
  minItems: 'array',
  maxProperties: 'object',
  minProperties: 'object',
};

export interface SchemaView {
  /** Allowed instance types; undefined = any type. */
  types: Set<JsonType> | undefined;
  /** Allowed values from `enum`/`const`; undefined = any value. */
  values: Json[] | undefined;
  /** Raw (unexpanded) property schemas. */
  properties: Map<string, Json>;
  required: Set<string>;
  bounds: Partial<Record<BoundKey, number>>;
  pattern: string | undefined;
  format: string | undefined;
  items: Json | undefined;
  additionalProperties: Json | undefined;
  readOnly: boolean;
  writeOnly: boolean;
}

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

function unconstrained(): SchemaView {
  return {
    types: undefined,
    values: undefined,
    properties: new Map(),
    required: new Set(),
    bounds: {},
    pattern: undefined,
    format: undefined,
    items: undefined,
    additionalProperties: undefined,
    readOnly: false,
    writeOnly: false,
  };
}

export function valueKey(value: Json): string {
  return JSON.stringify(value);
}

/** Does a view with `types` admit instances of type `t`? (`number` admits integers.) */
export function admits(types: Set<JsonType> | undefined, t: JsonType): boolean {
  if (types === undefined) return true;
  if (types.has(t)) return true;
  if (t === 'integer') return types.has('number');
  if (t === 'number') return types.has('integer');
  return false;
}

function typeOfValue(value: Json): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function localView(schema: JsonObject): SchemaView {
  const view = unconstrained();
  const { type } = schema;
  if (typeof type === 'string' || Array.isArray(type)) {
    const list = (Array.isArray(type) ? type : [type]).filter((t): t is JsonType => JSON_TYPES.includes(t as JsonType));
    view.types = new Set(list);
  }
  // OpenAPI 3.0 spelling, accepted so that a 3.0 baseline compares sensibly.
  if (schema.nullable === true && view.types) view.types.add('null');
  if (Array.isArray(schema.enum)) view.values = [...schema.enum];
  if ('const' in schema) view.values = intersectValues(view.values, [schema.const ?? null]);
  if (isObject(schema.properties)) {
    for (const [name, sub] of Object.entries(schema.properties)) view.properties.set(name, sub);
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === 'string') view.required.add(name);
  }
  for (const key of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const value = schema[key];
    if (typeof value === 'number') view.bounds[key] = value;
  }
  // OpenAPI 3.0 boolean exclusive bounds, mapped onto the 2020-12 numeric form.
  if (schema.exclusiveMaximum === true && typeof schema.maximum === 'number') {
    view.bounds.exclusiveMaximum = schema.maximum;
    delete view.bounds.maximum;
  }
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    view.bounds.exclusiveMinimum = schema.minimum;
    delete view.bounds.minimum;
  }
  if (typeof schema.pattern === 'string') view.pattern = schema.pattern;
  if (typeof schema.format === 'string') view.format = schema.format;
  if ('items' in schema && !Array.isArray(schema.items)) view.items = schema.items;
  if ('additionalProperties' in schema) view.additionalProperties = schema.additionalProperties;
  view.readOnly = schema.readOnly === true;
  view.writeOnly = schema.writeOnly === true;
  return view;
}

function intersectValues(a: Json[] | undefined, b: Json[] | undefined): Json[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const keys = new Set(b.map(valueKey));
  return a.filter((v) => keys.has(valueKey(v)));
}

function intersectTypes(a: Set<JsonType> | undefined, b: Set<JsonType> | undefined): Set<JsonType> | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const out = new Set<JsonType>();
  for (const t of a) {
    if (b.has(t)) out.add(t);
    else if (t === 'integer' && b.has('number')) out.add('integer');
    else if (t === 'number' && b.has('integer')) out.add('integer');
  }
  return out;
}

function combine(keyword: 'allOf' | 'anyOf', schemas: Json[]): Json | undefined {
  if (schemas.length === 0) return undefined;
  if (schemas.length === 1) return schemas[0];
  return { [keyword]: schemas };
}

/** `allOf` semantics: every part holds, so constraints add up. */
function intersect(views: SchemaView[]): SchemaView {
  const out = unconstrained();
  const props = new Map<string, Json[]>();
  const items: Json[] = [];
  const additional: Json[] = [];
  for (const v of views) {
    out.types = intersectTypes(out.types, v.types);
    out.values = intersectValues(out.values, v.values);
    for (const [name, sub] of v.properties) props.set(name, [...(props.get(name) ?? []), sub]);
    for (const name of v.required) out.required.add(name);
    for (const key of UPPER_BOUNDS) {
      const value = v.bounds[key];
      if (value !== undefined) out.bounds[key] = Math.min(out.bounds[key] ?? Infinity, value);
    }
    for (const key of LOWER_BOUNDS) {
      const value = v.bounds[key];
      if (value !== undefined) out.bounds[key] = Math.max(out.bounds[key] ?? -Infinity, value);
    }
    if (v.pattern !== undefined) {
      out.pattern = out.pattern === undefined || out.pattern === v.pattern ? v.pattern : `${out.pattern} && ${v.pattern}`;
    }
    out.format ??= v.format;
    if (v.items !== undefined) items.push(v.items);
    if (v.additionalProperties !== undefined) additional.push(v.additionalProperties);
    out.readOnly ||= v.readOnly;
    out.writeOnly ||= v.writeOnly;
  }
  for (const [name, list] of props) out.properties.set(name, combine('allOf', list) ?? true);
  out.items = combine('allOf', items);
  out.additionalProperties = combine('allOf', additional);
  return out;
}

/** `anyOf`/`oneOf` semantics: any branch may hold, so a constraint survives only if every relevant branch has it. */
function union(views: SchemaView[]): SchemaView {
  if (views.length === 0) return unconstrained();
  const out = unconstrained();
  out.types = views.some((v) => v.types === undefined) ? undefined : new Set(views.flatMap((v) => [...(v.types ?? [])]));
  const finite = views.every((v) => v.values !== undefined || (v.types?.size === 1 && v.types.has('null')));
  if (finite) {
    const seen = new Map<string, Json>();
    for (const v of views) for (const value of v.values ?? [null]) seen.set(valueKey(value), value);
    out.values = [...seen.values()];
  }
  const props = new Map<string, Json[]>();
  for (const v of views) for (const [name, sub] of v.properties) props.set(name, [...(props.get(name) ?? []), sub]);
  for (const [name, list] of props) out.properties.set(name, combine('anyOf', list) ?? true);

  const relevant = (t: JsonType) => views.filter((v) => admits(v.types, t));
  const objects = relevant('object');
  if (objects.length > 0) {
    const [first, ...rest] = objects;
    for (const name of first?.required ?? []) if (rest.every((v) => v.required.has(name))) out.required.add(name);
  }
  for (const key of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const branches = relevant(BOUND_TYPE[key]);
    const values = branches.map((v) => v.bounds[key]);
    if (branches.length === 0 || values.some((x) => x === undefined)) continue;
    const defined = values as number[];
    out.bounds[key] = (UPPER_BOUNDS as readonly string[]).includes(key) ? Math.max(...defined) : Math.min(...defined);
  }
  const strings = relevant('string');
  if (strings.length > 0 && strings.every((v) => v.pattern !== undefined)) {
    out.pattern = [...new Set(strings.map((v) => v.pattern))].join(' || ');
  }
  const typed = views.filter((v) => !(v.types?.size === 1 && v.types.has('null')));
  if (typed.length > 0 && typed.every((v) => v.format !== undefined)) {
    out.format = [...new Set(typed.map((v) => v.format))].sort().join(' | ');
  }
  const arrays = relevant('array');
  if (arrays.length > 0 && arrays.every((v) => v.items !== undefined)) {
    out.items = combine(
      'anyOf',
      arrays.map((v) => v.items as Json),
    );
  }
  const maps = relevant('object');
  if (maps.length > 0 && maps.every((v) => v.additionalProperties !== undefined)) {
    out.additionalProperties = combine(
      'anyOf',
      maps.map((v) => v.additionalProperties as Json),
    );
  }
  out.readOnly = views.every((v) => v.readOnly);
  out.writeOnly = views.every((v) => v.writeOnly);
  return out;
}

/** Lets `enum: [a, b]` without `type` compare equal to `type: string, enum: [a, b]`. */
function finish(view: SchemaView): SchemaView {
  if (view.types === undefined && view.values !== undefined) {
    view.types = new Set(view.values.map(typeOfValue));
  }
  return view;
}

/** Views of the schemas of one document, cached per schema object. */
export class SchemaViews {
  private readonly cache = new WeakMap<object, SchemaView>();
  private readonly expanding = new Set<object>();

  constructor(private readonly root: JsonObject) {}

  view(schema: Json | undefined): SchemaView {
    if (schema === false) return { ...unconstrained(), types: new Set() };
    if (!isObject(schema)) return unconstrained();
    const cached = this.cache.get(schema);
    if (cached) return cached;
    // A schema that contains itself through allOf/anyOf/$ref adds nothing new on re-entry.
    if (this.expanding.has(schema)) return unconstrained();
    this.expanding.add(schema);
    try {
      const parts = [localView(schema)];
      if (typeof schema.$ref === 'string') parts.push(this.view(resolvePointer(this.root, schema.$ref)));
      if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((s) => this.view(s)));
      for (const keyword of ['anyOf', 'oneOf'] as const) {
        const branches = schema[keyword];
        if (Array.isArray(branches)) parts.push(union(branches.map((s) => this.view(s))));
      }
      const result = finish(parts.length === 1 ? (parts[0] as SchemaView) : intersect(parts));
      this.cache.set(schema, result);
      return result;
    } finally {
      this.expanding.delete(schema);
    }
  }
}
