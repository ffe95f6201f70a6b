import { describe, expect, it } from 'vitest';
import { buildBrief, renderDraft, GOALS } from '../../src/brief/index.js';
import type { BriefInput } from '../../src/brief/index.js';
import { readTopic } from '../../src/brief/topic.js';
import { CHECK_IDS } from '../../src/score/rubric.js';

const site: BriefInput['site'] = {
  primaryDomain: 'https://www.example.com',
  pages: [
    { url: 'https://www.example.com/herbs', title: 'Growing herbs on a windowsill', geoScore: 70, failingChecks: ['E1', 'E2'] },
    { url: 'https://www.example.com/fresh-herbs', title: 'Fresh herbs: storing and drying', geoScore: 40, failingChecks: ['E2', 'M6'] },
    { url: 'https://www.example.com/fresh', title: 'Fresh pasta at home', geoScore: 55, failingChecks: ['E2', 'M6', 'E2'] },
    { url: 'https://www.example.com/about', title: 'About us', geoScore: 90, failingChecks: [] },
    { url: 'https://www.example.com/untitled', title: null, geoScore: 10, failingChecks: ['M3'] },
  ],
};

const INPUTS: BriefInput[] = [
  { topic: 'How to store fresh herbs', audience: 'home cooks', goal: 'awareness', site },
  { topic: 'What is schema markup?', audience: 'small business owners', goal: 'consideration' },
  { topic: 'Shopify vs WooCommerce', audience: 'first-time shop owners', goal: 'consideration' },
  { topic: 'best running shoes 2025', audience: 'marathon beginners', goal: 'conversion' },
  { topic: 'Acme CRM pricing', audience: 'sales teams of 10 to 50 people', goal: 'conversion', locale: 'de-DE' },
  { topic: 'Composting in small gardens', audience: 'city gardeners', goal: 'retention' },
];

describe('readTopic', () => {
  it.each([
    ['How to store fresh herbs?', 'how-to', 'store fresh herbs'],
    ['What are webhooks', 'definition', 'webhooks'],
    ['Shopify versus WooCommerce', 'comparison', 'Shopify versus WooCommerce'],
    ['Top CRM tools', 'list', 'CRM tools'],
    ['Acme CRM pricing', 'product', 'Acme CRM pricing'],
    ['Composting in small gardens', 'general', 'Composting in small gardens'],
  ])('reads %s as %s', (topic, kind, subject) => {
    expect(readTopic(topic)).toMatchObject({ kind, subject });
  });
});

describe('buildBrief', () => {
  it('builds every part for a how-to topic with audit data', () => {
    const b = buildBrief(INPUTS[0]!);
    expect(b.workingTitle).toBe('How to store fresh herbs: a step-by-step guide for home cooks');
    expect(b.searchIntent).toBe('informational');
    expect(b.recommendedSchemaType).toBe('Article');
    expect(b.targetWordCount).toBe(1500);
    expect(b.questions[0]).toBe('What do you need before you store fresh herbs?');
    expect(b.questions).toContain('Where can home cooks learn more about how to store fresh herbs?');
    expect(b.outline.every((s) => (s.level === 2 || s.level === 3) && s.points.length > 0)).toBe(true);
    expect(b.outline[0]).toEqual({
      heading: 'The short answer',
      level: 2,
      points: ['Answer: summarise how to store fresh herbs in two or three sentences, for home cooks.'],
    });
    expect(b.outline.map((s) => s.heading)).toContain('What the evidence says');
    expect(b.outline.filter((s) => s.level === 3).map((s) => s.heading)).toContain(b.questions[0]);
  });

  it('ranks internal links by shared title words, then GEO score, then URL', () => {
    expect(buildBrief(INPUTS[0]!).internalLinks).toEqual([
      {
        url: 'https://www.example.com/fresh-herbs',
        title: 'Fresh herbs: storing and drying',
        reason: 'Its title shares the words fresh, herb with the topic.',
      },
      // one shared word each: the better GEO score (70) comes before 55
      { url: 'https://www.example.com/herbs', title: 'Growing herbs on a windowsill', reason: 'Its title shares the word herb with the topic.' },
      { url: 'https://www.example.com/fresh', title: 'Fresh pasta at home', reason: 'Its title shares the word fresh with the topic.' },
    ]);
  });

  it('puts the checks the site fails most first (counted once per page), then rubric order', () => {
    const list = buildBrief(INPUTS[0]!).geoChecklist;
    // E2 fails on 3 pages, M6 on 2, E1 on 1, M3 on 1 (E1 before M3 in rubric order).
    expect(list.map((i) => i.checkId).slice(0, 5)).toEqual(['E2', 'M6', 'E1', 'M3', 'A1']);
    expect(list[0]!.item).toBe(
      'Include statistics from primary sources: at least 3 per 500 words, each with its source. Your site fails this on 3 of 5 audited pages.',
    );
    expect(list.map((i) => i.checkId).sort()).toEqual([...CHECK_IDS].sort());
  });

  it('without audit data orders the checklist by points, and suggests no links', () => {
    const b = buildBrief(INPUTS[1]!);
    expect(b.geoChecklist.map((i) => i.checkId).slice(0, 4)).toEqual(['E1', 'E2', 'E3', 'M1']);
    expect(b.internalLinks).toEqual([]);
  });

  it('adapts to the topic kind and the goal', () => {
    const [, definition, comparison, list, product, general] = INPUTS.map((i) => buildBrief(i));
    expect([definition!.workingTitle, definition!.searchIntent, definition!.targetWordCount]).toEqual([
      'What is schema markup? A clear explanation for small business owners',
      'informational',
      1500,
    ]);
    expect([comparison!.searchIntent, comparison!.questions[0]]).toEqual(['commercial', 'What is the difference between Shopify and WooCommerce?']);
    expect(comparison!.outline.map((s) => s.heading)).toContain('When to choose WooCommerce');
    expect([list!.searchIntent, list!.targetWordCount]).toEqual(['commercial', 1500]);
    expect([product!.recommendedSchemaType, product!.searchIntent, product!.targetWordCount]).toEqual(['Product', 'transactional', 600]);
    expect(product!.geoChecklist.find((i) => i.checkId === 'M2')!.item).toBe('Give the Product markup its key properties: name, offers.');
    expect(product!.geoChecklist.find((i) => i.checkId === 'M5')!.item).toBe('Set <html lang="de-DE">.');
    expect(general!.workingTitle).toBe('Getting more out of Composting in small gardens: a guide for city gardeners');
    expect(general!.outline[general!.outline.length - 1]!.heading).toBe('Getting more out of Composting in small gardens');
  });

  it('is deterministic', () => {
    for (const input of INPUTS) expect(JSON.stringify(buildBrief(input))).toBe(JSON.stringify(buildBrief(structuredClone(input))));
  });

  it('rejects input outside the API limits', () => {
    expect(() => buildBrief({ topic: ' ', audience: 'x', goal: 'awareness' })).toThrow(RangeError);
    expect(() => buildBrief({ topic: 'x'.repeat(201), audience: 'x', goal: 'awareness' })).toThrow(RangeError);
    expect(() => buildBrief({ topic: 'x', audience: 'x', goal: 'sales' as never })).toThrow(/goal must be one of/);
    expect(GOALS).toEqual(['awareness', 'consideration', 'conversion', 'retention']);
  });
});

