// Only HTML bodies are kept and analysed; everything else is recorded by its headers alone.
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

export function isHtmlType(contentType: string | null): boolean {
  return contentType !== null && HTML_TYPES.has(contentType);
}
