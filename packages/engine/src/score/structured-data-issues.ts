// Page issues from structured-data validation: one issue per item with errors
// (`structured_data_invalid`) and per item with warnings only about Google's recommended
// properties (`structured_data_incomplete`), at most MAX_ITEM_ISSUES of each, and one
// `structured_data_unreadable` for JSON-LD blocks that could not be read at all.

import type { PageIssue, StructuredItem } from '../types.js';
import { issue } from './issue-codes.js';

const MAX_ITEM_ISSUES = 20;
const MAX_PROBLEMS_SHOWN = 5;

const SYNTAX_NAMES: Record<StructuredItem['syntax'], string> = { 'json-ld': 'JSON-LD', microdata: 'Microdata', rdfa: 'RDFa' };

export function structuredDataIssues(items: readonly StructuredItem[], unreadableBlocks: readonly string[]): PageIssue[] {
  const out: PageIssue[] = [];
  if (unreadableBlocks.length > 0) out.push(issue('structured_data_unreadable', listed(unreadableBlocks)));
  const invalid = items.filter((i) => i.errors.length > 0);
  for (const item of invalid.slice(0, MAX_ITEM_ISSUES)) {
    out.push(issue('structured_data_invalid', `${itemLabel(item)}: ${listed(item.errors.map((e) => e.message))}`));
  }
  const incomplete = items.filter((i) => i.errors.length === 0 && i.warnings.length > 0);
  for (const item of incomplete.slice(0, MAX_ITEM_ISSUES)) {
    out.push(issue('structured_data_incomplete', `${itemLabel(item)}: ${listed(item.warnings.map((w) => w.message))}`));
  }
  return out;
}

function itemLabel(item: StructuredItem): string {
  const types = item.schemaOrgTypes.length > 0 ? item.schemaOrgTypes : item.types;
  return `${types.join(', ') || 'An item without a type'} (${SYNTAX_NAMES[item.syntax]})`;
}

/** Messages joined as sentences, the first few shown and the rest counted. */
function listed(messages: readonly string[]): string {
  const shown = messages
    .slice(0, MAX_PROBLEMS_SHOWN)
    .map((m) => (/[.!?]$/.test(m) ? m : `${m}.`))
    .join(' ');
  const more = messages.length - MAX_PROBLEMS_SHOWN;
  return more > 0 ? `${shown} And ${more} more.` : shown;
}
