// M: machine-readable metadata.

import type { CheckResult, StructuredItem } from '../../types.js';
import { isValidLanguageTag } from '../../analyse/head/language.js';
import type { PageFacts } from '../../analyse/facts.js';
import { characterCount } from '../characters.js';
import { MESSAGES } from '../messages.js';
import { CHECKS } from '../rubric.js';
import { fail, notApplicable, partial, pass } from '../result.js';

/** M1 (8): at least one schema.org item in JSON-LD, Microdata or RDFa. pass 8, else fail 0. */
export function checkSchemaPresent(f: Pick<PageFacts, 'hasSchema' | 'structuredData'>): CheckResult {
  const def = CHECKS.M1;
  if (f.hasSchema) {
    const syntaxes = [...new Set(f.structuredData.filter((i) => i.schemaOrgTypes.length > 0).map((i) => i.syntax))];
    return pass(def, `schema.org markup found (${syntaxes.join(', ')}).`);
  }
  const other = f.structuredData.length > 0 ? ' Markup of other vocabularies does not count.' : '';
  return fail(def, `No schema.org markup.${other}`, 'Describe the page with schema.org JSON-LD (Article, Product, Organization, ...).');
}

const SYNTAX_NAMES: Record<StructuredItem['syntax'], string> = { 'json-ld': 'JSON-LD', microdata: 'Microdata', rdfa: 'RDFa' };

/** Errors quoted per item in the evidence; the page issues list them all. */
const ERRORS_SHOWN = 3;

function itemLabel(item: StructuredItem): string {
  return `${item.schemaOrgTypes.join('/')} (${SYNTAX_NAMES[item.syntax]})`;
}

/**
 * M2 (5): the schema.org items that are candidates for one of Google's rich results (Article,
 * Product, Recipe, FAQPage, BreadcrumbList, Organization, LocalBusiness, Event, JobPosting,
 * VideoObject, Review, and their subtypes) are valid: no structured-data errors — invalid JSON,
 * a type or property schema.org does not define, a value of the wrong type, or a property Google
 * requires for that rich result. Missing recommended properties are warnings and do not count.
 * na — no schema.org markup, or no item of those types;
 * pass 5 — every such item is valid; partial 2.5 — at least half are; fail 0 — fewer than half.
 */
export function checkSchemaProperties(f: Pick<PageFacts, 'hasSchema' | 'structuredData'>): CheckResult {
  const def = CHECKS.M2;
  if (!f.hasSchema) return notApplicable(def, 'No schema.org markup to check.');
  const candidates = f.structuredData.filter((i) => i.richResult !== null);
  if (candidates.length === 0) {
    return notApplicable(def, 'No item of a type Google shows as a rich result (Article, Product, Organization, Event, …).');
  }
  const invalid = candidates.filter((i) => i.errors.length > 0);
  const valid = candidates.length - invalid.length;
  const share = valid / candidates.length;
  const checked = `${valid} of ${candidates.length} rich-result item${candidates.length === 1 ? '' : 's'} valid`;
  if (invalid.length === 0) {
    const warnings = candidates.reduce((n, i) => n + i.warnings.length, 0);
    const note = warnings > 0 ? `; ${warnings} recommended propert${warnings === 1 ? 'y' : 'ies'} missing` : '';
    return pass(def, `${checked} (${candidates.map(itemLabel).join(', ')})${note}.`);
  }
  const problems = invalid.map((i) => {
    const shown = i.errors
      .slice(0, ERRORS_SHOWN)
      .map((e) => e.message)
      .join('; ');
    const more = i.errors.length > ERRORS_SHOWN ? `; and ${i.errors.length - ERRORS_SHOWN} more` : '';
    return `${itemLabel(i)}: ${shown}${more}`;
  });
  const evidence = `${checked}. ${problems.join('. ')}.`;
  const fix = `Correct the structured data so that each item validates: ${problems.join('. ')}.`;
  if (share >= 0.5) return partial(def, 2.5, evidence, fix);
  return fail(def, evidence, fix);
}

/** M3 (3): title of 10..70 characters pass 3; any other non-empty title partial 1.5; none fail 0. */
export function checkTitle(f: Pick<PageFacts, 'title'>): CheckResult {
  const def = CHECKS.M3;
  const title = f.title?.trim() ?? '';
  if (title === '') return fail(def, MESSAGES.titleMissing, 'Add a descriptive <title> of 10 to 70 characters.');
  const n = characterCount(title);
  if (n >= 10 && n <= 70) return pass(def, `Title of ${n} characters.`);
  return partial(
    def,
    1.5,
    `Title of ${n} characters (10 to 70 recommended).`,
    n < 10 ? 'Make the title more descriptive (10 characters or more).' : 'Shorten the title to 70 characters or fewer.',
  );
}

/** M4 (3): a non-empty meta description. pass 3, else fail 0. */
export function checkMetaDescription(f: Pick<PageFacts, 'metaDescription'>): CheckResult {
  const def = CHECKS.M4;
  if (f.metaDescription && f.metaDescription.trim() !== '') return pass(def, `Meta description of ${characterCount(f.metaDescription)} characters.`);
  return fail(def, MESSAGES.metaDescriptionMissing, 'Add a <meta name="description"> summarising the page in one or two sentences.');
}

/** M5 (2): `lang` on <html> is a well-formed BCP 47 tag. pass 2, else fail 0. */
export function checkLang(f: Pick<PageFacts, 'lang'>): CheckResult {
  const def = CHECKS.M5;
  if (isValidLanguageTag(f.lang)) return pass(def, `lang="${f.lang!.trim()}".`);
  const evidence = f.lang === null || f.lang.trim() === '' ? 'No lang attribute on <html>.' : `lang="${f.lang}" is not a valid BCP 47 language tag.`;
  return fail(def, evidence, 'Set <html lang> to the page’s language, e.g. lang="en" or lang="de-CH".');
}

/** M6 (4): author and date given in markup or <time>. Both pass 4; one partial 2; none fail 0. */
export function checkAuthorAndDate(f: Pick<PageFacts, 'authorMarked' | 'dateMarked'>): CheckResult {
  const def = CHECKS.M6;
  if (f.authorMarked && f.dateMarked) return pass(def, 'Author and date are marked up.');
  if (f.authorMarked) return partial(def, 2, 'Author marked up, no date.', 'Show the publication date in a <time datetime> element or as datePublished.');
  if (f.dateMarked) return partial(def, 2, 'Date marked up, no author.', 'Name the author (schema.org author, <meta name="author"> or a byline).');
  return fail(def, 'Neither author nor date is marked up.', 'Name the author and show the date (schema.org author and datePublished, or a byline and <time>).');
}
