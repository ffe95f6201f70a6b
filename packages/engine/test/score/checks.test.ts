// Every rubric check: pass, partial, fail and na where the rule has them, with hand-computed points.

import { describe, expect, it } from 'vitest';
import {
  checkAiAgentsAllowed,
  checkAuthorAndDate,
  checkCanonical,
  checkCitations,
  checkHeadings,
  checkIndexable,
  checkKeywordStuffing,
  checkLang,
  checkLength,
  checkListsOrTables,
  checkMetaDescription,
  checkQuotation,
  checkReadable,
  checkSchemaPresent,
  checkSchemaProperties,
  checkServerRenderedContent,
  checkStatistics,
  checkTitle,
} from '../../src/score/index.js';
import { rerenderedA3 } from '../../src/score/checks/access.js';
import type { CheckResult, StructuredDataProblem, StructuredItem } from '../../src/types.js';
import { facts } from '../analyse/helpers.js';

const outcome = (r: CheckResult) => [r.status, r.earned, r.max];

describe('A1 indexable', () => {
  it('passes without blocking directives (6/6)', () => {
    expect(outcome(checkIndexable(facts({ robotsDirectives: ['nofollow', 'max-snippet:50'] })))).toEqual(['pass', 6, 6]);
  });
  it.each([['noindex'], ['none'], ['nosnippet'], ['max-snippet:0']])('fails on %s (0/6)', (d) => {
    const r = checkIndexable(facts({ robotsDirectives: [d] }));
    expect(outcome(r)).toEqual(['fail', 0, 6]);
    expect(r.fix).not.toBeNull();
  });
  it('gives 3 of 6 when only a named crawler is blocked', () => {
    expect(outcome(checkIndexable(facts({ robotsDirectives: ['googlebot: noindex'] })))).toEqual(['partial', 3, 6]);
  });
});

describe('A2 AI agents allowed', () => {
  const access = (allowed: number, total = 8) => Object.fromEntries(Array.from({ length: total }, (_, i) => [`Agent${i}`, i < allowed]));
  it('passes with all 8 allowed (6)', () => expect(outcome(checkAiAgentsAllowed(facts({ aiAgentAccess: access(8) })))).toEqual(['pass', 6, 6]));
  it('gives 6 × 7/8 = 5.25 → 5.5 (nearest half point)', () =>
    expect(outcome(checkAiAgentsAllowed(facts({ aiAgentAccess: access(7) })))).toEqual(['partial', 5.5, 6]));
  it('gives 6 × 5/8 = 3.75 → 4', () => expect(outcome(checkAiAgentsAllowed(facts({ aiAgentAccess: access(5) })))).toEqual(['partial', 4, 6]));
  it('gives 6 × 1/8 = 0.75 → 1', () => expect(outcome(checkAiAgentsAllowed(facts({ aiAgentAccess: access(1) })))).toEqual(['partial', 1, 6]));
  it('fails with none allowed', () => {
    const r = checkAiAgentsAllowed(facts({ aiAgentAccess: access(0) }));
    expect(outcome(r)).toEqual(['fail', 0, 6]);
    expect(r.evidence).toContain('Agent0');
  });
  it('is na without agents', () => expect(outcome(checkAiAgentsAllowed(facts({ aiAgentAccess: {} })))).toEqual(['na', 0, 6]));
});

describe('A3 content in server HTML', () => {
  it('passes at 150 words', () => expect(outcome(checkServerRenderedContent(facts({ wordCount: 150 })))).toEqual(['pass', 5, 5]));
  it('does not apply at 149 words without a rendering: whether scripts add more is not measured', () =>
    expect(outcome(checkServerRenderedContent(facts({ wordCount: 149 })))).toEqual(['na', 0, 5]));
  it('with a rendering: fails when scripts add the content, passes when they add none, keeps a pass', () => {
    const short = checkServerRenderedContent(facts({ wordCount: 84 }));
    expect(outcome(rerenderedA3(short, 84, 84, false))).toEqual(['pass', 5, 5]);
    const built = rerenderedA3(short, 12, 900, true);
    expect(outcome(built)).toEqual(['fail', 0, 5]);
    expect(built.fix).toMatch(/Render the main content on the server/);
    expect(rerenderedA3(short, 84, 84, false).fix).toBeNull();
    const long = checkServerRenderedContent(facts({ wordCount: 400 }));
    expect(rerenderedA3(long, 400, 410, false)).toBe(long);
  });
});

