// llms.txt (llmstxt.org): a Markdown file at the site root that introduces the site to language
// models. Well-formed here means what the proposal requires plus one link: an H1 (the site or
// project name) and at least one Markdown link `[name](url)`. Problems also flag an H1 that is
// not the first content line, several H1s, and an HTML page served in place of the file.

import { looksLikeHtml } from './looks-like-html.js';

export type LlmsTxtProblem = 'empty' | 'html_instead_of_markdown' | 'missing_h1' | 'h1_not_first' | 'multiple_h1' | 'no_links';

export interface LlmsTxtFindings {
  present: boolean;
  wellFormed: boolean;
  /** Text of the first H1, or null. */
  title: string | null;
  linkCount: number;
  /** Number of H2 sections (file lists). */
  sectionCount: number;
  problems: LlmsTxtProblem[];
}

const LINK = /\[[^\]\n]+\]\(\s*[^)\s]+(?:\s+"[^"]*")?\s*\)/g;

export function llmsTxtFindings(text: string | null): LlmsTxtFindings {
  if (text === null) return { present: false, wellFormed: false, title: null, linkCount: 0, sectionCount: 0, problems: [] };
  const problems: LlmsTxtProblem[] = [];
  if (text.trim() === '') problems.push('empty');
  if (looksLikeHtml(text)) {
    problems.push('html_instead_of_markdown');
    return { present: true, wellFormed: false, title: null, linkCount: 0, sectionCount: 0, problems };
  }
  const lines = text.split(/\r\n|\r|\n/);
  let title: string | null = null;
  let h1Count = 0;
  let sectionCount = 0;
  let firstContent = true;
  let inFence = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    if (inFence || line.trim() === '') continue;
    const h1 = /^#\s+(.+?)\s*#*\s*$/.exec(line);
    if (h1) {
      h1Count++;
      if (title === null) {
        title = h1[1]!;
        if (!firstContent) problems.push('h1_not_first');
      }
    } else if (/^##\s+\S/.test(line)) {
      sectionCount++;
    }
    firstContent = false;
  }
  const linkCount = text.match(LINK)?.length ?? 0;
  if (title === null && !problems.includes('empty')) problems.push('missing_h1');
  if (h1Count > 1) problems.push('multiple_h1');
  if (linkCount === 0 && !problems.includes('empty')) problems.push('no_links');
  return { present: true, wellFormed: title !== null && linkCount > 0, title, linkCount, sectionCount, problems };
}
