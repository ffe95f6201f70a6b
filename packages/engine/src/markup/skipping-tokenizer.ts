// htmlparser2's Tokenizer, with runs of plain characters skipped in one go. The tokenizer is a
// state machine that handles one character per step, and in text, in quoted attribute values and
// in tag and attribute names every step but the one at the character that ends the run does
// nothing: on a page of prose those idle steps were most of the parse. Here such a state moves
// straight to the next character that can end it (found by String.prototype.indexOf in text and
// values, which are long, and by a plain loop in names, which are short), and the tokenizer
// resumes from there exactly as if it had stepped: the same events, at the same indices, for any
// input.
//
// The states replaced are private in htmlparser2's types, so they are replaced on the prototype,
// as markup/bounded-parser.ts reaches into the parser: the version is pinned in the engine's
// manifest, and the engine's tests (markup/skipping-tokenizer.test.ts) compare the events with
// the stock tokenizer's, so an upgrade that changes those states fails loudly.
import { Tokenizer } from 'htmlparser2';

const LT = 0x3c;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/**
 * Where the next of one character is in the current chunk, for searches from at most there: a
 * page without a `&` is searched for one once, not once per text node.
 */
class NextChar {
  /** A position in the chunk; the chunk's length when there is none; -1 before the first search. */
  private at = -1;

  constructor(private readonly char: string) {}

  /** The first position at or after `from` holding the character, or the end of `buffer`. */
  from(buffer: string, from: number): number {
    if (this.at < from) {
      const at = buffer.indexOf(this.char, from);
      this.at = at < 0 ? buffer.length : at;
    }
    return this.at;
  }

  reset(): void {
    this.at = -1;
  }
}

/**
 * What the skips read and move: the tokenizer's own state (`index` counts from the first chunk,
 * `offset` is where the current chunk starts) and the searches SkippingTokenizer adds.
 */
interface Skipping {
  buffer: string;
  index: number;
  offset: number;
  decodeEntities: boolean;
  lt: NextChar;
  amp: NextChar;
  doubleQuote: NextChar;
  singleQuote: NextChar;
  // Function-valued properties, not methods: they are read off the prototype and called on a tokenizer.
  stateText: (this: Skipping, c: number) => void;
  stateInAttributeValueDoubleQuotes: (this: Skipping, c: number) => void;
  stateInAttributeValueSingleQuotes: (this: Skipping, c: number) => void;
  fastForwardTo: (this: Skipping, c: number) => boolean;
  stateInTagName: (this: Skipping, c: number) => void;
  stateInClosingTagName: (this: Skipping, c: number) => void;
  stateInAttributeName: (this: Skipping, c: number) => void;
}

export class SkippingTokenizer extends Tokenizer {
  readonly lt = new NextChar('<');
  readonly amp = new NextChar('&');
  readonly doubleQuote = new NextChar('"');
  readonly singleQuote = new NextChar("'");

  override write(chunk: string): void {
    this.lt.reset();
    this.amp.reset();
    this.doubleQuote.reset();
    this.singleQuote.reset();
    super.write(chunk);
  }
}

const proto = SkippingTokenizer.prototype as unknown as Skipping;

/**
 * A state that only `end` (or `&`, when entities are decoded) can leave: htmlparser2's `state` for
 * those characters, and otherwise a move to the character before the next of them, so that the
 * tokenizer's loop steps onto it and hands it to the same state.
 */
function skipping(end: number, next: (t: Skipping) => NextChar, state: (this: Skipping, c: number) => void): (this: Skipping, c: number) => void {
  return function (this: Skipping, c: number): void {
    if (c === end || (c === AMP && this.decodeEntities)) {
      state.call(this, c);
      return;
    }
    const from = this.index - this.offset + 1;
    const at = next(this).from(this.buffer, from);
    this.index = (this.decodeEntities ? Math.min(at, this.amp.from(this.buffer, from)) : at) + this.offset - 1;
  };
}

// Text is left at `<`, a quoted attribute value at its quote.
proto.stateText = skipping(LT, (t) => t.lt, proto.stateText);
proto.stateInAttributeValueDoubleQuotes = skipping(DOUBLE_QUOTE, (t) => t.doubleQuote, proto.stateInAttributeValueDoubleQuotes);
proto.stateInAttributeValueSingleQuotes = skipping(SINGLE_QUOTE, (t) => t.singleQuote, proto.stateInAttributeValueSingleQuotes);

/** ASCII characters as a table: 1 for those in `chars`. */
function asciiSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) set[chars.charCodeAt(i)] = 1;
  return set;
}

const WHITESPACE = ' \n\t\f\r';

/**
 * A name state (a tag or attribute name), which only a character of `ends` can leave: names are
 * short, so the run is read here in a plain loop rather than searched for.
 */
function skippingName(ends: Uint8Array, state: (this: Skipping, c: number) => void): (this: Skipping, c: number) => void {
  return function (this: Skipping, c: number): void {
    if (c < 128 && ends[c] === 1) {
      state.call(this, c);
      return;
    }
    const buffer = this.buffer;
    let i = this.index - this.offset + 1;
    while (i < buffer.length) {
      const d = buffer.charCodeAt(i);
      if (d < 128 && ends[d] === 1) break;
      i++;
    }
    this.index = i + this.offset - 1;
  };
}

// A tag name ends at whitespace, `/` or `>`; an end tag's name at whitespace or `>`; an attribute
// name at whitespace, `/`, `>` or `=`.
proto.stateInTagName = skippingName(asciiSet(`${WHITESPACE}/>`), proto.stateInTagName);
proto.stateInClosingTagName = skippingName(asciiSet(`${WHITESPACE}>`), proto.stateInClosingTagName);
proto.stateInAttributeName = skippingName(asciiSet(`${WHITESPACE}/>=`), proto.stateInAttributeName);

// Comments, script and style content, the rest of an end tag: htmlparser2 skips these already, one
// character a step; here in one search.
proto.fastForwardTo = function (this: Skipping, c: number): boolean {
  const at = this.buffer.indexOf(String.fromCharCode(c), this.index - this.offset + 1);
  if (at >= 0) {
    this.index = at + this.offset;
    return true;
  }
  // Where htmlparser2's loop leaves it: on the last character, for the tokenizer's loop to step past.
  this.index = this.buffer.length + this.offset - 1;
  return false;
};
