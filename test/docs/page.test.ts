// The page renderer without a browser: safe embedding, no external URLs, both script modes.

import { existsSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { renderDocsPage, readOfflineRedocBundle, redocStandalonePath, javascriptForScript, jsonForScript } from '@seo-geo/server/docs';

const HOSTILE = 'a </script><script>alert(1)</script> b <!-- <script> c </SCRIPT > d \u2028 e & f';
const BREAKERS = /<\/script|<!--|<script/i;

describe('jsonForScript', () => {
  it('round-trips and contains nothing the HTML tokenizer reacts to', () => {
    const value = { description: HOSTILE, nested: [{ x: '<!--' }] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json)).toEqual(value);
    // Also valid as a JavaScript expression.
    expect(runInNewContext(`(${json})`)).toEqual(value);
  });
});

describe('javascriptForScript', () => {
  const sources = {
    string: `"x</script>y" + '<!--' + "<SCRIPT src=1>"`,
    escapedInString: `'\\<script>' + "\\\\<!--"`,
    regex: `[/<!--(?:(?!<!--)[\\s\\S])*?-->/.test('<!-- hi -->'), /<\\/script>/i.source.length]`,
    unicodeRegex: `/<!--\\p{L}+/u.test('<!--abc')`,
    template: '`<script>${1 + 1}</script>`',
  };
  for (const [name, source] of Object.entries(sources)) {
    it(`keeps the meaning of a ${name} and removes the breakers`, () => {
      const escaped = javascriptForScript(source);
      expect(escaped).not.toMatch(BREAKERS);
      expect(runInNewContext(escaped)).toEqual(runInNewContext(source));
    });
  }
});

describe('renderDocsPage', () => {
  const spec = { openapi: '3.1.0', info: { title: 'T', version: '1', description: HOSTILE }, paths: {} };

  it('inlines the script and the document without letting either end a <script> early', () => {
    const html = renderDocsPage({ spec, script: { inline: 'var s = "</script><!--";' }, title: 'Docs <b>&</b>' });
    // Three script elements (document, Redoc, boot): exactly three closing tags.
    expect(html.match(/<\/script/gi)).toHaveLength(3);
    expect(html).not.toContain('<!--');
    expect(html).toContain('<title>Docs &lt;b&gt;&amp;&lt;/b&gt;</title>');
  });

  it('references a same-origin script for the server', () => {
    const html = renderDocsPage({ spec, script: { src: '/docs/redoc.standalone.js' }, title: 'Docs' });
    expect(html).toContain('<script src="/docs/redoc.standalone.js"></script>');
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/fonts\.googleapis|cdn\.|unpkg|jsdelivr/i);
  });

  it('uses system font stacks, never the web fonts of the default theme', () => {
    const html = renderDocsPage({ spec, script: { src: '/r.js' }, title: 'Docs' });
    expect(html).toContain('system-ui');
    expect(html).not.toMatch(/Montserrat/);
  });
});

describe('Redoc bundle', () => {
  it('resolves to the installed standalone bundle', () => {
    const path = redocStandalonePath();
    expect(path).toMatch(/redoc[\\/]bundles[\\/]redoc\.standalone\.js$/);
    expect(existsSync(path)).toBe(true);
  });

  it('has its CDN logo removed for offline use', () => {
    const bundle = readOfflineRedocBundle();
    expect(bundle).not.toContain('cdn.redoc.ly');
    expect(bundle).not.toMatch(/fonts\.googleapis\.com|fonts\.gstatic\.com/);
  });
});