describe('A4 canonical', () => {
  const c = (href: string, resolved: string | null, source: 'html' | 'header' = 'html') => ({ href, resolved, absolute: /^https?:/.test(href), source });
  const self = 'https://www.example.com/page';
  it('is na without a canonical', () => expect(outcome(checkCanonical(facts({ canonicals: [] })))).toEqual(['na', 0, 3]));
  it('passes on its own absolute URL, also declared twice the same', () => {
    expect(outcome(checkCanonical(facts({ canonicals: [c(self, self), c(self, self, 'header')] })))).toEqual(['pass', 3, 3]);
  });
  it('gives 1.5 for a relative canonical', () => expect(outcome(checkCanonical(facts({ canonicals: [c('/page', self)] })))).toEqual(['partial', 1.5, 3]));
  it('gives 1.5 for another page of the site', () => {
    expect(outcome(checkCanonical(facts({ canonicals: [c('https://example.com/other', 'https://example.com/other')] })))).toEqual(['partial', 1.5, 3]);
  });
  it('fails on an invalid URL', () => expect(outcome(checkCanonical(facts({ canonicals: [c('mailto:x', null)] })))).toEqual(['fail', 0, 3]));
  it('fails on conflicting canonicals', () => {
    expect(outcome(checkCanonical(facts({ canonicals: [c(self, self), c('https://www.example.com/b', 'https://www.example.com/b')] })))).toEqual([
      'fail',
      0,
      3,
    ]);
  });
  // Cross-domain canonicals are legitimate (Google supports them): the page names another URL.
  it('gives partial 1.5 for a canonical on another site', () =>
    expect(outcome(checkCanonical(facts({ canonicals: [c('https://other.com/page', 'https://other.com/page')] })))).toEqual(['partial', 1.5, 3]));
  it('fails on the site root from a deeper page, passes on the root itself', () => {
    const root = 'https://www.example.com/';
    expect(outcome(checkCanonical(facts({ canonicals: [c(root, root)] })))).toEqual(['fail', 0, 3]);
    expect(outcome(checkCanonical(facts({ finalUrl: root, canonicals: [c(root, root)] })))).toEqual(['pass', 3, 3]);
  });
});

describe('E1 attributed quotation', () => {
  it('passes with one attributed quotation (10)', () =>
    expect(outcome(checkQuotation(facts({ quotations: { total: 2, attributed: 1 } })))).toEqual(['pass', 10, 10]));
  it('fails with unattributed quotations only', () => {
    const r = checkQuotation(facts({ quotations: { total: 2, attributed: 0 } }));
    expect(outcome(r)).toEqual(['fail', 0, 10]);
    expect(r.evidence).toBe('2 quotations but none attributed to a named source.');
  });
  it('fails without quotations', () =>
    expect(checkQuotation(facts({ quotations: { total: 0, attributed: 0 } })).evidence).toBe('No quotation of 6 words or more in the main content.'));
});

