// A growing array of 32-bit values kept in a SpillFile: the site index's link targets, hreflang
// alternates and content signatures, which are most of its size (a hundred links are 400
// bytes a page). Values are appended, then read back as slices.
import { SpillFile, type SpillFileOptions } from './spill-file.js';

type Values = Int32Array | Uint32Array;

export class SpillRows<A extends Values> {
  private readonly file: SpillFile;
  private readonly staged: A;
  private used = 0;

  constructor(
    private readonly make: { new (length: number): A; new (buffer: ArrayBuffer, byteOffset: number, length: number): A },
    options: SpillFileOptions = {},
  ) {
    this.file = new SpillFile(options);
    // Staged values are a few writes' worth; a test's tiny buffer stages fewer, so that it spills.
    this.staged = new make(Math.max(1, Math.min(1024, Math.floor((options.bufferBytes ?? 4096) / 4))));
  }

  /** Values appended. */
  get length(): number {
    return this.file.length / 4 + this.used;
  }

  push(value: number): void {
    if (this.used === this.staged.length) this.stage();
    this.staged[this.used++] = value;
  }

  pushAll(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.push(values[i]!);
  }

  /** A copy of the values from `start` to `end` (exclusive). */
  slice(start: number, end: number): A {
    const out = new this.make(Math.max(0, end - start));
    this.readInto(start, out);
    return out;
  }

  /** Fills `out` with the values from `start` on (no allocation: for loops over every row). */
  readInto(start: number, out: A): void {
    const end = start + out.length;
    const filed = this.file.length / 4;
    if (out.length === 0) return;
    if (start < filed) {
      const upTo = Math.min(end, filed);
      this.file.readInto(start * 4, new Uint8Array(out.buffer, out.byteOffset, (upTo - start) * 4));
    }
    if (end > filed) {
      const from = Math.max(start, filed);
      out.set(this.staged.subarray(from - filed, end - filed), from - start);
    }
  }

  get spilled(): boolean {
    return this.file.spilled;
  }

  close(): void {
    this.file.close();
  }

  private stage(): void {
    this.file.append(new Uint8Array(this.staged.buffer, this.staged.byteOffset, this.used * 4));
    this.used = 0;
  }
}

export const int32Rows = (options?: SpillFileOptions): SpillRows<Int32Array> => new SpillRows(Int32Array, options);
export const uint32Rows = (options?: SpillFileOptions): SpillRows<Uint32Array> => new SpillRows(Uint32Array, options);
