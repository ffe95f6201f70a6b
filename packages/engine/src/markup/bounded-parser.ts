// htmlparser2's Parser with its open elements bounded, as browsers bound them. Its stack of open
// elements is kept with the innermost first, so every element opened or closed moves the whole
// stack: a page of unclosed `<div>`s costs the square of its length (400 KB of them took 3 s, and
// the crawler accepts 5 MiB). Browsers cap nesting too: Blink attaches nothing deeper than 512
// levels (kMaximumHTMLParserDOMTreeDepth), so deeper markup is flattened. Here, an element
// opened when 512 are open first closes the innermost one, so it becomes its sibling and the
// depth stays at 512: every open and close then costs at most 512 steps, and the whole parse is
// linear in the page's length. Text, links and attributes deeper down are all still read.
//
// This reaches into the parser's `stack` and `foreignContext` and its callbacks, which are
// private in its types: the version is pinned in the engine's manifest, and the engine's tests
// check the shape this relies on (markup/bounded-parser.test.ts), so an upgrade that changes it
// fails loudly.
//
// It tokenizes with SkippingTokenizer (skipping-tokenizer.ts) unless told otherwise: the same
// events as htmlparser2's own tokenizer, in a fraction of the steps on text-heavy pages.
import { Parser, type Handler, type ParserOptions } from 'htmlparser2';
import { SkippingTokenizer } from './skipping-tokenizer.js';

/** Blink's limit on the depth of the element tree its HTML parser builds. */
export const MAX_OPEN_ELEMENTS = 512;

/** htmlparser2's sets of elements that switch to and from foreign (SVG, MathML) content. */
const FOREIGN_CONTEXT = new Set(['math', 'svg']);
const HTML_INTEGRATION = new Set(['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title']);

/** The parser's own state that the bound needs; `stack` holds the innermost element first. */
interface ParserInternals {
  stack: string[];
  foreignContext: boolean[];
  cbs: Partial<Handler>;
  options: ParserOptions;
}

export class BoundedParser extends Parser {
  constructor(cbs?: Partial<Handler> | null, options: ParserOptions = {}) {
    super(cbs, { Tokenizer: SkippingTokenizer, ...options });
  }

  /** Called by the tokenizer for every start tag, before the parser opens the element. */
  override onopentagname(start: number, endIndex: number): void {
    const self = this as unknown as ParserInternals;
    if (self.stack.length >= MAX_OPEN_ELEMENTS) {
      const innermost = self.stack.shift()!;
      if (!self.options.xmlMode && (FOREIGN_CONTEXT.has(innermost) || HTML_INTEGRATION.has(innermost))) self.foreignContext.shift();
      self.cbs.onclosetag?.(innermost, true);
    }
    super.onopentagname(start, endIndex);
  }
}
