// Small constructors so that every check states its outcome the same way.

import type { CheckResult } from '../types.js';
import type { CheckDefinition } from './rubric.js';

export function pass(def: CheckDefinition, evidence: string): CheckResult {
  return { id: def.id, name: def.name, status: 'pass', earned: def.max, max: def.max, evidence, fix: null };
}

export function partial(def: CheckDefinition, earned: number, evidence: string, fix: string): CheckResult {
  return { id: def.id, name: def.name, status: 'partial', earned, max: def.max, evidence, fix };
}

export function fail(def: CheckDefinition, evidence: string, fix: string): CheckResult {
  return { id: def.id, name: def.name, status: 'fail', earned: 0, max: def.max, evidence, fix };
}

export function notApplicable(def: CheckDefinition, evidence: string): CheckResult {
  return { id: def.id, name: def.name, status: 'na', earned: 0, max: def.max, evidence, fix: null };
}

/** Rounds points to the nearest half point (the rubric's finest step). */
export function halfPoints(points: number): number {
  return Math.round(points * 2) / 2;
}
