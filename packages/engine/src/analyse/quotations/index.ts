// Quotations of the main content (E1): quoting markup (<blockquote>, <q>) and quotations in prose.
// A markup quotation is attributed by its markup (../collectors/quotations.ts) or by its lead-in, the text
// before it, naming its source ("As Jane Doe explains:", "Jane:"; see attribution.ts). A prose quotation (prose-quotations.ts) whose text
// lies inside a markup quotation is that same quotation, not another one: it only lends its
// attribution ("“…,” she said" inside a <blockquote>).

import { markupAttributed } from './attribution.js';
import { findProseQuotations } from './prose-quotations.js';
import { quotationLanguage } from './speech-cues.js';

export { findProseQuotations } from './prose-quotations.js';
export type { ProseQuotation } from './prose-quotations.js';

export interface MarkupQuotation {
  attributed: boolean;
  text: string;
  leadIn: string;
}

export interface QuotationMeasure {
  total: number;
  attributed: number;
  /** The attributed quotations' text, in order, each cut to 120 characters. */
  examples: string[];
}

const SNIPPET = 120;

export function measureQuotations(markup: readonly MarkupQuotation[], text: string, pageLang: string | null): QuotationMeasure {
  const lang = quotationLanguage(text, pageLang);
  const units = markup.map((q) => ({ text: q.text, attributed: markupAttributed(q, lang) }));
  const markupCount = units.length;
  for (const prose of findProseQuotations(text, lang)) {
    const probe = prose.text.split(' … ')[0]!.slice(0, 60);
    let inside = false;
    for (let i = 0; i < markupCount; i++) {
      const unit = units[i]!;
      if (unit.text.includes(probe)) {
        inside = true;
        if (prose.attributed) unit.attributed = true;
        break;
      }
    }
    if (!inside) units.push({ text: prose.text, attributed: prose.attributed });
  }
  const attributed = units.filter((u) => u.attributed);
  return {
    total: units.length,
    attributed: attributed.length,
    examples: attributed.map((u) => (u.text.length > SNIPPET ? `${u.text.slice(0, SNIPPET - 1)}…` : u.text)),
  };
}
