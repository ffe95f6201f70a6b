// Sites often answer a missing robots.txt or llms.txt with an HTML page (a soft 404, a SPA shell)
// and status 200; crawlers then read no rules and no links, so the findings say so.

/** The text begins like an HTML document, whatever the Content-Type said. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(text);
}