describe('E2 statistics', () => {
  // rate = statistics × 500 ÷ max(words, 500)
  it('passes at 6 in 1000 words (rate 3.0)', () => expect(outcome(checkStatistics(facts({ statistics: 6, wordCount: 1000 })))).toEqual(['pass', 10, 10]));
  it('gives half at 5 in 1000 words (rate 2.5)', () => expect(outcome(checkStatistics(facts({ statistics: 5, wordCount: 1000 })))).toEqual(['partial', 5, 10]));
  it('gives half at 2 in 1000 words (rate 1.0)', () => expect(outcome(checkStatistics(facts({ statistics: 2, wordCount: 1000 })))).toEqual(['partial', 5, 10]));
  it('fails at 1 in 1000 words (rate 0.5)', () => expect(outcome(checkStatistics(facts({ statistics: 1, wordCount: 1000 })))).toEqual(['fail', 0, 10]));
  it('judges short pages as 500 words: 3 in 200 words pass, 1 half, 0 fail', () => {
    expect(outcome(checkStatistics(facts({ statistics: 3, wordCount: 200 })))).toEqual(['pass', 10, 10]);
    expect(outcome(checkStatistics(facts({ statistics: 1, wordCount: 200 })))).toEqual(['partial', 5, 10]);
    expect(outcome(checkStatistics(facts({ statistics: 0, wordCount: 200 })))).toEqual(['fail', 0, 10]);
  });
});

describe('E3 citations', () => {
  it('passes with 2', () => expect(outcome(checkCitations(facts({ citations: 2 })))).toEqual(['pass', 10, 10]));
  it('gives half with 1', () => expect(outcome(checkCitations(facts({ citations: 1 })))).toEqual(['partial', 5, 10]));
  it('fails with 0', () => expect(outcome(checkCitations(facts({ citations: 0 })))).toEqual(['fail', 0, 10]));
});

describe('E4 keyword stuffing', () => {
  it('passes at exactly 5%', () => {
    expect(outcome(checkKeywordStuffing(facts({ wordCount: 200, topContentWord: { word: 'seo', count: 10, share: 0.05 } })))).toEqual(['pass', 5, 5]);
  });
  it('fails above 5%', () => {
    const r = checkKeywordStuffing(facts({ wordCount: 200, topContentWord: { word: 'seo', count: 11, share: 0.055 } }));
    expect(outcome(r)).toEqual(['fail', 0, 5]);
    expect(r.evidence).toBe('Most frequent content word: "seo", 11 times (5.5% of 200 words).');
  });
  it('is na under 150 words', () => expect(outcome(checkKeywordStuffing(facts({ wordCount: 149 })))).toEqual(['na', 0, 5]));
});

describe('R1 readable', () => {
  const r = (english: boolean, flesch: number | null, mean: number | null, sentences = 10) =>
    checkReadable(facts({ readability: { english, fleschReadingEase: flesch, meanSentenceLength: mean, sentenceCount: sentences } }));
  it('passes English at Flesch 50 and 25 words per sentence', () => expect(outcome(r(true, 50, 25))).toEqual(['pass', 6, 6]));
  it('gives 3 when only one English criterion holds', () => {
    expect(outcome(r(true, 49.9, 12))).toEqual(['partial', 3, 6]);
    expect(outcome(r(true, 70, 25.1))).toEqual(['partial', 3, 6]);
  });
  it('fails English when neither holds', () => expect(outcome(r(true, 30, 30))).toEqual(['fail', 0, 6]));
  it('judges other languages by sentence length only', () => {
    expect(outcome(r(false, null, 18))).toEqual(['pass', 6, 6]);
    expect(outcome(r(false, null, 26))).toEqual(['fail', 0, 6]);
  });
  it('is na under 3 sentences', () => expect(outcome(r(true, 80, 10, 2))).toEqual(['na', 0, 6]));
});

describe('R2 headings', () => {
  const h = (...levels: number[]) => checkHeadings(facts({ headings: levels.map((level) => ({ level, text: `H${level}` })) }));
  it('passes: one H1, H2s, no skips (6)', () => expect(outcome(h(1, 2, 3, 2, 3))).toEqual(['pass', 6, 6]));
  it('gives 4 with two H1s', () => expect(outcome(h(1, 2, 1, 2))).toEqual(['partial', 4, 6]));
  it('gives 4 with a skipped level', () => {
    const r = h(1, 2, 4);
    expect(outcome(r)).toEqual(['partial', 4, 6]);
    expect(r.evidence).toContain('H2→H4');
  });
  it('gives 4 with one H1 only: 2 (one H1) + 2 (no skip) + 0 (no H2)', () => expect(outcome(h(1))).toEqual(['partial', 4, 6]));
  it('gives 4 with H2s but no H1, none skipped', () => expect(outcome(h(2, 3))).toEqual(['partial', 4, 6]));
  it('fails: no H1, a skip, no H2', () => expect(outcome(h(3, 5))).toEqual(['fail', 0, 6]));
  it('gives 2 with no headings at all (nothing skipped)', () => expect(outcome(h())).toEqual(['partial', 2, 6]));
});

