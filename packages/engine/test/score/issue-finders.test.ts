// The table of issue finders, keyed by code: the page checks it names are the ones pageIssues
// runs, the response's first, and every issue a page check reports carries a code the table gives
// to that very check.
import { expect, it } from 'vitest';
import type { PageFacts } from '../../src/analyse/facts.js';
import { ISSUE_FINDERS, PAGE_CHECKS } from '../../src/score/issue-finders.js';
import { redirects } from '../../src/score/page-issues/redirects.js';
import { unusableResponse } from '../../src/score/page-issues/unusable-response.js';
import { facts } from '../analyse/helpers.js';

const canonical = (href: string, resolved: string) => ({ href, resolved, absolute: /^https?:/.test(href), source: 'html' as const });

/** Pages with something wrong of most kinds a page check finds. */
const PAGES: PageFacts[] = [
  facts(),
  facts({
    title: null,
    metaDescription: '',
    headings: [{ level: 2, text: 'x' }],
    imagesWithoutAlt: 3,
    vagueLinkTexts: ['here'],
    robotsDirectives: ['noindex'],
  }),
  facts({ title: 'x'.repeat(200), titlePixelWidth: 2000, metaDescription: 'x'.repeat(300), robotsDirectives: ['googlebot: none'] }),
  facts({
    title: 'Short',
    metaDescription: 'Short.',
    headings: [
      { level: 1, text: 'a' },
      { level: 1, text: 'b' },
    ],
    wordCount: 12,
    charsetDeclaredBy: null,
  }),
  facts({ statusCode: 404, hasBody: true }),
  facts({ statusCode: 503, hasBody: true }),
  facts({ redirectChain: ['https://www.example.com/a', 'https://www.example.com/b'], finalUrl: 'https://www.example.com/b' }),
  facts({ statusCode: 0, hasBody: false, error: { code: 'timeout', message: 'no answer' } }),
  facts({ canonicals: [canonical('/relative', 'https://www.example.com/relative')] }),
  facts({
    canonicals: [canonical('https://www.example.com/a', 'https://www.example.com/a'), canonical('https://www.example.com/b', 'https://www.example.com/b')],
  }),
];

it('runs the response’s checks first', () => {
  expect(PAGE_CHECKS.slice(0, 2)).toEqual([redirects, unusableResponse]);
});

it('gives every issue a page check reports to that check', () => {
  const found = new Set<string>();
  for (const page of PAGES) {
    for (const check of PAGE_CHECKS) {
      const issue = check(page);
      if (issue === null) continue;
      found.add(issue.code);
      expect(ISSUE_FINDERS[issue.code as keyof typeof ISSUE_FINDERS], issue.code).toBe(check);
    }
  }
  // The pages above do reach most page checks, so the assertion is not vacuous.
  expect(found.size).toBeGreaterThanOrEqual(20);
});
