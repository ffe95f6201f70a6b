// Dense ids for strings, keyed by their 64-bit fingerprints in one flat table (open addressing,
// linear probing): about 17 to 34 bytes per string whatever its length, where a
// Map<string, number> holds the string itself and some 80 bytes more. The strings are not kept;
// SpilledStrings adds them, on disk.
//
// The table lives in paged memory (compact/paged-memory.ts), in the pool of the audit it serves:
// the URL tables of a 200,000-page site (6 MB each, and 9 while one doubles) then count against
// that pool's fixed budget instead of adding to the process's memory, and once the budget is
// spent the blocks least recently probed wait in the pool's scratch file. Each slot is three
// values side by side (fingerprint high and low halves, id), so that a probe reads one block.
import { fingerprint } from './fingerprint.js';
import type { PagedInt32, PagedMemory } from './paged-memory.js';

const EMPTY = -1;
/** Values a slot: fingerprint high half, low half, id. */
const SLOT = 3;
/** Grow when more than 70% of the slots are used. */
const MAX_LOAD = 0.7;

export class StringIds {
  /** By slot: high half, low half (both read back signed), id or EMPTY. */
  private table: PagedInt32;
  private capacity: number;
  private count = 0;
  private readonly print = new Uint32Array(2);

  constructor(
    private readonly memory: PagedMemory,
    capacity = 1024,
  ) {
    this.capacity = 2 ** Math.ceil(Math.log2(Math.max(16, capacity / MAX_LOAD)));
    this.table = memory.int32(this.capacity * SLOT, EMPTY);
  }

  /** Strings given ids so far (ids are 0 to size − 1, in order of first sight). */
  get size(): number {
    return this.count;
  }

  /** `text`'s id, given now when it has none. */
  intern(text: string): number {
    fingerprint(text, this.print);
    const hi = this.print[0]! | 0;
    const lo = this.print[1]! | 0;
    const at = this.slotOf(hi, lo) * SLOT;
    const found = this.table.get(at + 2);
    if (found !== EMPTY) return found;
    const id = this.count++;
    this.table.set(at, hi);
    this.table.set(at + 1, lo);
    this.table.set(at + 2, id);
    if (this.count > this.capacity * MAX_LOAD) this.grow();
    return id;
  }

  /** `text`'s id, or -1 when it has none. */
  find(text: string): number {
    fingerprint(text, this.print);
    return this.table.get(this.slotOf(this.print[0]! | 0, this.print[1]! | 0) * SLOT + 2);
  }

  /** Bytes of the table (in its pool's frames, or its scratch file). */
  get byteLength(): number {
    return this.capacity * SLOT * 4;
  }

  /** Gives the table's blocks back to the pool; the ids are forgotten. */
  free(): void {
    this.table.free();
    this.count = 0;
  }

  /** The slot holding this fingerprint, or the empty slot where it would go. */
  private slotOf(hi: number, lo: number): number {
    const table = this.table;
    const mask = this.capacity - 1;
    for (let slot = lo & mask; ; slot = (slot + 1) & mask) {
      const at = slot * SLOT;
      if (table.get(at + 2) === EMPTY || (table.get(at) === hi && table.get(at + 1) === lo)) return slot;
    }
  }

  /** Doubles the table: the old one is read in order, the new one written at random, then freed. */
  private grow(): void {
    const old = this.table;
    const oldCapacity = this.capacity;
    this.capacity = oldCapacity * 2;
    this.table = this.memory.int32(this.capacity * SLOT, EMPTY);
    for (let s = 0; s < oldCapacity; s++) {
      const at = s * SLOT;
      const id = old.get(at + 2);
      if (id === EMPTY) continue;
      const hi = old.get(at);
      const lo = old.get(at + 1);
      const to = this.slotOf(hi, lo) * SLOT;
      this.table.set(to, hi);
      this.table.set(to + 1, lo);
      this.table.set(to + 2, id);
    }
    old.free();
  }
}
