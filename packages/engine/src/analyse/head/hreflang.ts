// hreflang alternates judged as Lighthouse's hreflang audit does: each value must be a language
// code or `x-default`, and each href a fully qualified http(s) URL (Google ignores relative ones
// in hreflang annotations). Lighthouse checks the primary language subtag against the ISO 639
// list; we check that the whole value is a well-formed BCP 47 tag with a 2–3 letter language
// (language.ts), which catches the real mistakes ("en_US", "english", "en-") without the registry.

import type { HreflangDeclaration } from './canonical.js';
import { isValidLanguageTag } from './language.js';

export interface HreflangProblem {
  hreflang: string;
  href: string;
  /** 'language': not a language code nor x-default; 'relative': href not an absolute http(s) URL. */
  reasons: Array<'language' | 'relative'>;
}

export function hreflangProblems(declarations: readonly HreflangDeclaration[]): HreflangProblem[] {
  const out: HreflangProblem[] = [];
  for (const d of declarations) {
    const reasons: HreflangProblem['reasons'] = [];
    const value = d.hreflang.trim();
    if (value.toLowerCase() !== 'x-default' && !isValidLanguageTag(value)) reasons.push('language');
    if (!/^https?:/i.test(d.href.trim())) reasons.push('relative');
    if (reasons.length > 0) out.push({ hreflang: d.hreflang, href: d.href, reasons });
  }
  return out;
}
