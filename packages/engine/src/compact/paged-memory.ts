// An audit's arrays in a fixed memory budget, whatever the site's size: the site checks' and the
// URL tables (compact/string-ids.ts) of the crawl and the checks. Every array that grows with the
// site (a column a record, a counter or a parent a page, a URL's record, a hash table) is cut
// into blocks, and the blocks live in a pool of frames: the pool allocates frames up to its
// budget, then gives the least recently used one (the clock algorithm) to the block that needs
// it, after writing its bytes to a scratch file when they changed. A small site never touches
// the disk; a large one keeps its working set in memory and the rest in the file (and the
// operating system's page cache), as a database's buffer pool does.
//
// Blocks are small (16 KB) because the checks read the records that links point at in no order;
// reads of a block stay in memory while the pool holds the arrays being read at random (the link
// graph's pass reads five arrays of 4 bytes a URL at random: 20 MB at a million pages).
import { ScratchFile } from './scratch-file.js';

const DEFAULT_BLOCK_BYTES = 16 * 1024;
/**
 * The default budget; SiteIndexOptions and the worker's settings choose another. The arrays of a
 * 200,000-page site take about 29 MB at their peak, and with 8 MB 99% of their reads still find
 * their block in memory (`bench:engine`'s site checks print both).
 */
export const DEFAULT_PAGED_BUDGET_BYTES = 16 * 1024 * 1024;
/** Frames a pool has at least, however small its budget: a few arrays read at once each need one. */
const MIN_FRAMES = 4;

export interface PagedMemoryOptions {
  /** Bytes of frames the pool allocates at most. */
  budgetBytes?: number;
  /** Bytes a block (a power of two, at least 64): tests make it small, so that a few pages spill. */
  blockBytes?: number;
}

export class PagedMemory {
  readonly blockBytes: number;
  /** By frame: its bytes, viewed as each kind of value. */
  readonly i32: Int32Array[] = [];
  readonly u8: Uint8Array[] = [];
  readonly f64: Float64Array[] = [];
  /** By frame: 1 when read or written since the clock hand last passed it. */
  readonly used: Uint8Array;
  /** By frame: 1 when its bytes differ from the file's. */
  readonly dirty: Uint8Array;
  /** By frame: the array, and its block, that the frame holds. */
  private readonly owner: Array<PagedArray<Values> | null> = [];
  private readonly block: Int32Array;
  private readonly maxFrames: number;
  private readonly freeFrames: number[] = [];
  private hand = 0;
  private file: ScratchFile | null = null;
  /** Blocks' places in the file: used so far, and given back by freed arrays. */
  private slots = 0;
  private readonly freeSlots: number[] = [];
  /** Blocks read back from the file, and written to it (tests, benchmarks). */
  reads = 0;
  writes = 0;

  constructor(options: PagedMemoryOptions = {}) {
    const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
    if (blockBytes < 64 || (blockBytes & (blockBytes - 1)) !== 0) throw new RangeError(`a block of ${blockBytes} bytes: not a power of two of 64 or more`);
    this.blockBytes = blockBytes;
    this.maxFrames = Math.max(MIN_FRAMES, Math.floor((options.budgetBytes ?? DEFAULT_PAGED_BUDGET_BYTES) / blockBytes));
    this.used = new Uint8Array(this.maxFrames);
    this.dirty = new Uint8Array(this.maxFrames);
    this.block = new Int32Array(this.maxFrames);
  }

  /** An array of `length` 32-bit integers, each `fill` until set. Unsigned values read back signed: compare them with `| 0`. */
  int32(length = 0, fill = 0): PagedInt32 {
    return new PagedArray(this, this.i32, 4, length, fill);
  }

  uint8(length = 0, fill = 0): PagedUint8 {
    return new PagedArray(this, this.u8, 1, length, fill);
  }

  float64(length = 0, fill = 0): PagedFloat64 {
    return new PagedArray(this, this.f64, 8, length, fill);
  }

  /** Bytes of frames allocated: the memory the pool holds. */
  get byteLength(): number {
    return this.i32.length * this.blockBytes;
  }

  /** Whether any block went to the file. */
  get spilled(): boolean {
    return this.file !== null;
  }

  /** Drops the frames and removes the file; the pool's arrays cannot be read after. */
  close(): void {
    this.file?.close();
    this.file = null;
    for (let f = 0; f < this.owner.length; f++) this.owner[f]?.detach();
    this.i32.length = 0;
    this.u8.length = 0;
    this.f64.length = 0;
    this.owner.length = 0;
    this.freeFrames.length = 0;
    this.hand = 0;
  }

  /** A frame for `array`'s block `b` (its bytes left as they were: the array fills them). */
  frameFor(array: PagedArray<Values>, b: number): number {
    let f = this.freeFrames.pop();
    if (f === undefined && this.i32.length < this.maxFrames) {
      f = this.i32.length;
      const bytes = new ArrayBuffer(this.blockBytes);
      this.i32.push(new Int32Array(bytes));
      this.u8.push(new Uint8Array(bytes));
      this.f64.push(new Float64Array(bytes));
      this.owner.push(null);
    }
    f ??= this.evict();
    this.owner[f] = array;
    this.block[f] = b;
    this.used[f] = 1;
    this.dirty[f] = 0;
    return f;
  }

  /** Gives frame `f` back (its array no longer needs it). */
  release(f: number): void {
    this.owner[f] = null;
    this.used[f] = 0;
    this.dirty[f] = 0;
    this.freeFrames.push(f);
  }

  /** A place for one block in the file. */
  newSlot(): number {
    return this.freeSlots.pop() ?? this.slots++;
  }

