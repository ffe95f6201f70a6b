// An append-only file of bytes for what a large site would otherwise keep on the heap (link
// lists, content signatures, URL strings, the queue of URLs to fetch). The newest bytes wait in
// a buffer; the file is only made once that buffer fills, so a small audit never touches the
// disk. The file is removed as soon as it is opened (it lives while its descriptor is open), so
// nothing is left behind by a process that dies; where the system refuses (Windows), it is
// removed on close. Reads go through a few cached blocks: sequential scans cost one read a
// block, and the operating system's page cache (not this process's memory) holds the rest.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BLOCK = 16 * 1024;
/** 4 MB of cached blocks a file at most, whatever the site's size: enough for the URLs that messages name over and over. */
const CACHED_BLOCKS = 256;

export interface SpillFileOptions {
  /** Bytes kept in memory before the file is written to (tests make it small). */
  bufferBytes?: number;
}

export class SpillFile {
  private fd: number | null = null;
  private leftover: string | null = null;
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
    return this.fd !== null;
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
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.leftover !== null) rmSync(this.leftover, { recursive: true, force: true });
    this.leftover = null;
    this.blocks.clear();
  }

  private flush(): void {
    if (this.tailUsed === 0) return;
    if (this.fd === null) this.open();
    let done = 0;
    while (done < this.tailUsed) done += writeSync(this.fd!, this.tail, done, this.tailUsed - done, this.written + done);
    // The last, partial block may be cached: it has grown.
    this.blocks.delete(Math.floor(this.written / BLOCK));
    this.written += this.tailUsed;
    this.tailUsed = 0;
  }

  private open(): void {
    const dir = mkdtempSync(join(tmpdir(), 'seo-geo-spill-'));
    const file = join(dir, 'data');
    this.fd = openSync(file, 'w+');
    try {
      unlinkSync(file);
      rmSync(dir, { recursive: true, force: true });
    } catch {
      this.leftover = dir;
    }
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
    let done = 0;
    while (done < size) {
      const n = readSync(this.fd!, block, done, size - done, start + done);
      if (n === 0) throw new Error(`spill file ended at ${start + done} of ${this.written} bytes`);
      done += n;
    }
    this.blocks.set(index, block);
    return block;
  }
}
