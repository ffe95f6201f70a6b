// Compares two schemas at the same place of the API. The direction decides what
// breaks: a request schema may only accept more (clients send what it used to
// accept); a response schema may not lose fields, enum values or change types
// (clients, and the types generated for them, rely on what it used to return).

import type { Change, Direction, RuleId } from './change.js';
import { ABSENT, describeTypes, describeValue, describeValues } from './describe.js';
import { isObject, type Json } from '@seo-geo/types/json-pointer';
import { refPointer } from './operations.js';
import { admits, LOWER_BOUNDS, UPPER_BOUNDS, valueKey, type JsonType, type SchemaView, type SchemaViews } from './schema-view.js';

/** Deep enough for any real document; a guard against pathological nesting, not against cycles. */
const MAX_DEPTH = 64;

export interface SchemaComparison {
  direction: Direction;
  base: SchemaViews;
  head: SchemaViews;
  emit(change: Change): void;
}

/** `pointer`: the head schema's JSON path, from which each change's is found (see Change.pointer). */
export function compareSchemas(ctx: SchemaComparison, base: Json | undefined, head: Json | undefined, place: string, pointer: Pointer): void {
  // Pairs of schema objects already compared: a recursive schema meets the same pair again and stops
  // there; a component nested twice in one schema has its inner changes reported at the first place.
  const visited = new WeakMap<object, WeakSet<object>>();
  walk(ctx, visited, base, head, place, '', pointer, 0);
}

type Pointer = readonly (string | number)[];

function walk(
  ctx: SchemaComparison,
  visited: WeakMap<object, WeakSet<object>>,
  base: Json | undefined,
  head: Json | undefined,
  place: string,
  field: string,
  pointer: Pointer,
  depth: number,
): void {
  if (depth > MAX_DEPTH) return;
  if (isObject(base) && isObject(head)) {
    const seen = visited.get(base) ?? new WeakSet<object>();
    if (seen.has(head)) return;
    seen.add(head);
    visited.set(base, seen);
  }
  const b = ctx.base.view(base);
  const h = ctx.head.view(head);
  const child = (name: string) => (field === '' ? name : name.startsWith('[') || name.startsWith('{') ? `${field}${name}` : `${field}.${name}`);
  const locate = (path: string) => (path === '' ? place : `${place} › ${path}`);
  // A schema that $refs a component is written in the component's file: its fields are found there.
  const here = refPointer(head) ?? pointer;
  const emitAt: EmitAt = (name, rule, breaking, before, after) =>
    ctx.emit({ rule, severity: breaking ? 'breaking' : 'info', location: locate(child(name)), pointer: [...here, 'properties', name], before, after });
  const emit: Emit = (rule, breaking, before, after) =>
    ctx.emit({ rule, severity: breaking ? 'breaking' : 'info', location: locate(field), pointer: here, before, after });

  compareTypes(ctx.direction, b, h, emit);
  compareValues(ctx.direction, b, h, emit);
  if (ctx.direction === 'request') compareConstraints(b, h, emit);
  compareProperties(ctx, b, h, emitAt);

  for (const [name, sub] of b.properties) {
    const next = h.properties.get(name);
    if (next === undefined || hiddenIn(ctx.direction, ctx.base.view(sub))) continue;
    walk(ctx, visited, sub, next, place, child(name), [...here, 'properties', name], depth + 1);
  }
  if (b.items !== undefined && h.items !== undefined) walk(ctx, visited, b.items, h.items, place, child('[]'), [...here, 'items'], depth + 1);
  if (isObject(b.additionalProperties) && isObject(h.additionalProperties)) {
    walk(ctx, visited, b.additionalProperties, h.additionalProperties, place, child('{*}'), [...here, 'additionalProperties'], depth + 1);
  }
}

type Emit = (rule: RuleId, breaking: boolean, before: string, after: string) => void;
type EmitAt = (name: string, rule: RuleId, breaking: boolean, before: string, after: string) => void;

/** readOnly fields are never sent by clients, writeOnly fields never returned by the server. */
function hiddenIn(direction: Direction, view: SchemaView): boolean {
  return direction === 'request' ? view.readOnly : view.writeOnly;
}

function sameTypes(a: Set<JsonType> | undefined, b: Set<JsonType> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.size === b.size && [...a].every((t) => b.has(t));
}

function compareTypes(direction: Direction, b: SchemaView, h: SchemaView, emit: Emit): void {
  if (sameTypes(b.types, h.types)) return;
  // Accepting more types in a request (e.g. adding 'null') keeps every old request valid.
  const widened = h.types === undefined || (b.types !== undefined && [...b.types].every((t) => admits(h.types, t)));
  if (direction === 'request' && widened) emit('type-widened', false, describeTypes(b.types), describeTypes(h.types));
  else emit('type-changed', true, describeTypes(b.types), describeTypes(h.types));
}

