// The distinct words of a text, each with an id, looked up by their place in the text: a word
// already met is found without cutting it out of the text (most words of a page recur, and
// slicing then hashing every one of them was the text profile's largest cost).
// Open addressing over a power-of-two table; the hash is computed from the characters in place.
// A table is filled through idOf or through idIn, not both: each hashes and compares its own way.

export class WordTable {
  /** Each distinct word once, in order of first use; a word's id is its index. */
  readonly words: string[] = [];
  /** id + 1 per slot (0: empty). */
  private slots: Int32Array;
  private hashes: Int32Array;
  private mask = 1023;
  /** For idIn: where each word was first met in the code units. */
  private firstAt: Int32Array;

  constructor() {
    // The three arrays start in one buffer: each typed array of its own is an allocation outside
    // the JavaScript heap, and a table is made for every text profiled.
    const buffer = new ArrayBuffer(4 * (1024 + 1024 + 512));
    this.slots = new Int32Array(buffer, 0, 1024);
    this.hashes = new Int32Array(buffer, 4 * 1024, 1024);
    this.firstAt = new Int32Array(buffer, 4 * 2048, 512);
  }

  /** The id of the word `source[start, end)`, added when new. */
  idOf(source: string, start: number, end: number): number {
    let h = end - start;
    for (let i = start; i < end; i++) h = (Math.imul(h, 31) + source.charCodeAt(i)) | 0;
    return this.lookup(source, start, end, h, null);
  }

  /**
   * idOf for a text also given as its code units (text/code-units.ts), the same units for every
   * call on this table, with the word's hash `h` computed by the caller (any function of its
   * characters, the same for every call): a word met before is compared with its first use in
   * the units, which is much cheaper than comparing strings.
   */
  idIn(units: Uint16Array, source: string, start: number, end: number, h: number): number {
    return this.lookup(source, start, end, h, units);
  }

  private lookup(source: string, start: number, end: number, h: number, units: Uint16Array | null): number {
    const length = end - start;
    let slot = h & this.mask;
    for (;;) {
      const entry = this.slots[slot]!;
      if (entry === 0) break;
      const id = entry - 1;
      const word = this.words[id]!;
      if (
        this.hashes[slot] === h &&
        word.length === length &&
        (units === null ? source.startsWith(word, start) : sameUnits(units, this.firstAt[id]!, start, length))
      )
        return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.add(source, start, end, slot, h);
    if (units !== null) {
      if (id >= this.firstAt.length) {
        const grown = new Int32Array(this.firstAt.length * 2);
        grown.set(this.firstAt);
        this.firstAt = grown;
      }
      this.firstAt[id] = start;
    }
    return id;
  }

  private add(source: string, start: number, end: number, slot: number, h: number): number {
    const id = this.words.length;
    this.words.push(source.slice(start, end));
    this.slots[slot] = id + 1;
    this.hashes[slot] = h;
    if (this.words.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2);
    this.hashes = new Int32Array(slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let s = 0; s < slots.length; s++) {
      if (slots[s] === 0) continue;
      let slot = hashes[s]! & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = slots[s]!;
      this.hashes[slot] = hashes[s]!;
    }
  }
}

function sameUnits(units: Uint16Array, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (units[a + i] !== units[b + i]) return false;
  return true;
}
