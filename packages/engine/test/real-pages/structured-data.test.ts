// Structured data on real pages against extruct's sample pages (extruct/ in the corpus): whether
// a page has schema.org markup (hasSchema) must agree with what extruct read, and the samples
// whose JSON-LD is not valid JSON must be read as extruct reads them, each item flagged
// `invalid_syntax`.
//
// How pages compare: extruct's expected file for a page covers the syntaxes extruct was asked to
// extract, not always all of them. `misc/opengraph_ns_product_test` is an OpenGraph-only sample of
// a page that also holds a Microdata Product: extruct's file says nothing about Microdata there,
// so counting that page as a disagreement would be wrong, and counting it as an agreement would
// claim what extruct never said. So hasSchema is compared on the syntaxes each page's expected
// files cover (JSON-LD, Microdata, RDFa); a page whose files cover none of the three (OpenGraph,
// microformats and Dublin Core samples) is listed apart, with what the engine finds there.
// `misc/product_microdata.html` has no expected file and is left out.
import { expect, it } from 'vitest';
import { readJsonLeniently } from '../../src/analyse/structured-data/json-recovery.js';
import { analyseCorpusPage, describeCorpus, report } from './corpus.js';
import { extructSamples, isSchemaOrgItem, jsonLdScripts } from './extruct-samples.js';

describeCorpus('real pages: structured data against extruct', () => {
  const samples = extructSamples()
    .filter((s) => s.expected.length > 0)
    .map((s) => ({ ...s, analysis: analyseCorpusPage(s.html) }));

  it('agrees with extruct on hasSchema on every page, over the syntaxes its samples cover', () => {
    const comparable = samples.filter((s) => s.covered.size > 0);
    const wrong = comparable
      .filter((s) => {
        const extruct = [...s.covered].some(([syntax, items]) => items.some((i) => isSchemaOrgItem(i, syntax)));
        const ours = s.analysis.structuredData.some((i) => s.covered.has(i.syntax) && i.schemaOrgTypes.length > 0);
        return extruct !== ours;
      })
      .map((s) => s.path);
    report(
      'hasSchema = extruct (syntaxes extruct covers)',
      `${comparable.length - wrong.length}/${comparable.length}${wrong.length ? ` (${wrong.join('; ')})` : ''}`,
    );
    // The same comparison taken naively, every page against whatever its files hold, for the record.
    const naive = samples.filter((s) => s.analysis.hasSchema !== [...s.covered].some(([syntax, items]) => items.some((i) => isSchemaOrgItem(i, syntax))));
    report(
      'hasSchema = extruct (naively, all sample pages)',
      `${samples.length - naive.length}/${samples.length}${naive.length ? ` (differs: ${naive.map((s) => s.path).join('; ')})` : ''}`,
    );
    for (const s of samples.filter((x) => x.covered.size === 0)) {
      const found = s.analysis.structuredData.filter((i) => i.schemaOrgTypes.length > 0).map((i) => `${i.schemaOrgTypes.join('/')} (${i.syntax})`);
      report('not comparable: extruct sample covers no schema.org syntax', `${s.path}: engine finds ${found.length ? found.join(', ') : 'none'}`);
    }
    expect(comparable.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('finds the same schema.org types as extruct, item by item, in JSON-LD and Microdata', () => {
    // RDFa is left out: extruct's expanded RDFa lists nested nodes as top-level ones.
    let same = 0;
    const differ: string[] = [];
    for (const s of samples) {
      for (const syntax of ['json-ld', 'microdata'] as const) {
        const items = s.covered.get(syntax);
        if (!items) continue;
        const extruct = items.filter((i) => isSchemaOrgItem(i, syntax)).length;
        const ours = s.analysis.structuredData.filter((i) => i.syntax === syntax && i.schemaOrgTypes.length > 0).length;
        if (extruct === ours) same++;
        else differ.push(`${s.path} ${syntax}: extruct ${extruct}, engine ${ours}`);
      }
    }
    report('schema.org item count = extruct (JSON-LD, Microdata)', `${same}/${same + differ.length}${differ.length ? ` (${differ.join('; ')})` : ''}`);
    expect(differ).toEqual([]);
  });

  const invalid = () => samples.filter((s) => s.path.includes('.invalid/'));

  it('reads the invalid JSON-LD samples exactly as extruct does', () => {
    const differ: string[] = [];
    for (const s of invalid()) {
      const read = jsonLdScripts(s.html).map((text) => readJsonLeniently(text.trim()));
      const values = read.map((r) => (r.ok ? r.json.value : `unreadable: ${r.error}`));
      try {
        expect(values).toEqual(s.covered.get('json-ld'));
      } catch {
        differ.push(s.path);
      }
    }
    report(
      'invalid JSON-LD read as extruct reads it',
      `${invalid().length - differ.length}/${invalid().length}${differ.length ? ` (${differ.join('; ')})` : ''}`,
    );
    expect(differ).toEqual([]);
  });

  it('flags every item read from invalid JSON-LD with invalid_syntax, and keeps it present', () => {
    const typed = invalid().filter((s) => s.analysis.structuredData.length > 0);
    const unflagged = typed.filter((s) => !s.analysis.structuredData.every((i) => i.errors.some((e) => e.code === 'invalid_syntax')));
    const absent = typed.filter((s) => !s.analysis.hasSchema);
    report('invalid JSON-LD items present and flagged invalid_syntax', `${typed.length - unflagged.length - absent.length}/${typed.length}`);
    // Samples without an @type give no item; the block error says both things.
    const untyped = invalid().filter((s) => s.analysis.structuredData.length === 0);
    const untypedSaid = untyped.filter((s) => s.analysis.structuredDataErrors.some((e) => /has no node with an @type, and is not valid JSON/.test(e)));
    report('invalid JSON-LD without @type: block error names the syntax problem', `${untypedSaid.length}/${untyped.length}`);
    expect(typed.length).toBeGreaterThan(0);
    expect(unflagged.map((s) => s.path)).toEqual([]);
    expect(absent.map((s) => s.path)).toEqual([]);
    expect(untypedSaid.length).toBe(untyped.length);
  });
});
