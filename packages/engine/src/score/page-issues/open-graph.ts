// The Open Graph protocol's required properties, which link previews in social apps and chats read.
import { missingOpenGraph, REQUIRED_OPEN_GRAPH } from '../../analyse/head/open-graph.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const openGraph: PageCheck = (f) => {
  if (f.openGraph.length === 0) return issue('open_graph_incomplete', `The page has no Open Graph tags (${REQUIRED_OPEN_GRAPH.join(', ')}).`);
  const missing = missingOpenGraph(f.openGraph);
  if (missing.length > 0)
    return issue('open_graph_incomplete', `Open Graph ${missing.length === 1 ? 'property' : 'properties'} missing: ${missing.join(', ')}.`);
  return null;
};