describe('R3 lists or tables', () => {
  it('is na at 300 words', () => expect(outcome(checkListsOrTables(facts({ wordCount: 300, listsAndTables: 0 })))).toEqual(['na', 0, 4]));
  it('passes over 300 words with one', () => expect(outcome(checkListsOrTables(facts({ wordCount: 301, listsAndTables: 1 })))).toEqual(['pass', 4, 4]));
  it('fails over 300 words without', () => expect(outcome(checkListsOrTables(facts({ wordCount: 301, listsAndTables: 0 })))).toEqual(['fail', 0, 4]));
});

describe('R4 length', () => {
  it('passes at 300', () => expect(outcome(checkLength(facts({ wordCount: 300 })))).toEqual(['pass', 4, 4]));
  it('fails at 299', () => expect(outcome(checkLength(facts({ wordCount: 299 })))).toEqual(['fail', 0, 4]));
});

const item = (types: string[], properties: string[], schema = true, validation: Partial<StructuredItem> = {}): StructuredItem => ({
  syntax: 'json-ld',
  types,
  schemaOrgTypes: schema ? types : [],
  properties,
  richResult: null,
  errors: [],
  warnings: [],
  ...validation,
});
const problem = (code: StructuredDataProblem['code'], property: string | null, message: string): StructuredDataProblem => ({ code, property, message });

describe('M1 schema present', () => {
  it('passes with schema.org markup', () => {
    const r = checkSchemaPresent(facts({ hasSchema: true, structuredData: [item(['Article'], [])] }));
    expect(outcome(r)).toEqual(['pass', 8, 8]);
    expect(r.evidence).toBe('schema.org markup found (json-ld).');
  });
  it('fails without, saying other vocabularies do not count', () => {
    const r = checkSchemaPresent(facts({ hasSchema: false, structuredData: [item(['Offering'], [], false)] }));
    expect(outcome(r)).toEqual(['fail', 0, 8]);
    expect(r.evidence).toContain('other vocabularies');
  });
});

describe('M2 rich-result items valid', () => {
  const m2 = (...items: StructuredItem[]) => checkSchemaProperties(facts({ hasSchema: items.some((i) => i.schemaOrgTypes.length > 0), structuredData: items }));
  const missingName = problem('missing_required', 'name', 'Product: the property name is required');
  const badDate = problem('invalid_value', 'datePublished', 'datePublished: “yesterday” is not an ISO 8601 date (YYYY-MM-DD)');
  it('is na without schema', () => expect(outcome(m2())).toEqual(['na', 0, 5]));
  it('is na with no item of a rich-result type', () => {
    const r = m2(item(['WebSite'], ['name'], true, { errors: [problem('unknown_property', 'foo', 'foo: foo is not a schema.org property')] }));
    expect(outcome(r)).toEqual(['na', 0, 5]);
  });
  it('passes when every rich-result item is valid; missing recommended properties are counted, not penalised', () => {
    const r = m2(
      item(['BlogPosting'], ['headline'], true, {
        richResult: 'Article',
        warnings: [problem('missing_recommended', 'image', 'Article: the property image is recommended')],
      }),
      item(['Organization'], ['name', 'url'], true, { richResult: 'Organization' }),
    );
    expect(outcome(r)).toEqual(['pass', 5, 5]);
    expect(r.evidence).toBe('2 of 2 rich-result items valid (BlogPosting (JSON-LD), Organization (JSON-LD)); 1 recommended property missing.');
    expect(r.fix).toBeNull();
  });
  it('gives 2.5 when at least half are valid (1 of 2), quoting the errors', () => {
    const r = m2(
      item(['Article'], ['headline'], true, { richResult: 'Article', errors: [badDate] }),
      item(['Organization'], ['name'], true, { richResult: 'Organization' }),
    );
    expect(outcome(r)).toEqual(['partial', 2.5, 5]);
    expect(r.evidence).toBe('1 of 2 rich-result items valid. Article (JSON-LD): datePublished: “yesterday” is not an ISO 8601 date (YYYY-MM-DD).');
    expect(r.fix).toBe(
      'Correct the structured data so that each item validates: Article (JSON-LD): datePublished: “yesterday” is not an ISO 8601 date (YYYY-MM-DD).',
    );
  });
  it('fails when fewer than half are valid (1 of 3), showing three errors per item and counting the rest', () => {
    const many = [missingName, badDate, missingName, badDate];
    const r = m2(
      item(['Product'], [], true, { richResult: 'Product', syntax: 'microdata', errors: many }),
      item(['Product'], [], true, { richResult: 'Product', errors: [missingName] }),
      item(['BreadcrumbList'], ['itemListElement'], true, { richResult: 'BreadcrumbList' }),
    );
    expect(outcome(r)).toEqual(['fail', 0, 5]);
    expect(r.evidence).toBe(
      '1 of 3 rich-result items valid. Product (Microdata): Product: the property name is required; ' +
        'datePublished: “yesterday” is not an ISO 8601 date (YYYY-MM-DD); Product: the property name is required; and 1 more. ' +
        'Product (JSON-LD): Product: the property name is required.',
    );
  });
});

