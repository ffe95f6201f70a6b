// An append-only file of bytes for what a large site would otherwise keep on the heap (link
// lists, content signatures, URL strings, the queue of URLs to fetch). The newest bytes wait in
// a buffer; the file is only made once that buffer fills, so a small audit never touches the
// disk (a ScratchFile: nothing is left behind by a process that dies). Reads go through a few cached blocks: sequential scans cost one read a
// block, and the operating system's page cache (not this process's memory) holds the rest.
import { ScratchFile } from './scratch-file.js';

const BLOCK = 16 * 1024;
/**
 * 1 MB of cached blocks a file at most, whatever the site's size: enough for the URLs that
 * messages name over and over (4 MB made the site checks of 100,000 pages no faster, and held
 * 9 MB more).
 */
const CACHED_BLOCKS = 64;

export interface SpillFileOptions {
  /** Bytes kept in memory before the file is written to (tests make it small). */
  bufferBytes?: number;
}

export class SpillFile {
  private file: ScratchFile | null = null;
  /** Bytes in the file; those after it are in `tail`. */
  private written = 0;
  private tail: Buffer;
  private tailUsed = 0;
  private readonly blocks = new Map<number, Buffer>();

  constructor(options: SpillFileOptions = {}) {
    this.tail = Buffer.allocUnsafe(options.bufferBytes ?? 256 * 1024);
  }

  get length(): number {
    return this.written + this.tailUsed;
  }

  /** Whether bytes went to disk (for the tests). */
  get spilled(): boolean {
    return this.file !== null;
  }

  append(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.length) {
      if (this.tailUsed === this.tail.length) this.flush();
      const n = Math.min(bytes.length - from, this.tail.length - this.tailUsed);
      this.tail.set(bytes.subarray(from, from + n), this.tailUsed);
      this.tailUsed += n;
      from += n;
    }
  }

  /** Appends `text` as UTF-8; returns its length in bytes. */
  appendUtf8(text: string): number {
    // At most 3 bytes per UTF-16 code unit.
    if (text.length * 3 > this.tail.length - this.tailUsed) {
      if (text.length * 3 > this.tail.length) {
        const bytes = Buffer.from(text, 'utf8');
        this.append(bytes);
        return bytes.length;
      }
      this.flush();
    }
    const n = this.tail.write(text, this.tailUsed, 'utf8');
    this.tailUsed += n;
    return n;
  }

  /** A copy of `length` bytes from `position` (which must be within what was appended). */
  read(position: number, length: number): Uint8Array {
    const out = new Uint8Array(length);
    this.readInto(position, out);
    return out;
  }

  /** Fills `out` with the bytes from `position`. */
  readInto(position: number, out: Uint8Array): void {
    const length = out.length;
    if (position < 0 || position + length > this.length) throw new RangeError(`read of ${length} bytes at ${position}, past ${this.length}`);
    let at = 0;
    while (at < length) {
      const p = position + at;
      if (p >= this.written) {
        out.set(this.tail.subarray(p - this.written, p - this.written + (length - at)), at);
        break;
      }
      const index = Math.floor(p / BLOCK);
      const block = this.block(index);
      const offset = p - index * BLOCK;
      const n = Math.min(length - at, block.length - offset);
      out.set(block.subarray(offset, offset + n), at);
      at += n;
    }
  }

  readUtf8(position: number, length: number): string {
    // Within one cached block (a URL, almost always): decoded where it lies, without a copy.
    const index = Math.floor(position / BLOCK);
    if (position >= 0 && position + length <= this.written && Math.floor((position + length - 1) / BLOCK) === index && length > 0) {
      const offset = position - index * BLOCK;
      return this.block(index).toString('utf8', offset, offset + length);
    }
    const bytes = this.read(position, length);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  }

  close(): void {
    this.file?.close();
    this.file = null;
    this.blocks.clear();
  }

  private flush(): void {
    if (this.tailUsed === 0) return;
    this.file ??= new ScratchFile();
    this.file.write(this.tail.subarray(0, this.tailUsed), this.written);
    // The last, partial block may be cached: it has grown.
    this.blocks.delete(Math.floor(this.written / BLOCK));
    this.written += this.tailUsed;
    this.tailUsed = 0;
  }

  /** Block `index` of the file, from the cache or read now (least recently used goes first). */
  private block(index: number): Buffer {
    const cached = this.blocks.get(index);
    if (cached) {
      this.blocks.delete(index);
      this.blocks.set(index, cached);
      return cached;
    }
    const start = index * BLOCK;
    const size = Math.min(BLOCK, this.written - start);
    let block: Buffer;
    if (this.blocks.size >= CACHED_BLOCKS) {
      // The least recently used block's buffer is reused for this one.
      const oldest = this.blocks.keys().next().value!;
      const reused = this.blocks.get(oldest)!;
      this.blocks.delete(oldest);
      block = reused.length === BLOCK ? reused.subarray(0, size) : Buffer.allocUnsafe(size);
    } else block = Buffer.allocUnsafe(size);
    this.file!.read(block, start);
    this.blocks.set(index, block);
    return block;
  }
}
