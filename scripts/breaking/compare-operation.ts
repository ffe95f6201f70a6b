// Compares one operation present in both documents: parameters, request body, responses.

import type { Change } from './change.js';
import { compareSchemas, type SchemaComparison } from './compare-schema.js';
import { ABSENT } from './describe.js';
import { deref, isObject, type JsonObject } from '@seo-geo/types/json-pointer';
import { contentSchemas, listParameters, type Operation } from './operations.js';
import type { SchemaViews } from './schema-view.js';

export interface Documents {
  base: JsonObject;
  head: JsonObject;
  baseViews: SchemaViews;
  headViews: SchemaViews;
}

export function compareOperation(docs: Documents, before: Operation, after: Operation, emit: (c: Change) => void): void {
  const label = after.label;
  // Webhook payloads are produced by the server and parsed by clients: response rules apply.
  const sent = (direction: SchemaComparison['direction']): SchemaComparison => ({
    direction,
    base: docs.baseViews,
    head: docs.headViews,
    emit,
  });
  const requestSide = sent(after.kind === 'webhook' ? 'response' : 'request');

  if (after.kind === 'path') compareParameters(docs, before, after, requestSide, emit);

  const baseBody = deref(docs.base, before.node.requestBody);
  const headBody = deref(docs.head, after.node.requestBody);
  if (after.kind === 'path' && headBody?.required === true && baseBody?.required !== true) {
    emit({
      rule: 'request-body-required',
      severity: 'breaking',
      location: `${label} › request body`,
      pointer: [...after.pointer, 'requestBody'],
      before: baseBody ? 'optional' : ABSENT,
      after: 'required',
    });
  }
  const baseMedia = contentSchemas(docs.base, baseBody);
  for (const [mediaType, schema] of contentSchemas(docs.head, headBody)) {
    if (!baseMedia.has(mediaType)) continue;
    compareSchemas(requestSide, baseMedia.get(mediaType), schema, `${label} › request body (${mediaType})`, [
      ...after.pointer,
      'requestBody',
      'content',
      mediaType,
      'schema',
    ]);
  }

  if (after.kind === 'webhook') return;
  const baseResponses = statusMap(before.node.responses);
  for (const [status, { key, response }] of statusMap(after.node.responses)) {
    const old = baseResponses.get(status);
    if (old === undefined) continue;
    const oldMedia = contentSchemas(docs.base, old.response);
    for (const [mediaType, schema] of contentSchemas(docs.head, response)) {
      if (!oldMedia.has(mediaType)) continue;
      compareSchemas(sent('response'), oldMedia.get(mediaType), schema, `${label} › response ${status} (${mediaType})`, [
        ...after.pointer,
        'responses',
        key,
        'content',
        mediaType,
        'schema',
      ]);
    }
  }
}

/** Responses by status, with the key each is written under. */
function statusMap(responses: unknown): Map<string, { key: string; response: JsonObject }> {
  const out = new Map<string, { key: string; response: JsonObject }>();
  if (!isObject(responses)) return out;
  for (const [status, value] of Object.entries(responses)) {
    // `2XX` and `2xx` are the same range.
    if (isObject(value)) out.set(status.toUpperCase(), { key: status, response: value });
  }
  return out;
}

function compareParameters(docs: Documents, before: Operation, after: Operation, ctx: SchemaComparison, emit: (c: Change) => void): void {
  const oldParams = listParameters(docs.base, before);
  const newParams = listParameters(docs.head, after);
  for (const [key, param] of newParams) {
    const old = oldParams.get(key);
    const location = `${after.label} › ${param.label}`;
    const pointer = param.pointer;
    if (old === undefined) {
      emit(
        param.required
          ? { rule: 'parameter-required', severity: 'breaking', location, pointer, before: ABSENT, after: 'required' }
          : { rule: 'parameter-added', severity: 'info', location, pointer, before: ABSENT, after: 'optional' },
      );
      continue;
    }
    if (param.required && !old.required) {
      emit({ rule: 'parameter-required', severity: 'breaking', location, pointer, before: 'optional', after: 'required' });
    }
    compareSchemas(ctx, old.schema, param.schema, location, [...pointer, 'schema']);
  }
  for (const [key, param] of oldParams) {
    if (newParams.has(key)) continue;
    emit({ rule: 'parameter-removed', severity: 'info', location: `${before.label} › ${param.label}`, before: 'accepted', after: ABSENT });
  }
}
