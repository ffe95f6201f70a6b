import { describe, expect, it } from 'vitest';
import { llmsTxtFindings } from '../../src/site/index.js';

describe('llmsTxtFindings', () => {
  it('accepts a well-formed file', () => {
    const text =
      '# Example Shop\n\n> Oak furniture made in Wales.\n\n## Docs\n\n- [Care guide](https://example.com/care.md): how to oil oak\n- [Sizes](https://example.com/sizes.md)\n\n## Optional\n\n- [Blog](https://example.com/blog)\n';
    expect(llmsTxtFindings(text)).toEqual({ present: true, wellFormed: true, title: 'Example Shop', linkCount: 3, sectionCount: 2, problems: [] });
  });

  it('reports absence', () => {
    expect(llmsTxtFindings(null)).toEqual({ present: false, wellFormed: false, title: null, linkCount: 0, sectionCount: 0, problems: [] });
  });

  it('needs an H1 and a link', () => {
    expect(llmsTxtFindings('Just some text with https://example.com').problems).toEqual(['missing_h1', 'no_links']);
    expect(llmsTxtFindings('# Title only\n').wellFormed).toBe(false);
    expect(llmsTxtFindings('## Not an H1\n[a](https://x)').problems).toEqual(['missing_h1']);
  });

  it('notes an H1 that is not first and several H1s, still well-formed', () => {
    const f = llmsTxtFindings('Intro\n# Name\n# Another\n[a](https://x.com)');
    expect(f.wellFormed).toBe(true);
    expect(f.problems).toEqual(['h1_not_first', 'multiple_h1']);
  });

  it('ignores headings inside code fences', () => {
    expect(llmsTxtFindings('# Name\n```\n# not a heading\n```\n[a](https://x.com)').problems).toEqual([]);
  });

  it('rejects an empty file and an HTML page served instead', () => {
    expect(llmsTxtFindings('  \n').problems).toEqual(['empty']);
    expect(llmsTxtFindings('<!doctype html><html><h1>404</h1></html>')).toMatchObject({ wellFormed: false, problems: ['html_instead_of_markdown'] });
  });
});
