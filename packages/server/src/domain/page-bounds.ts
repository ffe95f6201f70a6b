// A page of an audit held to the bounds the spec's AuditPage puts on what the pages list may carry.
// A page may say anything (a title of thousands of characters, hundreds of schema.org types), and
// what is stored is listed, compared and exported as it is, so it is cut before it is stored, with
// "…" ending each text that was cut and a `values_truncated` issue naming what was. The checks that
// judge a value saw all of it: a title that long is still `title_too_long`, its length told in full.
import { ISSUE_CODES, type PageIssue } from '@seo-geo/engine';
import { contractBounds } from '@seo-geo/types/bounds';
import { fitToContract, type Cut } from './fit-to-contract.js';

const MAX_ISSUES = contractBounds.AuditPage.properties.issues.maxItems;

/** `page` (any of AuditPage's fields) within the contract's bounds, with a `values_truncated` issue when anything was cut. */
export function fitPage<T extends { issues?: PageIssue[] }>(page: T): T {
  const { value, cuts } = fitToContract('AuditPage', page);
  if (cuts.length === 0) return value;
  // The last of a full list gives way to the issue that says what was cut.
  return { ...value, issues: [...(value.issues ?? []).slice(0, MAX_ISSUES - 1), truncatedIssue(cuts)] };
}

/** Each value cut, by its place in the page (list positions left out), and its size. */
function truncatedIssue(cuts: readonly Cut[]): PageIssue {
  const byPlace = new Map<string, Cut[]>();
  for (const cut of cuts) {
    const place = cut.path.replace(/\[\d+\]/g, '[]');
    byPlace.set(place, [...(byPlace.get(place) ?? []), cut]);
  }
  const parts = [...byPlace].map(([place, found]) => `${place} (${describe(found)})`);
  return {
    code: 'values_truncated',
    severity: ISSUE_CODES.values_truncated,
    message: `Values longer than the API returns were cut where they are stored, each text ending with “…”: ${parts.join('; ')}.`,
  };
}

function describe(cuts: readonly Cut[]): string {
  const [first] = cuts as [Cut, ...Cut[]];
  const n = (value: number) => value.toLocaleString('en');
  const longest = Math.max(...cuts.map((cut) => cut.was));
  if (first.unit === 'url') return `${cuts.length === 1 ? 'a URL' : `${n(cuts.length)} URLs`} of up to ${n(longest)} characters left out`;
  const size = cuts.length === 1 ? `${n(first.was)} ${first.unit}` : `${n(cuts.length)} values of up to ${n(longest)} ${first.unit}`;
  return `${size}, ${n(first.kept)} kept`;
}
