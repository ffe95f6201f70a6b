// A first-in, first-out queue of strings, each with a number, whose middle waits on disk: the
// crawler's URLs still to fetch. A site whose sitemaps list a million URLs queues them all at
// once; here only the next few thousand to take and the last few thousand added stay in memory.
import { SpillFile, type SpillFileOptions } from './spill-file.js';

/** Entries read from the file, or added before it is written to, at a time. */
const CHUNK = 2048;

export class SpilledQueue {
  /** The oldest entries, taken from `head` onwards. */
  private front: { texts: string[]; numbers: number[]; head: number } = { texts: [], numbers: [], head: 0 };
  /** Entries on disk, as lines `number text`, not yet read back. */
  private readonly file: SpillFile;
  private readAt = 0;
  private onDisk = 0;
  /** The newest entries, not yet written. */
  private back: { texts: string[]; numbers: number[] } = { texts: [], numbers: [] };
  private count = 0;

  constructor(private readonly options: SpillFileOptions & { chunk?: number } = {}) {
    this.file = new SpillFile(options);
  }

  get size(): number {
    return this.count;
  }

  push(text: string, number: number): void {
    this.back.texts.push(text);
    this.back.numbers.push(number);
    this.count++;
    if (this.back.texts.length < (this.options.chunk ?? CHUNK)) return;
    if (this.onDisk === 0 && this.frontLeft() === 0) return this.backToFront();
    // Entries never hold a newline: URLs the crawler normalised escape it.
    for (let i = 0; i < this.back.texts.length; i++) this.file.appendUtf8(`${this.back.numbers[i]!} ${this.back.texts[i]!}\n`);
    this.onDisk += this.back.texts.length;
    this.back = { texts: [], numbers: [] };
  }

  /** The oldest entry's number, or undefined when empty. */
  peekNumber(): number | undefined {
    return this.fill() ? this.front.numbers[this.front.head] : undefined;
  }

  shift(): string | undefined {
    if (!this.fill()) return undefined;
    this.count--;
    return this.front.texts[this.front.head++];
  }

  close(): void {
    this.file.close();
  }

  private frontLeft(): number {
    return this.front.texts.length - this.front.head;
  }

  /** Makes sure the front has an entry, from the disk or else from the back; false when empty. */
  private fill(): boolean {
    if (this.frontLeft() > 0) return true;
    if (this.onDisk > 0) this.readChunk();
    else this.backToFront();
    return this.frontLeft() > 0;
  }

  /** With nothing older on disk, the newest entries are next: they skip the file. */
  private backToFront(): void {
    this.front = { ...this.back, head: 0 };
    this.back = { texts: [], numbers: [] };
  }

  private readChunk(): void {
    const texts: string[] = [];
    const numbers: number[] = [];
    const take = (line: string): void => {
      const space = line.indexOf(' ');
      numbers.push(Number(line.slice(0, space)));
      texts.push(line.slice(space + 1));
      this.readAt += Buffer.byteLength(line, 'utf8') + 1;
      this.onDisk--;
    };
    const chunk = this.options.chunk ?? CHUNK;
    while (texts.length < chunk && this.onDisk > 0) {
      const text = this.file.readUtf8(this.readAt, Math.min(64 * 1024, this.file.length - this.readAt));
      let from = 0;
      for (let nl = text.indexOf('\n'); nl !== -1 && texts.length < chunk; nl = text.indexOf('\n', from)) {
        take(text.slice(from, nl));
        from = nl + 1;
      }
      // No whole line in 64 KB (a URL that long): read that one line, in windows that double
      // until one holds it, so the work stays in proportion to the line, not to the queue.
      for (let window = 128 * 1024; from === 0; window *= 2) {
        const text = this.file.readUtf8(this.readAt, Math.min(window, this.file.length - this.readAt));
        const nl = text.indexOf('\n');
        if (nl !== -1) {
          take(text.slice(0, nl));
          from = nl + 1;
        }
      }
    }
    this.front = { texts, numbers, head: 0 };
  }
}