describe('renderDraft', () => {
  it('follows the outline with explicit placeholders', () => {
    const brief = buildBrief(INPUTS[0]!);
    const draft = renderDraft(brief);
    expect(draft.startsWith('# How to store fresh herbs: a step-by-step guide for home cooks\n\n[INTRO: ')).toBe(true);
    const headings = draft.split('\n').filter((l) => /^#{2,3} /.test(l));
    expect(headings).toEqual([...brief.outline.map((s) => `${'#'.repeat(s.level)} ${s.heading}`), '## Related reading']);
    expect(draft).toContain('[STATISTIC: add at least three figures from primary sources');
    expect(draft).toContain('> [QUOTE: attributed quotation from a named expert — add a real one]\n>\n> — [NAME, ROLE, ORGANISATION]');
    expect(draft).toContain('[SOURCE NEEDED: link at least two primary sources on other sites.]');
    expect(draft).toContain('- [INTERNAL LINK: Fresh herbs: storing and drying — https://www.example.com/fresh-herbs]');
    expect(draft.endsWith('\n')).toBe(true);
  });

  it('is deterministic', () => {
    for (const input of INPUTS) expect(renderDraft(buildBrief(input))).toBe(renderDraft(buildBrief(input)));
  });

  it.each(INPUTS.map((input) => [input.topic, input] as const))('invents no numbers or quotations (%s)', (_topic, input) => {
    const draft = renderDraft(buildBrief(input));
    const inputText = JSON.stringify(input);
    const inputDigits = new Set(inputText.match(/\d+/g) ?? []);
    for (const digits of draft.match(/\d+/g) ?? []) expect(inputDigits).toContain(digits);
    // No quotation marks of any kind: nothing in the draft is presented as someone's words.
    expect(draft).not.toMatch(/["“”„«»‘]/);
    // Every paragraph that is not a heading, list item or quote scaffold is a placeholder.
    for (const line of draft.split('\n')) {
      if (line === '' || line.startsWith('#') || line === '>') continue;
      expect(line).toMatch(/^(?:> |- )?(?:— )?\[[A-Z ]+: .*\]$|^> — \[NAME, ROLE, ORGANISATION\]$/);
    }
  });
});

describe('renderDraft over every topic kind and goal', () => {
  const topics = ['How to brew tea', 'What is an API', 'Tea vs coffee', 'Best tea kettles', 'Tea subscription plans', 'Tea ceremonies'];
  it('adds no digits and no quotation marks for any combination', () => {
    for (const topic of topics) {
      for (const goal of GOALS) {
        const draft = renderDraft(buildBrief({ topic, audience: 'office workers', goal }));
        expect(draft, `${topic} / ${goal}`).not.toMatch(/\d/);
        expect(draft, `${topic} / ${goal}`).not.toMatch(/["“”„«»‘]/);
      }
    }
  });
});
