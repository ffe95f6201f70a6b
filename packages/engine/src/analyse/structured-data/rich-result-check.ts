// Which of Google's rich results an item is a candidate for, and which of its required
// (errors) and recommended (warnings) properties it lacks. Only top-level items are checked: a
// Review nested in a Product is judged by the Product's own requirements.

import type { StructuredDataProblem } from '../../types.js';
import type { ItemNode } from './item-node.js';
import { RICH_RESULTS } from './google-rich-results.js';
import type { RichResultRequirements } from './google-rich-results.js';
import { isKnownType, isSubtypeOf } from './vocabulary.js';

export interface RichResultCheck {
  richResult: string | null;
  errors: StructuredDataProblem[];
  warnings: StructuredDataProblem[];
}

/**
 * A requirement compiled once: a path; alternatives (any one will do); or alternatives under one
 * parent (`itemListElement.name|itemListElement.item.name`), judged for each of the parent's items.
 */
type Check = { kind: 'path'; path: readonly string[] } | { kind: 'any'; options: readonly Check[] } | { kind: 'each'; parent: string; inner: Check };

interface Requirement {
  text: string;
  check: Check;
  message: string;
}

interface CompiledFamily {
  type: string;
  required: readonly Requirement[];
  recommended: readonly Requirement[];
}

let families: readonly CompiledFamily[] | null = null;

const NOT_BLANK = /\S/;

function compileCheck(options: ReadonlyArray<readonly string[]>): Check {
  if (options.length === 1) return { kind: 'path', path: options[0]! };
  const head = options[0]![0]!;
  if (options.every((o) => o.length > 1 && o[0] === head)) {
    return { kind: 'each', parent: head, inner: compileCheck(options.map((o) => o.slice(1))) };
  }
  return { kind: 'any', options: options.map((o) => ({ kind: 'path', path: o })) };
}

function compile(family: string, text: string, level: string): Requirement {
  return { text, check: compileCheck(text.split('|').map((o) => o.split('.'))), message: `${family}: ${describe(text)} is ${level}` };
}

function compiled(): readonly CompiledFamily[] {
  families ??= RICH_RESULTS.map((f: RichResultRequirements) => ({
    type: f.type,
    required: f.required.map((r) => compile(f.type, r, 'required')),
    recommended: f.recommended.map((r) => compile(f.type, r, 'recommended')),
  }));
  return families;
}

export function checkRichResult(node: ItemNode): RichResultCheck {
  const family = familyOf(node);
  if (!family) return { richResult: null, errors: [], warnings: [] };
  const errors: StructuredDataProblem[] = [];
  const warnings: StructuredDataProblem[] = [];
  for (const r of family.required) if (!isMet(node, r)) errors.push({ code: 'missing_required', property: r.text, message: r.message });
  for (const r of family.recommended) if (!isMet(node, r)) warnings.push({ code: 'missing_recommended', property: r.text, message: r.message });
  return { richResult: family.type, errors, warnings };
}

/** The family of each combination of types met so far (a listing repeats one type many times). */
const familyByTypes = new Map<string, CompiledFamily | null>();

function familyOf(node: ItemNode): CompiledFamily | null {
  const key = node.schemaOrgTypes.join(' ');
  let family = familyByTypes.get(key);
  if (family !== undefined) return family;
  const types = node.schemaOrgTypes.filter(isKnownType);
  family = types.length === 0 ? null : (compiled().find((f) => types.some((t) => isSubtypeOf(t, f.type))) ?? null);
  if (familyByTypes.size < 1024) familyByTypes.set(key, family);
  return family;
}

function describe(requirement: string): string {
  const options = requirement.split('|');
  return options.length === 1 ? `the property ${requirement}` : `one of ${options.slice(0, -1).join(', ')} or ${options[options.length - 1]!}`;
}

/**
 * A nested path applies only when its parent property is present; alternatives are met when one
 * that applies is met, and apply only when one of them does.
 */
function isMet(node: ItemNode, requirement: Requirement): boolean {
  return met(node, requirement.check);
}

function met(node: ItemNode, check: Check): boolean {
  switch (check.kind) {
    case 'path':
      return !lacks(node, check.path, 0);
    case 'each': {
      const property = node.properties.get(check.parent);
      if (!property) return true;
      for (const v of property.values) {
        if (v.kind === 'item' && !met(v.node, check.inner)) return false;
        if (v.kind === 'text' && NOT_BLANK.test(v.text)) return false;
      }
      return true;
    }
    case 'any': {
      let applicable = false;
      for (const option of check.options) {
        if (option.kind === 'path' && option.path.length > 1 && !hasValue(node, option.path[0]!)) continue;
        applicable = true;
        if (met(node, option)) return true;
      }
      return !applicable;
    }
  }
}

/** True when the item (or one of the items its path goes through) lacks the path's last property. */
function lacks(node: ItemNode, path: readonly string[], depth: number): boolean {
  const name = path[depth]!;
  const last = depth === path.length - 1;
  if (!hasValue(node, name)) return last;
  if (last) return false;
  // A reference points at an item described elsewhere: given the benefit of the doubt. Text has
  // no properties to look into ("item": "https://…" gives no item.name).
  let items = 0;
  for (const v of node.properties.get(name)!.values) {
    if (v.kind === 'reference') return false;
    if (v.kind !== 'item') continue;
    items++;
    if (lacks(v.node, path, depth + 1)) return true;
  }
  return items === 0;
}

function hasValue(node: ItemNode, name: string): boolean {
  const property = node.properties.get(name);
  if (!property) return false;
  for (const v of property.values) if (v.kind !== 'text' || NOT_BLANK.test(v.text)) return true;
  return false;
}
