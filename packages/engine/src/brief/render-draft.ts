// renderDraft: the first draft as a Markdown skeleton that follows the brief's outline. It holds
// no prose about the topic: every paragraph is a bracketed placeholder saying what to write, and
// where facts, figures and quotations belong it says so explicitly:
//   [STATISTIC: …]      a figure from a primary source, with the source linked
//   [SOURCE NEEDED: …]  a link to a primary source
//   [QUOTE: …]          an attributed quotation from a real, named expert
//   [ANSWER: …]         a direct answer the writer must write
//   [WRITE: …]          any other instruction
// The draft adds no digits and no quotation marks of its own (tests hold it to that), so
// nothing in it can pass for an invented number or quotation.

import type { Brief } from './types.js';

const QUOTE_PLACEHOLDER = '[QUOTE: attributed quotation from a named expert — add a real one]';

export function renderDraft(brief: Brief): string {
  const lines: string[] = [`# ${brief.workingTitle}`, ''];
  lines.push('[INTRO: open with the direct answer to the main question, then say what the reader will learn. Write it in your own words.]', '');
  for (const section of brief.outline) {
    lines.push(`${'#'.repeat(section.level)} ${section.heading}`, '');
    for (const point of section.points) lines.push(...placeholder(point), '');
  }
  if (brief.internalLinks.length > 0) {
    lines.push('## Related reading', '');
    for (const link of brief.internalLinks) lines.push(`- [INTERNAL LINK: ${link.title} — ${link.url}]`);
    lines.push('');
  }
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

function placeholder(point: string): string[] {
  const match = /^(Statistic|Quotation|Source|Answer):\s*(.*)$/.exec(point);
  if (!match) return [`[WRITE: ${point}]`];
  const text = match[2]!;
  switch (match[1]) {
    case 'Statistic':
      return [`[STATISTIC: ${text}]`];
    case 'Source':
      return [`[SOURCE NEEDED: ${text}]`];
    case 'Answer':
      return [`[ANSWER: ${text}]`];
    default:
      return [`> ${QUOTE_PLACEHOLDER}`, '>', '> — [NAME, ROLE, ORGANISATION]'];
  }
}
