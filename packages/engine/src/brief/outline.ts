// The outline: H2/H3 sections per topic kind, then an evidence section, the questions as an FAQ
// and a closing section for the goal. Points are instructions to the writer; the ones that start
// with `Statistic:`, `Quotation:`, `Source:` or `Answer:` mark where facts from real sources
// belong (renderDraft makes placeholders of them). Nothing here states a fact about the topic.

import { capitalise } from './topic.js';
import type { TopicShape } from './topic.js';
import type { Goal, OutlineSection } from './types.js';

export const POINT_PREFIXES = ['Statistic:', 'Quotation:', 'Source:', 'Answer:'] as const;

/** How many questions become FAQ sub-sections (the rest stay in the brief's question list). */
const FAQ_SIZE = 4;

const h2 = (heading: string, ...points: string[]): OutlineSection => ({ heading, level: 2, points });
const h3 = (heading: string, ...points: string[]): OutlineSection => ({ heading, level: 3, points });

export function outlineFor(shape: TopicShape, audience: string, goal: Goal, questions: readonly string[]): OutlineSection[] {
  return [...bodyFor(shape, audience), ...evidenceSection(), ...faqSection(questions), closingFor(goal, shape.subject, audience)];
}

function bodyFor(shape: TopicShape, audience: string): OutlineSection[] {
  const s = shape.subject;
  const S = capitalise(s);
  switch (shape.kind) {
    case 'how-to':
      return [
        h2('The short answer', `Answer: summarise how to ${s} in two or three sentences, for ${audience}.`),
        h2(
          'What you need before you start',
          'List what the reader needs first: tools, skills, access, time.',
          'Source: link the official or primary documentation for anything that must be exactly right.',
        ),
        h2(`How to ${s}, step by step`, 'Use a numbered list; one action per step, in the order the reader does them.'),
        h3('Prepare', 'Describe the preparation and why it matters.'),
        h3('Do the main task', 'Describe each action plainly; name what the reader should see after it.'),
        h3('Check the result', 'Explain how the reader can tell that it worked.'),
        h2('Common mistakes and how to avoid them', 'List the mistakes you have seen, each with its fix.'),
      ];
    case 'definition':
      return [
        h2(`${S}: the short answer`, `Answer: define ${s} in one or two sentences a newcomer understands.`),
        h2(`How ${s} works`, 'Explain the mechanism step by step, without jargon.'),
        h3('The main parts', 'Name the parts or ideas involved and what each one does (a list works well).'),
        h3('An example', 'Walk through one concrete example from your own experience or a cited source.'),
        h2(`Why ${s} matters for ${audience}`, `Connect ${s} to a problem or goal ${audience} actually has.`),
        h2('Common misconceptions', `List what ${s} is often confused with and how it differs.`),
      ];
    case 'comparison': {
      const [x, y] = shape.sides!;
      return [
        h2(`${capitalise(x)} vs ${y}: the short answer`, `Answer: say in two or three sentences which suits whom, for ${audience}.`),
        h2(`How ${x} and ${y} differ`, 'Compare them side by side in a table: one row per criterion.'),
        h3('Cost', 'Source: take prices from each vendor’s own price page, with the date you checked.'),
        h3('Effort and skills', 'Describe what each option asks of the reader.'),
        h3('Results and limits', 'Statistic: give measured results from tests or studies, each with its source.'),
        h2(`When to choose ${x}`, `Describe the situations where ${x} is the better fit.`),
        h2(`When to choose ${y}`, `Describe the situations where ${y} is the better fit.`),
      ];
    }
    case 'list':
      return [
        h2('The short answer', `Answer: name your top recommendation for ${audience} and why, in two sentences.`),
        h2('How we chose', 'State the criteria you used and how you tested or researched the options.'),
        h2(`The options: ${s}`, 'Give each option its own sub-heading with the same structure: who it is for, strengths, limits.'),
        h3('[OPTION NAME]', 'Who it suits, what it does well, where it falls short.', 'Source: link the option’s official page.'),
        h2('Comparison table', 'Summarise the options in a table with one row per option and one column per criterion.'),
      ];
    case 'product':
      return [
        h2(`What ${s} is and who it is for`, `Answer: describe the offer in two sentences and name who it serves among ${audience}.`),
        h2('What is included', 'List the features and, for each, what it does for the reader.'),
        h2('Pricing', 'Statistic: state the current prices from your own price list, with what each includes.'),
        h2('How it compares with the alternatives', 'Compare fairly in a table; link each alternative’s own page.'),
      ];
    case 'general':
      return [
        h2(`${S}: the short answer`, `Answer: explain what ${s} means for ${audience} in two or three sentences.`),
        h2(`Why ${s} matters`, `Connect ${s} to a problem or goal ${audience} actually has.`),
        h2(`How ${s} works`, 'Explain the key ideas in order; use a list for steps or parts.'),
        h3('Key ideas', 'Name each idea and explain it in plain words.'),
        h3('An example', 'Walk through one concrete example from your own experience or a cited source.'),
        h2('Common mistakes', 'List the mistakes to avoid, each with its fix.'),
      ];
  }
}

function evidenceSection(): OutlineSection[] {
  return [
    h2(
      'What the evidence says',
      'Statistic: add at least three figures from primary sources (studies, official statistics, your own data), each with its source.',
      'Quotation: quote a named expert and attribute it (name, role, organisation).',
      'Source: link at least two primary sources on other sites.',
    ),
  ];
}

function faqSection(questions: readonly string[]): OutlineSection[] {
  const picked = questions.slice(0, FAQ_SIZE);
  if (picked.length === 0) return [];
  return [
    h2('Frequently asked questions', 'Answer each question directly in its first sentence, then add detail.'),
    ...picked.map((q) => h3(q, 'Answer: answer in two or three sentences, starting with the direct answer.')),
  ];
}

function closingFor(goal: Goal, subject: string, audience: string): OutlineSection {
  switch (goal) {
    case 'awareness':
      return h2('Where to learn more', `Point ${audience} to one deeper resource on your site and say what they will find there.`);
    case 'consideration':
      return h2('How to decide', 'Give a short checklist the reader can apply to their own situation.');
    case 'conversion':
      return h2('How to get started', 'State the single next action, what it costs the reader, and what happens after it.');
    case 'retention':
      return h2(`Getting more out of ${subject}`, 'Share tips for existing customers and where to get help.');
  }
}
