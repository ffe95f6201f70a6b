// Plain-text report: one block per change with rule, location and old → new.

import type { Change } from './change.js';
import type { Comparison } from './compare-documents.js';
import { majorOf } from './version.js';

export interface Labels {
  base: string;
  head: string;
}

/** The source file and line of a change, as `file:line:col`; undefined where none is known. */
export type LocateChange = (pointer: readonly (string | number)[]) => string | undefined;

function block(change: Change, locate: LocateChange | undefined): string {
  const source = change.pointer && locate?.(change.pointer);
  return `  ${change.rule}  ${change.location}\n      ${change.before} → ${change.after}${source ? `\n      at ${source}` : ''}`;
}

/**
 * `verbose`: list the non-breaking changes; otherwise they are counted, so the breaking ones stand
 * out. `locate`: name each change's source file (when the head is the spec's sources).
 */
export function formatReport(result: Comparison, labels: Labels, options: { verbose?: boolean; locate?: LocateChange } = {}): string {
  const section = (title: string, changes: Change[]): string[] =>
    changes.length === 0 ? [] : ['', `${title} (${changes.length}):`, ...changes.map((change) => block(change, options.locate))];
  const lines = [`Breaking-change check: ${labels.base} (${result.baseVersion}) → ${labels.head} (${result.headVersion})`];
  if (result.majorBump) {
    lines.push(...section(`Breaking changes ALLOWED by the major version bump ${result.baseVersion} → ${result.headVersion}`, result.breaking));
  } else {
    lines.push(...section('BREAKING changes', result.breaking));
  }
  if (options.verbose) lines.push(...section('Non-breaking changes', result.info));
  else if (result.info.length > 0) lines.push('', `Non-breaking changes: ${result.info.length} (--verbose lists them).`);
  lines.push('');
  if (result.breaking.length === 0) {
    lines.push('OK: no breaking change.');
    lines.push(...minorHint(result));
  } else if (result.majorBump) {
    lines.push(`OK: ${result.breaking.length} breaking change(s), allowed because the major version increased.`);
  } else {
    const next = (majorOf(result.headVersion) ?? majorOf(result.baseVersion) ?? 0) + 1;
    lines.push(
      `FAILED: ${result.breaking.length} breaking change(s) against ${result.baseVersion}.`,
      `Restore compatibility, or, if the break is intended, raise the major version in info.version (e.g. to ${next}.0.0).`,
    );
  }
  return lines.join('\n');
}

/**
 * An added operation is a minor release (new endpoints are backward compatible): said while the
 * version is still the base's, so whoever releases raises the minor version, not only the patch.
 */
function minorHint(result: Comparison): string[] {
  const added = result.info.filter((change) => change.rule === 'operation-added');
  if (added.length === 0 || result.headVersion !== result.baseVersion) return [];
  const match = /^v?(\d+)\.(\d+)/.exec(result.headVersion.trim());
  const next = match ? `${match[1] ?? ''}.${Number(match[2]) + 1}.0` : 'the next minor version';
  return [
    `Hint: ${added.length} operation(s) added (${added.map((change) => change.location).join(', ')}): ` +
      `raise the minor version in info.version (e.g. to ${next}) when this is released.`,
  ];
}
