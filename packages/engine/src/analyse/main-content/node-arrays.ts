// Per-node arrays (one element per node of the content tree) carved from one buffer. A typed array
// of its own is an allocation outside the JavaScript heap, which V8 makes and later frees at about
// half a microsecond apiece, more than filling a page's arrays costs: a view of the tree
// (measures.ts) had seventeen, scoring two and cleaning four. Views into one buffer cost one.

export class NodeArrays {
  private readonly buffer: ArrayBuffer;
  /** Where the next array of each kind starts: the Float64Arrays first, then the Int32Arrays, then the Uint8Arrays (each aligned). */
  private nextFloat64: number;
  private nextInt32: number;
  private nextUint8: number;

  /** Room for `float64s` Float64Arrays, `int32s` Int32Arrays and `uint8s` Uint8Arrays of `n` elements each, zero-filled. */
  constructor(
    private readonly n: number,
    float64s: number,
    int32s: number,
    uint8s: number,
  ) {
    this.nextFloat64 = 0;
    this.nextInt32 = 8 * n * float64s;
    this.nextUint8 = this.nextInt32 + 4 * n * int32s;
    this.buffer = new ArrayBuffer(this.nextUint8 + n * uint8s);
  }

  float64(): Float64Array {
    const array = new Float64Array(this.buffer, this.nextFloat64, this.n);
    this.nextFloat64 += array.byteLength;
    return array;
  }

  int32(): Int32Array {
    const array = new Int32Array(this.buffer, this.nextInt32, this.n);
    this.nextInt32 += array.byteLength;
    return array;
  }

  uint8(): Uint8Array {
    const array = new Uint8Array(this.buffer, this.nextUint8, this.n);
    this.nextUint8 += array.byteLength;
    return array;
  }
}
