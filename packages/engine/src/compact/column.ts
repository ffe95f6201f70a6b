// A typed array that grows as it is appended to: the site index keeps one of these per field (a struct of
// arrays), so that 50,000 records cost a few flat buffers instead of 50,000 objects.

type NumberArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

export class Column<A extends NumberArray> {
  private data: A;
  private used = 0;

  constructor(
    private readonly make: (length: number) => A,
    /** Value of the slots `ensure` adds beyond those written (typed arrays start at 0). */
    private readonly fill = 0,
    capacity = 1024,
  ) {
    this.data = this.filled(make(capacity), 0);
  }

  get length(): number {
    return this.used;
  }

  push(value: number): void {
    if (this.used === this.data.length) this.reserve(this.used + 1);
    this.data[this.used++] = value;
  }

  /** Appends every value of `values` (a signature's 64 values in one copy). */
  pushAll(values: ArrayLike<number>): void {
    this.reserve(this.used + values.length);
    this.data.set(values, this.used);
    this.used += values.length;
  }

  get(i: number): number {
    return i < this.used ? this.data[i]! : this.fill;
  }

  set(i: number, value: number): void {
    this.ensure(i + 1);
    this.data[i] = value;
  }

  /** Extends the column to `length` slots (new ones hold `fill`). */
  ensure(length: number): void {
    if (length <= this.used) return;
    this.reserve(length);
    this.used = length;
  }

  /** The written slots, without a copy: valid until the next push. */
  view(): A {
    return this.data.subarray(0, this.used) as A;
  }

  get byteLength(): number {
    return this.data.byteLength;
  }

  private reserve(length: number): void {
    if (length <= this.data.length) return;
    // Growing by half (not doubling) wastes at most a third of the largest column, the links.
    let capacity = Math.ceil(this.data.length * 1.5);
    while (capacity < length) capacity = Math.ceil(capacity * 1.5);
    const next = this.make(capacity);
    next.set(this.data);
    this.data = this.filled(next, this.data.length);
  }

  private filled(array: A, from: number): A {
    if (this.fill !== 0) array.fill(this.fill, from);
    return array;
  }
}

export const int32 = (fill = 0): Column<Int32Array> => new Column((n) => new Int32Array(n), fill);
export const uint32 = (): Column<Uint32Array> => new Column((n) => new Uint32Array(n));
export const uint16 = (): Column<Uint16Array> => new Column((n) => new Uint16Array(n));
export const float64 = (): Column<Float64Array> => new Column((n) => new Float64Array(n));
export const uint8 = (): Column<Uint8Array> => new Column((n) => new Uint8Array(n));
