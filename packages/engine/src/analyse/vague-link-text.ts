// Link texts that say nothing about where the link leads (Lighthouse "link-text", English list).
// A link text is vague when, lower-cased with surrounding punctuation and arrows removed, it is
// exactly one of VAGUE_LINK_TEXTS. A link with an `aria-label` is not vague: its accessible name
// is the label. Only English phrases are listed; other languages are not judged.

export const VAGUE_LINK_TEXTS: readonly string[] = [
  'click here', 'click this', 'click', 'here', 'go', 'go here', 'this', 'this link', 'this page',
  'link', 'more', 'more info', 'more information', 'more details', 'read more', 'learn more',
  'see more', 'find out more', 'continue', 'continue reading', 'details', 'start', 'right here',
  'tap here', 'view more', 'view', 'info',
];

const VAGUE = new Set(VAGUE_LINK_TEXTS);

export function normaliseLinkText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s"'“”‘’«»‹›()[\]:.,;!?…→←›»>\-–—]+|[\s"'“”‘’«»‹›()[\]:.,;!?…→←›»>\-–—]+$/g, '');
}

export function isVagueLinkText(text: string, ariaLabel: string | null): boolean {
  if (ariaLabel !== null && ariaLabel.trim() !== '') return false;
  return VAGUE.has(normaliseLinkText(text));
}
