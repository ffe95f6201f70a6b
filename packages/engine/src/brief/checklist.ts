// The GEO checklist: one writer-facing item per rubric check. With audit data, the checks the
// site's pages fail most come first (ties in rubric order) and say how many pages fail them;
// without it, the checks worth most points come first (ties in rubric order).

import { CHECK_IDS, CHECKS } from '../score/rubric.js';
import type { CheckId } from '../score/rubric.js';
import { SCHEMA_KEY_PROPERTIES } from './schema-type.js';
import type { SitePage } from './types.js';

export interface ChecklistContext {
  schemaType: 'Product' | 'Article';
  targetWordCount: number;
  locale: string | undefined;
}

function itemText(id: CheckId, ctx: ChecklistContext): string {
  switch (id) {
    case 'A1':
      return 'Keep the page indexable and quotable: no noindex or nosnippet in meta robots or X-Robots-Tag.';
    case 'A2':
      return 'Let AI search and user agents (OAI-SearchBot, ChatGPT-User, Claude-SearchBot, PerplexityBot) fetch the page in robots.txt.';
    case 'A3':
      return 'Publish the text in the HTML itself (server-rendered), not loaded by JavaScript.';
    case 'A4':
      return 'Set the canonical to the page’s own absolute URL.';
    case 'E1':
      return 'Include at least one quotation from a named expert, attributed with name and role.';
    case 'E2':
      return 'Include statistics from primary sources: at least 3 per 500 words, each with its source.';
    case 'E3':
      return 'Link at least 2 primary sources on other sites where you use their facts.';
    case 'E4':
      return 'Write naturally: no content word above 3% of the text.';
    case 'R1':
      return 'Keep sentences short (25 words or fewer on average); in English aim for a Flesch reading ease of 50 or more.';
    case 'R2':
      return 'Use exactly one H1, H2 sections, and no skipped heading levels.';
    case 'R3':
      return 'Use lists or tables for steps, options and comparisons.';
    case 'R4':
      return `Write at least 300 words of main content (target for this piece: ${ctx.targetWordCount}).`;
    case 'M1':
      return `Add schema.org JSON-LD of type ${ctx.schemaType}.`;
    case 'M2':
      return `Give the ${ctx.schemaType} markup its key properties: ${SCHEMA_KEY_PROPERTIES[ctx.schemaType]}.`;
    case 'M3':
      return 'Write a title of 10 to 70 characters.';
    case 'M4':
      return 'Write a meta description that summarises the page.';
    case 'M5':
      return ctx.locale ? `Set <html lang="${ctx.locale}">.` : 'Set <html lang> to the page’s language.';
    case 'M6':
      return 'Show the author and the publication date (a byline and a <time> element, or author and datePublished markup).';
  }
}

export function geoChecklist(ctx: ChecklistContext, pages: readonly SitePage[] | undefined): Array<{ checkId: string; item: string }> {
  const failures = new Map<string, number>();
  for (const page of pages ?? []) {
    for (const id of new Set(page.failingChecks)) failures.set(id, (failures.get(id) ?? 0) + 1);
  }
  const rubricOrder = (id: CheckId) => CHECK_IDS.indexOf(id);
  const ordered = [...CHECK_IDS].sort((a, b) => {
    if (pages && pages.length > 0) {
      const diff = (failures.get(b) ?? 0) - (failures.get(a) ?? 0);
      if (diff !== 0) return diff;
    } else {
      const diff = CHECKS[b].max - CHECKS[a].max;
      if (diff !== 0) return diff;
    }
    return rubricOrder(a) - rubricOrder(b);
  });
  return ordered.map((id) => {
    const failing = failures.get(id) ?? 0;
    const note = failing > 0 ? ` Your site fails this on ${failing} of ${pages!.length} audited pages.` : '';
    return { checkId: id, item: itemText(id, ctx) + note };
  });
}
