// A group's or a corporation's name that carries a tracked brand's name, its form after it (`the
// Chamberlain Group`, `Polaris Inc.`, `Kohler Co.`), names the group behind the brand, or another
// company with its letters, not the brand a reader tracks: the labelled answers list it as another
// brand, where it stands, and do not count the tracked name in it as a mention (analyse-brands.ts,
// rules 1 and 3). Not a company's legal form (`Kärcher SE`, `Munich Re AG`), which is the brand's
// own company, nor a group's noun in lower case before the name in French, Spanish or Italian (`le
// groupe Clariane`, `il gruppo Nolan`), a common noun a reader reads as `the company`; written as
// its name's first word (`Grupo Bimbo`, `Groupe SEB`), the noun is the group's name. Measured on
// every development brand set at once: four more groups found, four mentions no longer counted in
// them, positions 82.27 -> 82.44% over all sets; one older label reads `Grupo Santander` as Santander.
import type { BrandCandidate } from './name-shape.js';
import type { Span } from './fold.js';

/** A group's or a corporation's form right after the name: `Swatch Group`, `Polaris Inc.`, `Kohler Co.`. */
const FORM_AFTER = /^[ \t]+(?:Group|Groupe|Gruppe|Holdings?|Inc\.?|Co\.|Corp\.?|Corporation|Industries)(?![\p{L}\p{N}])/u;

/**
 * A group's noun written as its name's first word right before the name (`Grupo Bimbo`, `Groupe
 * SEB`, `Gruppo Campari`): capitalised inside a sentence, it is the group's own name, where `le
 * groupe Clariane` is a common noun.
 */
const GROUP_BEFORE = /(?<![\p{L}\p{N}])(?:Grupo|Groupe|Gruppo|Gruppe)[ \t]+$/u;

/** The group's or company's name around a tracked brand's mention in `text`, or null. */
export function groupName(text: string, span: Span): BrandCandidate | null {
  const name = text.slice(span.start, span.end);
  const after = FORM_AFTER.exec(text.slice(span.end, span.end + 16));
  if (after !== null) return { name: `${name}${after[0]}`.replace(/\s+/gu, ' '), start: span.start };
  const before = GROUP_BEFORE.exec(text.slice(Math.max(0, span.start - 16), span.start));
  return before === null ? null : { name: `${before[0]}${name}`.replace(/\s+/gu, ' '), start: span.start - before[0].length };
}