function compareValues(direction: Direction, b: SchemaView, h: SchemaView, emit: Emit): void {
  if (b.values === undefined && h.values === undefined) return;
  if (direction === 'request') {
    if (b.values === undefined) return emit('request-enum-added', true, describeValues(undefined), describeValues(h.values));
    if (h.values === undefined) return emit('request-enum-value-added', false, describeValues(b.values), describeValues(undefined));
  } else if (b.values === undefined || h.values === undefined) {
    // A response that starts or stops listing its values: no client-visible value disappears.
    return;
  }
  const headKeys = new Set(h.values.map(valueKey));
  const baseKeys = new Set(b.values.map(valueKey));
  const removedRule: RuleId = direction === 'request' ? 'request-enum-value-removed' : 'response-enum-value-removed';
  const addedRule: RuleId = direction === 'request' ? 'request-enum-value-added' : 'response-enum-value-added';
  for (const value of b.values) if (!headKeys.has(valueKey(value))) emit(removedRule, true, describeValue(value), ABSENT);
  for (const value of h.values) if (!baseKeys.has(valueKey(value))) emit(addedRule, false, ABSENT, describeValue(value));
}

/** Request-side validation keywords: a request valid before must stay valid. */
function compareConstraints(b: SchemaView, h: SchemaView, emit: Emit): void {
  const show = (key: string, value: number | undefined) => (value === undefined ? `no ${key}` : `${key} ${value}`);
  for (const key of UPPER_BOUNDS) {
    const [was, now] = [b.bounds[key], h.bounds[key]];
    if (now !== undefined && (was === undefined || now < was)) emit('bounds-narrowed', true, show(key, was), show(key, now));
    else if (was !== undefined && (now === undefined || now > was)) emit('bounds-widened', false, show(key, was), show(key, now));
  }
  for (const key of LOWER_BOUNDS) {
    const [was, now] = [b.bounds[key], h.bounds[key]];
    if (now !== undefined && (was === undefined || now > was)) emit('bounds-narrowed', true, show(key, was), show(key, now));
    else if (was !== undefined && (now === undefined || now < was)) emit('bounds-widened', false, show(key, was), show(key, now));
  }
  if (h.pattern !== undefined && h.pattern !== b.pattern) {
    emit('pattern-changed', true, b.pattern === undefined ? 'no pattern' : `pattern ${b.pattern}`, `pattern ${h.pattern}`);
  } else if (b.pattern !== undefined && h.pattern === undefined) {
    emit('pattern-removed', false, `pattern ${b.pattern}`, 'no pattern');
  }
  if (h.format !== undefined && h.format !== b.format) {
    emit('format-added', true, b.format === undefined ? 'no format' : `format ${b.format}`, `format ${h.format}`);
  } else if (b.format !== undefined && h.format === undefined) {
    emit('format-removed', false, `format ${b.format}`, 'no format');
  }
}

function compareProperties(ctx: SchemaComparison, b: SchemaView, h: SchemaView, emitAt: EmitAt): void {
  const { direction } = ctx;
  const typeOf = (views: SchemaViews, sub: Json | undefined) => describeTypes(views.view(sub).types);
  if (direction === 'response') {
    for (const [name, sub] of b.properties) {
      if (h.properties.has(name) || hiddenIn(direction, ctx.base.view(sub))) continue;
      emitAt(name, 'response-field-removed', true, typeOf(ctx.base, sub), ABSENT);
    }
    for (const [name, sub] of h.properties) {
      if (b.properties.has(name) || hiddenIn(direction, ctx.head.view(sub))) continue;
      emitAt(name, 'response-field-added', false, ABSENT, typeOf(ctx.head, sub));
    }
    return;
  }
  for (const name of h.required) {
    if (b.required.has(name) || hiddenIn(direction, ctx.head.view(h.properties.get(name)))) continue;
    emitAt(name, 'request-field-required', true, b.properties.has(name) ? 'optional' : ABSENT, 'required');
  }
  for (const [name, sub] of h.properties) {
    if (b.properties.has(name) || h.required.has(name) || hiddenIn(direction, ctx.head.view(sub))) continue;
    emitAt(name, 'request-field-added', false, ABSENT, `optional ${typeOf(ctx.head, sub)}`);
  }
  for (const [name, sub] of b.properties) {
    if (h.properties.has(name) || hiddenIn(direction, ctx.base.view(sub))) continue;
    emitAt(name, 'request-field-removed', false, typeOf(ctx.base, sub), ABSENT);
  }
}