describe('M3 title', () => {
  it('passes at 10 and 70 characters', () => {
    expect(outcome(checkTitle(facts({ title: 'x'.repeat(10) })))).toEqual(['pass', 3, 3]);
    expect(outcome(checkTitle(facts({ title: 'x'.repeat(70) })))).toEqual(['pass', 3, 3]);
  });
  it('gives 1.5 at 9 or 71 characters', () => {
    expect(outcome(checkTitle(facts({ title: 'x'.repeat(9) })))).toEqual(['partial', 1.5, 3]);
    expect(outcome(checkTitle(facts({ title: 'x'.repeat(71) })))).toEqual(['partial', 1.5, 3]);
  });
  it('fails without a title', () => expect(outcome(checkTitle(facts({ title: null })))).toEqual(['fail', 0, 3]));
});

describe('M4 meta description', () => {
  it('passes when present', () => expect(outcome(checkMetaDescription(facts({ metaDescription: 'Hi.' })))).toEqual(['pass', 3, 3]));
  it('fails when missing or blank', () => {
    expect(outcome(checkMetaDescription(facts({ metaDescription: null })))).toEqual(['fail', 0, 3]);
    expect(outcome(checkMetaDescription(facts({ metaDescription: ' ' })))).toEqual(['fail', 0, 3]);
  });
});

describe('M5 lang', () => {
  it('passes on a valid tag', () => expect(outcome(checkLang(facts({ lang: 'pt-BR' })))).toEqual(['pass', 2, 2]));
  it('fails on an invalid or missing tag', () => {
    expect(checkLang(facts({ lang: 'en_US' })).evidence).toBe('lang="en_US" is not a valid BCP 47 language tag.');
    expect(outcome(checkLang(facts({ lang: null })))).toEqual(['fail', 0, 2]);
  });
});

describe('M6 author and date', () => {
  it('passes with both (4)', () => expect(outcome(checkAuthorAndDate(facts({ authorMarked: true, dateMarked: true })))).toEqual(['pass', 4, 4]));
  it('gives 2 with one', () => {
    expect(outcome(checkAuthorAndDate(facts({ authorMarked: true, dateMarked: false })))).toEqual(['partial', 2, 4]);
    expect(outcome(checkAuthorAndDate(facts({ authorMarked: false, dateMarked: true })))).toEqual(['partial', 2, 4]);
  });
  it('fails with neither', () => expect(outcome(checkAuthorAndDate(facts({ authorMarked: false, dateMarked: false })))).toEqual(['fail', 0, 4]));
});
