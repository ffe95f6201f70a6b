// A file for bytes this process alone reads back, removed as soon as it is opened (it lives while
// its descriptor is open), so that nothing is left behind by a process that dies. Where the
// system refuses to remove an open file (Windows), it is removed on close.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class ScratchFile {
  private fd: number | null;
  private leftover: string | null = null;

  constructor() {
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

  /** Writes all of `bytes` at `position`. */
  write(bytes: Uint8Array, position: number): void {
    let done = 0;
    while (done < bytes.length) done += writeSync(this.open(), bytes, done, bytes.length - done, position + done);
  }

  /** Fills `out` with the bytes at `position`, which must all have been written. */
  read(out: Uint8Array, position: number): void {
    let done = 0;
    while (done < out.length) {
      const n = readSync(this.open(), out, done, out.length - done, position + done);
      if (n === 0) throw new Error(`scratch file ended at ${position + done}`);
      done += n;
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.leftover !== null) rmSync(this.leftover, { recursive: true, force: true });
    this.leftover = null;
  }

  private open(): number {
    if (this.fd === null) throw new Error('the scratch file is closed');
    return this.fd;
  }
}
