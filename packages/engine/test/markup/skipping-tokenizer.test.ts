// The skipping tokenizer must be invisible: every event of htmlparser2's parser, with its start and
// end indices, the same as with htmlparser2's own tokenizer, whatever the input and however it is
// cut into chunks. These tests also fail loudly should an upgrade of htmlparser2 change the states
// it replaces.
import fc from 'fast-check';
import { Parser, Tokenizer, type Handler, type ParserOptions } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { SkippingTokenizer } from '../../src/markup/skipping-tokenizer.js';

/** Every parser event, with the parser's indices when it fired. */
function events(TokenizerClass: typeof Tokenizer, chunks: readonly string[], options: ParserOptions = {}): string[] {
  const seen: string[] = [];
  let parser: Parser | null = null;
  const note = (...what: unknown[]) => seen.push(JSON.stringify([...what, parser!.startIndex, parser!.endIndex]));
  const handler: Partial<Handler> = {
    onopentagname: (name) => note('opentagname', name),
    onattribute: (name, value, quote) => note('attribute', name, value, quote),
    onopentag: (name, attribs, implied) => note('opentag', name, attribs, implied),
    onclosetag: (name, implied) => note('closetag', name, implied),
    ontext: (text) => note('text', text),
    oncomment: (text) => note('comment', text),
    oncdatastart: () => note('cdatastart'),
    oncdataend: () => note('cdataend'),
    onprocessinginstruction: (name, data) => note('pi', name, data),
    onend: () => note('end'),
  };
  parser = new Parser(handler, { ...options, Tokenizer: TokenizerClass });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return seen;
}

const SAMPLES = [
  '<!doctype html><html lang="en"><head><title>A &amp; B &lt;c&gt;</title></head><body><p class="x">Hello, world.</p></body></html>',
  '<p>Fish &amp chips &notanentity; &#169; &#x1F600; &copy &AMP; & alone</p>',
  `<a href="/x?a=1&amp;b=2&c" title='it&apos;s "quoted"' data-x=unquoted&amp;v>link</a>`,
  '<div id="a" class=\'b\' hidden data-empty="" data-q="a\'b" data-s=\'a"b\'>text</div>',
  '<script>if (a < b && c > d) { x = "</p>"; }</script><style>a > b { color: red }</style>',
  '<script>var s = "<\\/script>";</script><textarea>a <b> &amp; c</textarea><xmp>x<y</xmp>',
  '<!-- a comment with < and & and -- dashes --><!----><!-->x<!--- a -- b --->',
  '<![CDATA[ raw < & data ]]><?php echo 1; ?><!DOCTYPE x>',
  '</p>text</ p><//x>< notatag <3 a<b c&d e>f',
  '<svg><title>icon &amp; more</title><path d="M0 0"/></svg><math><mi>x</mi></math>',
  'Ünïcödé téxt — “quotes” 中文字符 🙂 surrogates 𝔸𝔹 İstanbul &eacute;&#233;',
  '<p>unterminated "quote <a href="never closed',
  '<p>ends in an entity &am',
  '<p>ends in text',
  '<img src=a.png alt="a &amp b"><br/><input value=\'&lt;\'>',
  '',
];

/** `html` cut at every position in `cuts` (sorted, in range). */
function cut(html: string, cuts: number[]): string[] {
  const chunks: string[] = [];
  let from = 0;
  for (const at of cuts) {
    chunks.push(html.slice(from, at));
    from = at;
  }
  chunks.push(html.slice(from));
  return chunks;
}

const OPTIONS: ParserOptions[] = [
  { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  { decodeEntities: false },
  { xmlMode: true },
  { xmlMode: true, decodeEntities: false },
];

describe('SkippingTokenizer', () => {
  it.each(OPTIONS)('gives the events of htmlparser2 own tokenizer on every sample (%o)', (options) => {
    for (const html of SAMPLES) expect(events(SkippingTokenizer, [html], options)).toEqual(events(Tokenizer, [html], options));
  });

  it('gives the same events when the page comes in chunks, cut anywhere', () => {
    for (const html of SAMPLES) {
      for (let at = 0; at <= html.length; at++) {
        const chunks = cut(html, [at]);
        expect(events(SkippingTokenizer, chunks, OPTIONS[0])).toEqual(events(Tokenizer, chunks, OPTIONS[0]));
      }
    }
  });

  it('gives the same events on any mix of markup characters, entities and text', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '&',
      '"',
      "'",
      '=',
      '/',
      '!',
      '-',
      '?',
      ' ',
      '\n',
      'a',
      'p',
      'div',
      'script',
      'title',
      '&amp;',
      '&#',
      ';',
      'x',
      'é',
      '🙂',
      '[CDATA[',
      ']]',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 3 }), fc.constantFrom(...OPTIONS), (pieces, cutPoints, options) => {
        const html = pieces.join('');
        const chunks = cut(
          html,
          cutPoints.map((p) => p % (html.length + 1)).sort((a, b) => a - b),
        );
        expect(events(SkippingTokenizer, chunks, options)).toEqual(events(Tokenizer, chunks, options));
      }),
      { numRuns: 2000 },
    );
  });
});