  releaseSlot(slot: number): void {
    this.freeSlots.push(slot);
  }

  writeBlock(slot: number, f: number): void {
    this.file ??= new ScratchFile();
    this.file.write(this.u8[f]!, slot * this.blockBytes);
    this.writes++;
  }

  readBlock(slot: number, f: number): void {
    this.file!.read(this.u8[f]!, slot * this.blockBytes);
    this.reads++;
  }

  /** Frees the least recently used frame: every frame is owned when none is free. */
  private evict(): number {
    for (;;) {
      const f = this.hand;
      this.hand = f + 1 === this.i32.length ? 0 : f + 1;
      if (this.used[f] === 1) {
        this.used[f] = 0;
        continue;
      }
      this.owner[f]!.evicted(this.block[f]!, f, this.dirty[f] === 1);
      return f;
    }
  }
}

type Values = Int32Array | Uint8Array | Float64Array;
export type PagedInt32 = PagedArray<Int32Array>;
export type PagedUint8 = PagedArray<Uint8Array>;
export type PagedFloat64 = PagedArray<Float64Array>;

/**
 * An array of one kind of value, in blocks the pool holds. The three kinds share this code: a
 * read sees at most three kinds of typed array, few enough for V8's inline caches to stay fast.
 */
export class PagedArray<A extends Values> {
  /** By block: the frame holding it, or -1. */
  private frameOf: Int32Array = new Int32Array(0);
  /** By block: its place in the file, or -1 when it was never written there (all `fill`). */
  private slotOf: Int32Array = new Int32Array(0);
  private size = 0;
  private readonly used: Uint8Array;
  private readonly dirty: Uint8Array;
  private readonly shift: number;
  private readonly mask: number;
  /** The block read or written last, its frame, and that frame's values: -1 when none (or it left its frame). */
  private lastBlock = -1;
  private lastFrame = -1;
  private last: A;

  constructor(
    private readonly memory: PagedMemory,
    /** The pool's frames, viewed as this kind of value. */
    private readonly frames: A[],
    bytesPerValue: number,
    length: number,
    /** What a value reads as before it is set. */
    readonly fill: number,
  ) {
    this.used = memory.used;
    this.dirty = memory.dirty;
    const perBlock = memory.blockBytes / bytesPerValue;
    this.shift = Math.log2(perBlock);
    this.mask = perBlock - 1;
    this.last = frames[0] ?? (new Uint8Array(0) as A);
    this.ensure(length);
  }

  get length(): number {
    return this.size;
  }

  /**
   * The value at `i`; `fill` outside the array. The block read last is read again without a
   * look-up (most reads are in order); past the end of the array its slots hold `fill`.
   */
  get(i: number): number {
    const b = i >>> this.shift;
    if (b === this.lastBlock) return this.last[i & this.mask]!;
    if (i >>> 0 >= this.size) return this.fill;
    this.enter(b);
    return this.last[i & this.mask]!;
  }

  /** Sets the value at `i`, growing the array to reach it. */
  set(i: number, value: number): void {
    if (i >>> 0 >= this.size) {
      if (i < 0) throw new RangeError(`index ${i} of a paged array of ${this.size}`);
      this.ensure(i + 1);
    }
    const b = i >>> this.shift;
    if (b !== this.lastBlock) this.enter(b);
    this.dirty[this.lastFrame] = 1;
    this.last[i & this.mask] = value;
  }

  push(value: number): void {
    this.set(this.size, value);
  }

  /** Grows the array to `length` values (the new ones read as `fill`). */
  ensure(length: number): void {
    if (length <= this.size) return;
    const blocks = ((length - 1) >>> this.shift) + 1;
    if (blocks > this.frameOf.length) {
      const capacity = Math.max(blocks, Math.ceil(this.frameOf.length * 1.5));
      this.frameOf = grown(this.frameOf, capacity);
      this.slotOf = grown(this.slotOf, capacity);
    }
    this.size = length;
  }

  /** Gives the array's frames and file space back to the pool; it is empty after. */
  free(): void {
    for (let b = 0; b < this.frameOf.length; b++) {
      if (this.frameOf[b] !== -1) this.memory.release(this.frameOf[b]!);
      if (this.slotOf[b] !== -1) this.memory.releaseSlot(this.slotOf[b]!);
    }
    this.detach();
  }

  /** Forgets every block (the pool is closed, or the array freed). */
  detach(): void {
    this.lastBlock = -1;
    this.frameOf = new Int32Array(0);
    this.slotOf = new Int32Array(0);
    this.size = 0;
  }

  /** The pool takes frame `f` from block `b`: its bytes go to the file first when they changed. */
  evicted(b: number, f: number, changed: boolean): void {
    if (changed) {
      if (this.slotOf[b] === -1) this.slotOf[b] = this.memory.newSlot();
      this.memory.writeBlock(this.slotOf[b]!, f);
    }
    this.frameOf[b] = -1;
    if (b === this.lastBlock) this.lastBlock = -1;
  }

  /** Makes block `b` the last one read, in a frame (from the file, or filled when it was never written out). */
  private enter(b: number): void {
    let f = this.frameOf[b]!;
    if (f === -1) {
      f = this.memory.frameFor(this, b);
      const slot = this.slotOf[b]!;
      if (slot === -1) this.frames[f]!.fill(this.fill);
      else this.memory.readBlock(slot, f);
      this.frameOf[b] = f;
    } else this.used[f] = 1;
    this.lastBlock = b;
    this.lastFrame = f;
    this.last = this.frames[f]!;
  }
}

function grown(table: Int32Array, capacity: number): Int32Array {
  const next = new Int32Array(capacity).fill(-1);
  next.set(table);
  return next;
}
