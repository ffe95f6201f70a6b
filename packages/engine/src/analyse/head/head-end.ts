// Where the document's <head> ends, as the HTML parser decides it. Only these elements belong in
// the head; the first other element, or the first text that is not blank, implicitly closes it
// and starts the body, whatever the markup says (`</head>` alone does not: a <meta> between
// `</head>` and `<body>` is still put in the head). Search engines and Lighthouse read the meta
// description, robots meta tags, canonical and hreflang links only in the head, so metadata after
// that point is lost even though it is in the file.

const IN_HEAD = new Set(['html', 'head', 'base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title', 'noscript']);

/**
 * Head elements whose content is not parsed as head elements: raw text (script, style, title,
 * noframes, and noscript in a browser that runs scripts) or template content. A tracking pixel's
 * `<img>` inside a `<noscript>` in the head therefore does not close it.
 */
const OPAQUE = new Set(['script', 'style', 'title', 'noframes', 'noscript', 'template']);

/** True when a start tag `name` met in the head closes it. */
export function closesHead(name: string): boolean {
  return !IN_HEAD.has(name);
}

/** True when content inside an element `name` of the head cannot close the head. */
export function isOpaqueInHead(name: string): boolean {
  return OPAQUE.has(name);
}

/** HTML whitespace (and a byte-order mark left at the start) does not close the head. */
const BLANK = /^[ \t\n\f\r\uFEFF]*$/;

export function closesHeadAsText(text: string): boolean {
  return !BLANK.test(text);
}
