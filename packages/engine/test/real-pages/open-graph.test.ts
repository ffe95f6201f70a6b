// Open Graph on real pages: the engine's open_graph_incomplete verdict, and which of the four
// required properties (og:title, og:type, og:image, og:url) it finds, against the OpenGraph
// output of extruct on the sample pages that have one. extruct writes it as the `opengraph` key
// of a `<page>.json` keyed by syntax, or as a whole file of OpenGraph items (`{namespace,
// properties}`, or flattened to `{"og:title": …}` in the files named `_flat`). Files named with
// extraction options (`_flat`, `_with_node_id`) describe the page without them; those options
// concern Microdata and JSON-LD, so their OpenGraph output stands for the page too.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REQUIRED_OPEN_GRAPH } from '../../src/analyse/head/open-graph.js';
import { CORPUS_DIR, corpusJson, corpusText, describeCorpus, measureCorpusPage, report } from './corpus.js';

const OPTION_SUFFIXES = /_(?:flat|with_node_id|withtext|custom_url_and_node_id|custom_url)/g;

/** The OpenGraph items of an extruct output file, or null when it holds none of that syntax. */
function openGraphItems(data: unknown): unknown[] | null {
  if (Array.isArray(data)) {
    const items = data as Array<Record<string, unknown>>;
    if (items.length === 0 || items.some((i) => typeof i !== 'object' || i === null)) return null;
    if (items.every((i) => Array.isArray(i.properties) && typeof i.namespace === 'object')) return items;
    if (items.every((i) => Object.keys(i).some((k) => k.startsWith('og:')))) return items;
    return null;
  }
  const byKey = data as Record<string, unknown>;
  return byKey !== null && typeof byKey === 'object' && Array.isArray(byKey.opengraph) ? byKey.opengraph : null;
}

/** The og: property names an item sets. */
function propertiesOf(item: unknown): string[] {
  const i = item as { properties?: unknown };
  if (Array.isArray(i.properties)) return (i.properties as Array<[string, string]>).map(([name]) => name.toLowerCase());
  return Object.keys(item as object).map((k) => k.toLowerCase());
}

/** Page path → og: properties extruct found on it. */
function extructOpenGraph(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const dir of readdirSync(join(CORPUS_DIR, 'extruct')).sort()) {
    for (const file of readdirSync(join(CORPUS_DIR, 'extruct', dir)).sort()) {
      if (!file.endsWith('.json')) continue;
      const page = `extruct/${dir}/${file.slice(0, -'.json'.length).replace(OPTION_SUFFIXES, '')}.html`;
      if (!existsSync(join(CORPUS_DIR, page))) continue;
      const items = openGraphItems(corpusJson<unknown>(`extruct/${dir}/${file}`));
      if (items === null) continue;
      const found = out.get(page) ?? new Set<string>();
      for (const item of items) for (const p of propertiesOf(item)) if (p.startsWith('og:')) found.add(p);
      out.set(page, found);
    }
  }
  return out;
}

describeCorpus('real pages: Open Graph against extruct', () => {
  it('finds the same required og: properties as extruct, and so the same open_graph_incomplete verdict', () => {
    const expected = extructOpenGraph();
    const rows = [...expected].map(([path, found]) => {
      const facts = measureCorpusPage(corpusText(path)).facts;
      const theirs = REQUIRED_OPEN_GRAPH.filter((p) => found.has(p));
      const ours = REQUIRED_OPEN_GRAPH.filter((p) => facts.openGraph.includes(p));
      return { path, theirs, ours, flagged: ours.length < REQUIRED_OPEN_GRAPH.length, complete: theirs.length === REQUIRED_OPEN_GRAPH.length };
    });
    const agree = rows.filter((r) => r.flagged === !r.complete);
    const complete = rows.filter((r) => r.complete).length;
    report(
      'open_graph_incomplete vs extruct opengraph',
      `${agree.length}/${rows.length} pages agree (extruct: ${complete} complete, ${rows.filter((r) => r.theirs.length === 0).length} without Open Graph, ${rows.length - complete - rows.filter((r) => r.theirs.length === 0).length} partial)`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.map((r) => [r.path, r.ours])).toEqual(rows.map((r) => [r.path, r.theirs]));
    expect(agree.length).toBe(rows.length);
  });
});
