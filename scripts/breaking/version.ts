// The major version in `info.version` is what licenses a breaking change.

import { isObject, type JsonObject } from '@seo-geo/types/json-pointer';

export function infoVersion(doc: JsonObject): string {
  const info = doc.info;
  const version = isObject(info) ? info.version : undefined;
  if (typeof version !== 'string') throw new Error('the document has no info.version');
  return version;
}

/** Major of a semver-like version (`1.2.3`, `v2`, `2.0.0-beta.1`); undefined when none can be read. */
export function majorOf(version: string): number | undefined {
  const match = /^v?(\d+)(?:\.|$|-)/.exec(version.trim());
  return match ? Number(match[1]) : undefined;
}

export function isMajorBump(baseVersion: string, headVersion: string): boolean {
  const [base, head] = [majorOf(baseVersion), majorOf(headVersion)];
  return base !== undefined && head !== undefined && head > base;
}
