// Issues of what machines read from a page's markup besides its text: structured data, Open
// Graph, the viewport and the character encoding.
import type { CatalogueEntries } from './entry.js';

export const MARKUP = {
  viewport_missing: {
    priority: 2,
    scope: 'page',
    title: 'Viewport missing',
    description: 'No <meta name="viewport"> with a width or initial-scale: the page is not laid out for phones.',
    howToFix: 'Add <meta name="viewport" content="width=device-width, initial-scale=1"> to the head.',
  },
  charset_missing: {
    priority: 3,
    scope: 'page',
    title: 'Character encoding not declared',
    description: 'No encoding in the Content-Type header, a byte-order mark or a <meta charset> in the first 1024 bytes, so text may be misread.',
    howToFix: 'Send charset=utf-8 in the Content-Type header, or put <meta charset="utf-8"> first in the head.',
  },
  open_graph_incomplete: {
    priority: 3,
    scope: 'page',
    title: 'Open Graph incomplete',
    description: 'One or more of og:title, og:type, og:image and og:url is missing, so shares of the page look bare.',
    howToFix: 'Add the four required Open Graph properties to the head.',
  },
  structured_data_invalid: {
    priority: 2,
    scope: 'page',
    title: 'Invalid structured data',
    description: 'A structured-data item has errors, so it is not eligible for rich results and may be misread.',
    howToFix: 'Fix the problems listed for the item (types, value kinds, required properties).',
  },
  structured_data_incomplete: {
    priority: 3,
    scope: 'page',
    title: 'Structured data incomplete',
    description: 'A structured-data item lacks properties Google recommends for its rich result.',
    howToFix: 'Add the recommended properties the issue names.',
  },
  structured_data_unreadable: {
    priority: 2,
    scope: 'page',
    title: 'Unreadable JSON-LD',
    description: 'JSON-LD blocks that are empty, not JSON, or hold no node with an @type, so they are ignored.',
    howToFix: 'Make each JSON-LD block valid JSON with an @context and @type.',
  },
} satisfies CatalogueEntries;
