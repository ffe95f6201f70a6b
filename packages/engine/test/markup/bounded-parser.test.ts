// The bounded parser relies on htmlparser2 internals (its open-element stack, innermost first, and
// its foreign-content stack): these tests fail loudly if an upgrade changes them, and check the
// bound itself.
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { BoundedParser, MAX_OPEN_ELEMENTS } from '../../src/markup/bounded-parser.js';

interface Internals {
  stack: unknown;
  foreignContext: unknown;
  cbs: unknown;
  options: unknown;
}

describe('htmlparser2 internals the bound relies on', () => {
  it('keeps open elements in `stack`, innermost first, and foreign content in `foreignContext`', () => {
    const parser = new Parser({}, { lowerCaseTags: true });
    parser.write('<div><span><svg>');
    const internals = parser as unknown as Internals;
    expect(internals.stack).toEqual(['svg', 'span', 'div']);
    expect(internals.foreignContext).toEqual([true, false]);
    expect(typeof internals.cbs).toBe('object');
    expect(typeof internals.options).toBe('object');
    expect(typeof (Parser.prototype as unknown as { onopentagname: unknown }).onopentagname).toBe('function');
  });
});

describe('BoundedParser', () => {
  const depthsOf = (html: string, xmlMode = false) => {
    let depth = 0;
    let deepest = 0;
    const texts: string[] = [];
    const parser = new BoundedParser(
      {
        onopentag() {
          deepest = Math.max(deepest, ++depth);
        },
        onclosetag() {
          depth--;
        },
        ontext(text) {
          texts.push(text);
        },
      },
      { xmlMode },
    );
    parser.end(html);
    return { deepest, depth, text: texts.join('') };
  };

  it(`never has more than ${MAX_OPEN_ELEMENTS} elements open, and still reads everything inside`, () => {
    const html = '<div>x'.repeat(5_000) + '</div>'.repeat(5_000);
    const { deepest, depth, text } = depthsOf(html);
    expect(deepest).toBe(MAX_OPEN_ELEMENTS);
    expect(depth).toBe(0);
    expect(text).toBe('x'.repeat(5_000));
  });

  it('bounds unclosed elements and XML too', () => {
    expect(depthsOf('<b>'.repeat(3_000)).deepest).toBe(MAX_OPEN_ELEMENTS);
    expect(depthsOf('<a>'.repeat(3_000), true).deepest).toBe(MAX_OPEN_ELEMENTS);
  });

  it('parses ordinary nesting exactly as htmlparser2 does', () => {
    const html = '<html><body><div><p>one<p>two</div><svg><g><a href="/x">in svg</a></g></svg><ul><li>a<li>b</ul></body></html>';
    const events = (ParserClass: typeof Parser) => {
      const seen: string[] = [];
      new ParserClass({
        onopentag: (name) => seen.push(`<${name}>`),
        onclosetag: (name, implied) => seen.push(`</${name}${implied ? '?' : ''}>`),
        ontext: (text) => seen.push(text),
      }).end(html);
      return seen;
    };
    expect(events(BoundedParser)).toEqual(events(Parser));
  });

  it('costs the same per element at 10,000 and at 80,000 levels of nesting', () => {
    // Unbounded, each element opened moves the whole stack: eight times the nesting costs 64 times.
    const timePerElement = (count: number) => {
      const html = '<div>'.repeat(count);
      let best = Infinity;
      for (let run = 0; run < 3; run++) {
        const started = performance.now();
        new BoundedParser({}).end(html);
        best = Math.min(best, performance.now() - started);
      }
      return best / count;
    };
    timePerElement(10_000);
    expect(timePerElement(80_000) / timePerElement(10_000)).toBeLessThan(4);
  });
});
