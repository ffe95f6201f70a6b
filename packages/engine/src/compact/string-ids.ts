// Dense ids for strings, keyed by their 64-bit fingerprints in flat typed arrays (open
// addressing, linear probing): about 16 bytes per string whatever its length, where a
// Map<string, number> holds the string itself and some 80 bytes more. The strings are not kept;
// SpilledStrings adds them, on disk.
import { fingerprint } from './fingerprint.js';

const EMPTY = -1;
/** Grow when more than 70% of the slots are used. */
const MAX_LOAD = 0.7;

export class StringIds {
  private his: Uint32Array;
  private los: Uint32Array;
  private ids: Int32Array;
  private count = 0;
  private readonly print = new Uint32Array(2);

  constructor(capacity = 1024) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity / MAX_LOAD)));
    this.his = new Uint32Array(slots);
    this.los = new Uint32Array(slots);
    this.ids = new Int32Array(slots).fill(EMPTY);
  }

  /** Strings given ids so far (ids are 0 to size − 1, in order of first sight). */
  get size(): number {
    return this.count;
  }

  /** `text`'s id, given now when it has none. */
  intern(text: string): number {
    fingerprint(text, this.print);
    const slot = this.slotOf(this.print[0]!, this.print[1]!);
    const found = this.ids[slot]!;
    if (found !== EMPTY) return found;
    const id = this.count++;
    this.his[slot] = this.print[0]!;
    this.los[slot] = this.print[1]!;
    this.ids[slot] = id;
    if (this.count > this.ids.length * MAX_LOAD) this.grow();
    return id;
  }

  /** `text`'s id, or -1 when it has none. */
  find(text: string): number {
    fingerprint(text, this.print);
    return this.ids[this.slotOf(this.print[0]!, this.print[1]!)]!;
  }

  get byteLength(): number {
    return this.his.byteLength + this.los.byteLength + this.ids.byteLength;
  }

  /** The slot holding this fingerprint, or the empty slot where it would go. */
  private slotOf(hi: number, lo: number): number {
    const mask = this.ids.length - 1;
    let slot = lo & mask;
    while (this.ids[slot] !== EMPTY && (this.his[slot] !== hi || this.los[slot] !== lo)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { his, los, ids } = this;
    this.his = new Uint32Array(ids.length * 2);
    this.los = new Uint32Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(EMPTY);
    for (let s = 0; s < ids.length; s++) {
      if (ids[s] === EMPTY) continue;
      const slot = this.slotOf(his[s]!, los[s]!);
      this.his[slot] = his[s]!;
      this.los[slot] = los[s]!;
      this.ids[slot] = ids[s]!;
    }
  }
}
