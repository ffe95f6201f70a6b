// Strings interned to dense ids, with the strings on disk: the id table (StringIds, about 17 to 34
// bytes a string) and each string's end offset (8 more) are in paged memory, within its budget,
// where a Map of a million URLs would hold 200 MB of heap. `value` reads a string back (for
// messages).
import type { PagedFloat64, PagedMemory } from './paged-memory.js';
import { SpillFile, type SpillFileOptions } from './spill-file.js';
import { StringIds } from './string-ids.js';

/** What the site checks read of a table of interned strings. */
export interface StringTable {
  intern(value: string): number;
  find(value: string): number;
  value(id: number): string;
  readonly size: number;
}

export class SpilledStrings implements StringTable {
  private readonly ids: StringIds;
  private readonly file: SpillFile;
  /** By id: where its string ends in the file. */
  private readonly ends: PagedFloat64;

  constructor(memory: PagedMemory, options: SpillFileOptions = {}) {
    this.ids = new StringIds(memory);
    this.file = new SpillFile(options);
    this.ends = memory.float64();
  }

  get size(): number {
    return this.ids.size;
  }

  intern(value: string): number {
    const id = this.ids.intern(value);
    if (id === this.ends.length) {
      this.file.appendUtf8(value);
      this.ends.push(this.file.length);
    }
    return id;
  }

  find(value: string): number {
    return this.ids.find(value);
  }

  value(id: number): string {
    if (id < 0 || id >= this.ends.length) throw new RangeError(`no string ${id} of ${this.ends.length}`);
    const start = id === 0 ? 0 : this.ends.get(id - 1);
    return this.file.readUtf8(start, this.ends.get(id) - start);
  }

  /** Bytes of the id table, in paged memory like the offsets (its frames, or its scratch file). */
  get byteLength(): number {
    return this.ids.byteLength;
  }

  get spilled(): boolean {
    return this.file.spilled;
  }

  close(): void {
    this.file.close();
  }
}
