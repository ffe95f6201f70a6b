// MinHash's inner loop (minhash.ts) in WebAssembly SIMD: the 64 minimums of fmix32(x XOR seed_i)
// over a page's shingle hashes, sixteen hash functions a pass, four in each 128-bit vector. The
// result is the same, bit for bit, as the plain loop's (the tests compare them), at about a quarter
// of its cost: the loop was a quarter of a page's analysis.
//
// The module is a few hundred bytes, so it is assembled here rather than built: its layout in
// memory is the 64 seeds at byte 0, the 64 minimums at byte 256, and the shingle hashes from
// byte 1024. Where WebAssembly SIMD is missing, `simdMinimums` is null and the plain loop runs.

const SEEDS_AT = 0;
const MINIMUMS_AT = 256;
const SHINGLES_AT = 1024;
/** Pages with more shingles than this (16 MB of them) use the plain loop rather than grow the memory further. */
const MAX_SHINGLES = 4 * 1024 * 1024;

export interface SimdMinimums {
  /** Writes the 64 minimums of `shingles` into `out`; false (and nothing written) for more than the loop takes. */
  minimums(shingles: Int32Array, out: Uint32Array): boolean;
}

/** The SIMD loop with `seeds` (64 values), or null where it cannot run. */
export function simdMinimums(seeds: Int32Array): SimdMinimums | null {
  let instance: WebAssembly.Instance;
  try {
    const bytes = moduleBytes();
    if (!WebAssembly.validate(bytes)) return null;
    instance = new WebAssembly.Instance(new WebAssembly.Module(bytes));
  } catch {
    return null;
  }
  const memory = instance.exports.memory as WebAssembly.Memory;
  const run = instance.exports.minimums as (count: number) => void;
  new Int32Array(memory.buffer, SEEDS_AT, 64).set(seeds);
  return {
    minimums(shingles, out) {
      const count = shingles.length;
      if (count > MAX_SHINGLES) return false;
      const needed = SHINGLES_AT + count * 4;
      if (needed > memory.buffer.byteLength) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65_536));
      new Int32Array(memory.buffer, SHINGLES_AT, count).set(shingles);
      if (count === 0) out.fill(0xffffffff);
      else {
        run(count);
        out.set(new Uint32Array(memory.buffer, MINIMUMS_AT, 64));
      }
      return true;
    },
  };
}

// The assembler: just what this one function needs.
const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  i32Const: 0x41,
  i32GeU: 0x4f,
  i32LtU: 0x49,
  i32Add: 0x6a,
  i32Shl: 0x74,
};
const simd = {
  load: [0xfd, 0x00],
  store: [0xfd, 0x0b],
  const: [0xfd, 0x0c],
  splat: [0xfd, 0x11],
  xor: [0xfd, 0x51],
  shrU: [0xfd, 0xad, 0x01],
  mul: [0xfd, 0xb5, 0x01],
  minU: [0xfd, 0xb7, 0x01],
};

function unsignedLeb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function signedLeb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]): number[] => [id, ...unsignedLeb(body.length), ...body];
const name = (text: string): number[] => [text.length, ...Array.from(text, (c) => c.charCodeAt(0))];
const splatConst = (value: number): number[] => {
  const lane = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
  return [...simd.const, ...lane, ...lane, ...lane, ...lane];
};

function moduleBytes(): Uint8Array<ArrayBuffer> {
  // Locals: 0 count (the parameter); 1 g, the byte offset of a group of 16 seeds; 2 i; then
  // v128s: 3 x, 4 h, 5-8 seeds, 9-12 minimums, 13-14 fmix32's multipliers.
  const [count, g, i, x, h, c1, c2] = [0, 1, 2, 3, 4, 13, 14];
  const seed = (k: number): number => 5 + k;
  const minimum = (k: number): number => 9 + k;
  const get = (local: number): number[] => [op.localGet, local];
  const set = (local: number): number[] => [op.localSet, local];
  const tee = (local: number): number[] => [op.localTee, local];
  const memarg = (alignLog2: number, offset: number): number[] => [alignLog2, ...unsignedLeb(offset)];
  const shiftXor = (bits: number): number[] => [...tee(h), ...get(h), op.i32Const, bits, ...simd.shrU, ...simd.xor];
  const body: number[] = [
    ...splatConst(0x85ebca6b),
    ...set(c1),
    ...splatConst(0xc2b2ae35),
    ...set(c2),
    op.i32Const,
    0,
    ...set(g),
    op.loop,
    0x40,
    // This group's 16 seeds, and minimums that start at the largest unsigned value.
    ...[0, 1, 2, 3].flatMap((k) => [...get(g), ...simd.load, ...memarg(4, SEEDS_AT + 16 * k), ...set(seed(k))]),
    ...[0, 1, 2, 3].flatMap((k) => [...splatConst(0xffffffff), ...set(minimum(k))]),
    op.i32Const,
    0,
    ...set(i),
    op.block,
    0x40,
    ...get(i),
    ...get(count),
    op.i32GeU,
    op.brIf,
    0,
    op.loop,
    0x40,
    ...get(i),
    op.i32Const,
    2,
    op.i32Shl,
    op.i32Load,
    ...memarg(2, SHINGLES_AT),
    ...simd.splat,
    ...set(x),
    // minimum_k = min_u(minimum_k, fmix32(x ^ seed_k)), for the four vectors.
    ...[0, 1, 2, 3].flatMap((k) => [
      ...get(x),
      ...get(seed(k)),
      ...simd.xor,
      ...shiftXor(16),
      ...get(c1),
      ...simd.mul,
      ...shiftXor(13),
      ...get(c2),
      ...simd.mul,
      ...shiftXor(16),
      ...get(minimum(k)),
      ...simd.minU,
      ...set(minimum(k)),
    ]),
    ...get(i),
    op.i32Const,
    1,
    op.i32Add,
    ...tee(i),
    ...get(count),
    op.i32LtU,
    op.brIf,
    0,
    op.end,
    op.end,
    ...[0, 1, 2, 3].flatMap((k) => [...get(g), ...get(minimum(k)), ...simd.store, ...memarg(4, MINIMUMS_AT + 16 * k)]),
    ...get(g),
    op.i32Const,
    ...signedLeb(64),
    op.i32Add,
    ...tee(g),
    op.i32Const,
    ...signedLeb(256),
    op.i32LtU,
    op.brIf,
    0,
    op.end,
    op.end,
  ];
  const locals = [2, 2, I32, 12, V128];
  const code = [...locals, ...body];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 1, I32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('memory'), 0x02, 0, ...name('minimums'), 0x00, 0]),
    ...section(10, [1, ...unsignedLeb(code.length), ...code]),
  ]);
}
