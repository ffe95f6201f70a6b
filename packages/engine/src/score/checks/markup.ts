// M: machine-readable metadata.

import type { CheckResult, StructuredItem } from '../../types.js';
import { isValidLanguageTag } from '../../analyse/language.js';
import type { PageFacts } from '../facts.js';
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

/** Key properties per type family (ENGINE.md). Subtypes inherit their family's requirements. */
export const KEY_PROPERTIES: ReadonlyArray<{ family: string; types: ReadonlySet<string>; properties: readonly string[] }> = [
  {
    family: 'Article',
    types: new Set([
      'Article', 'NewsArticle', 'BlogPosting', 'TechArticle', 'ScholarlyArticle', 'Report',
      'SocialMediaPosting', 'LiveBlogPosting', 'AnalysisNewsArticle', 'OpinionNewsArticle',
      'ReportageNewsArticle', 'ReviewNewsArticle', 'BackgroundNewsArticle', 'AskPublicNewsArticle',
      'SatiricalArticle', 'AdvertiserContentArticle', 'MedicalScholarlyArticle',
    ]),
    properties: ['headline', 'author', 'datePublished'],
  },
  {
    family: 'Organization',
    types: new Set([
      'Organization', 'Corporation', 'LocalBusiness', 'NGO', 'EducationalOrganization',
      'GovernmentOrganization', 'NewsMediaOrganization', 'OnlineBusiness', 'OnlineStore',
      'MedicalOrganization', 'SportsOrganization', 'Airline', 'Consortium', 'ProfessionalService',
      'Store', 'Restaurant', 'FinancialService', 'LegalService', 'HealthAndBeautyBusiness',
      'HomeAndConstructionBusiness', 'AutomotiveBusiness', 'FoodEstablishment', 'LodgingBusiness',
      'ResearchOrganization', 'PerformingGroup', 'Library', 'CollegeOrUniversity', 'School',
    ]),
    properties: ['name', 'url'],
  },
  {
    family: 'Product',
    types: new Set(['Product', 'ProductGroup', 'ProductModel', 'IndividualProduct', 'SomeProducts', 'Vehicle', 'Car']),
    properties: ['name', 'offers'],
  },
  { family: 'BreadcrumbList', types: new Set(['BreadcrumbList']), properties: ['itemListElement'] },
];

function familyOf(item: StructuredItem): (typeof KEY_PROPERTIES)[number] | null {
  for (const t of item.schemaOrgTypes) for (const fam of KEY_PROPERTIES) if (fam.types.has(t)) return fam;
  return null;
}

/**
 * M2 (5): schema.org items of the rubric's types carry their key properties.
 * Every schema.org item whose type is in KEY_PROPERTIES is evaluated; completeness = key
 * properties present ÷ key properties required, summed over those items.
 * na — no schema.org markup, or none of the rubric's types (nothing defined to check);
 * pass 5 — completeness 1; partial 2.5 — completeness ≥ 0.5; fail 0 — below 0.5.
 */
export function checkSchemaProperties(f: Pick<PageFacts, 'hasSchema' | 'structuredData'>): CheckResult {
  const def = CHECKS.M2;
  if (!f.hasSchema) return notApplicable(def, 'No schema.org markup to check.');
  let required = 0;
  let present = 0;
  const missing: string[] = [];
  const checked: string[] = [];
  for (const item of f.structuredData) {
    const fam = familyOf(item);
    if (!fam) continue;
    const type = item.schemaOrgTypes.find((t) => fam.types.has(t))!;
    checked.push(type);
    for (const p of fam.properties) {
      required++;
      if (item.properties.includes(p)) present++;
      else missing.push(`${type}.${p}`);
    }
  }
  if (required === 0) {
    return notApplicable(def, 'The markup has no Article, Organization, Product or BreadcrumbList item whose key properties the rubric defines.');
  }
  const completeness = present / required;
  const what = `${checked.join(', ')}: ${present} of ${required} key properties`;
  if (completeness === 1) return pass(def, `${what}.`);
  const fix = `Add the missing properties: ${missing.join(', ')}.`;
  if (completeness >= 0.5) return partial(def, 2.5, `${what}; missing ${missing.join(', ')}.`, fix);
  return fail(def, `${what}; missing ${missing.join(', ')}.`, fix);
}

/** M3 (3): title of 10..70 characters pass 3; any other non-empty title partial 1.5; none fail 0. */
export function checkTitle(f: Pick<PageFacts, 'title'>): CheckResult {
  const def = CHECKS.M3;
  const title = f.title?.trim() ?? '';
  if (title === '') return fail(def, 'The page has no title.', 'Add a descriptive <title> of 10 to 70 characters.');
  const n = [...title].length;
  if (n >= 10 && n <= 70) return pass(def, `Title of ${n} characters.`);
  return partial(def, 1.5, `Title of ${n} characters (10 to 70 recommended).`,
    n < 10 ? 'Make the title more descriptive (10 characters or more).' : 'Shorten the title to 70 characters or fewer.');
}

/** M4 (3): a non-empty meta description. pass 3, else fail 0. */
export function checkMetaDescription(f: Pick<PageFacts, 'metaDescription'>): CheckResult {
  const def = CHECKS.M4;
  if (f.metaDescription && f.metaDescription.trim() !== '') return pass(def, `Meta description of ${[...f.metaDescription].length} characters.`);
  return fail(def, 'No meta description.', 'Add a <meta name="description"> summarising the page in one or two sentences.');
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
