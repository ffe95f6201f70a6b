// The MinHash signature of main-content words (minhash.ts): what the near-duplicate check relies
// on, on generated texts (a fixed-seed generator, so each run sees the same words). The estimate
// is checked against the exact Jaccard similarity of the 3-word shingle sets, computed here.
import { describe, expect, it } from 'vitest';
import { simdMinimums } from '../../src/analyse/text/minhash-simd.js';
import {
  MIN_SIGNATURE_WORDS,
  SIGNATURE_SIZE,
  contentSignature,
  estimatedSimilarity,
  profileSignature,
  shingleMinimums,
} from '../../src/analyse/text/minhash.js';
import { profileText, wordsOf } from '../../src/analyse/text/words.js';

const VOCABULARY = `river garden lantern meadow harbor window pencil orchard valley thunder candle marble forest
  island bridge shadow silver rocket basket castle planet winter summer compass journey harvest mirror
  feather canyon glacier tunnel violin pepper saddle ribbon anchor blossom cobalt dolphin kettle ladder
  market needle oyster parrot quartz saffron timber umbrella velvet walnut yarrow zephyr the a of and to
  in is was for on with as by at from that this it be are or an which`.split(/\s+/);

/** Sentences of 8 to 20 words drawn from VOCABULARY by a linear congruential generator. */
function sentences(seed: number, words: number): string[][] {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const out: string[][] = [];
  for (let count = 0; count < words;) {
    const sentence = Array.from({ length: 8 + Math.floor(next() * 13) }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
    out.push(sentence);
    count += sentence.length;
  }
  return out;
}

const signature = (words: readonly string[]): Uint32Array => {
  const s = contentSignature(words);
  if (s === null) throw new Error('no signature');
  return s;
};

/** The exact Jaccard similarity of two texts' 3-word shingle sets. */
function jaccard(a: readonly string[], b: readonly string[]): number {
  const shingles = (words: readonly string[]) => new Set(words.slice(2).map((_, i) => `${words[i]} ${words[i + 1]} ${words[i + 2]}`));
  const sa = shingles(a);
  const sb = shingles(b);
  let shared = 0;
  for (const s of sa) if (sb.has(s)) shared++;
  return shared / (sa.size + sb.size - shared);
}

describe('contentSignature', () => {
  const text = sentences(1, 400);
  const words = text.flat();

  it('gives 64 values, the same for identical texts (similarity 1)', () => {
    expect(words.length).toBeGreaterThanOrEqual(400);
    const a = signature(words);
    expect(a).toBeInstanceOf(Uint32Array);
    expect(a.length).toBe(SIGNATURE_SIZE);
    expect(estimatedSimilarity(a, signature([...words]))).toBe(1);
    // Sixty-four different hash functions: the minimums are not one value repeated.
    expect(new Set(a).size).toBeGreaterThan(60);
  });

  it('is deterministic, down to the values (the seeds are fixed)', () => {
    expect([...signature(words)]).toEqual([...signature(sentences(1, 400).flat())]);
    // Pinned, so that a change of seeds or hashing (which changes every signature) is deliberate.
    expect([...signature('the quick brown fox jumps over the lazy dog '.repeat(6).trim().split(' ')).subarray(0, 4)].map((v) => v.toString(16))).toEqual(
      PINNED,
    );
  });

  it('estimates the Jaccard similarity of the 3-word shingle sets within 0.12', () => {
    // The estimate's standard error is √(J(1−J)/64): up to 0.0625, so 0.12 is about two of them.
    // These pairs are fixed (as is the hashing), and measured: the worst is the appended text,
    // exact 0.493 against an estimate of 0.375.
    const other = sentences(99, 400);
    const pairs: Array<[string, string[]]> = [
      ['one word changed', text.map((s, i) => (i === 5 ? [...s.slice(0, 3), 'zebra', ...s.slice(4)] : s)).flat()],
      ['one sentence replaced', text.map((s, i) => (i === 7 ? other[7]! : s)).flat()],
      ['every fifth sentence replaced', text.map((s, i) => (i % 5 === 0 ? other[i]! : s)).flat()],
      ['every other sentence replaced', text.map((s, i) => (i % 2 === 0 ? other[i]! : s)).flat()],
      ['the first half only', text.slice(0, Math.floor(text.length / 2)).flat()],
      ['sentences in another order', [...text].reverse().flat()],
      ['another 400 words appended', [...words, ...other.flat()]],
    ];
    for (const [name, edited] of pairs) {
      const exact = jaccard(words, edited);
      const estimate = estimatedSimilarity(signature(words), signature(edited));
      expect(Math.abs(estimate - exact), `${name}: exact ${exact.toFixed(3)}, estimate ${estimate.toFixed(3)}`).toBeLessThanOrEqual(0.12);
    }
    // The pairs span the scale, from near-copies to half-shared texts.
    const exacts = pairs.map(([, edited]) => jaccard(words, edited));
    expect(Math.max(...exacts)).toBeGreaterThan(0.95);
    expect(Math.min(...exacts)).toBeLessThan(0.6);
  });

  it('is unbiased, with the spread sampling theory gives, over 100 texts', () => {
    // Half of each text's sentences replaced: J ≈ 0.25, standard error ≈ 0.054.
    const errors: number[] = [];
    for (let seed = 1; seed <= 100; seed++) {
      const t = sentences(seed * 7919, 400);
      const o = sentences(seed * 31 + 5, 400);
      const edited = t.map((s, i) => (i % 2 === 0 ? o[i % o.length]! : s)).flat();
      errors.push(estimatedSimilarity(signature(t.flat()), signature(edited)) - jaccard(t.flat(), edited));
    }
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const sd = Math.sqrt(errors.reduce((a, b) => a + (b - mean) ** 2, 0) / errors.length);
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(sd).toBeGreaterThan(0.035);
    expect(sd).toBeLessThan(0.075);
  });

  it('puts unrelated texts below 0.2', () => {
    for (const seed of [2, 3, 4, 5]) expect(estimatedSimilarity(signature(words), signature(sentences(seed, 400).flat()))).toBeLessThan(0.2);
    // The same words in another order are another text: the features are 3-word shingles.
    expect(estimatedSimilarity(signature(words), signature([...words].reverse()))).toBeLessThan(0.2);
  });

  it(`gives null below ${MIN_SIGNATURE_WORDS} words`, () => {
    expect(contentSignature([])).toBeNull();
    expect(contentSignature(words.slice(0, MIN_SIGNATURE_WORDS - 1))).toBeNull();
    expect(contentSignature(words.slice(0, MIN_SIGNATURE_WORDS))?.length).toBe(SIGNATURE_SIZE);
  });

  it('tells "ab c" from "a bc": words are hashed one by one', () => {
    const base = words.slice(0, 60);
    const joined = ['riv', 'ergarden', ...base.slice(2)];
    const split = ['river', 'garden', ...base.slice(2)];
    expect(estimatedSimilarity(signature(joined), signature(split))).toBeLessThan(1);
  });
});

describe('profileSignature', () => {
  it("gives contentSignature's values for the profiled words, whatever the script", () => {
    const texts = [
      sentences(7, 300)
        .map((s) => s.join(' '))
        .join('. '),
      // Turkish İ lengthens when lower-cased; astral letters are surrogate pairs; CJK is one word a character.
      'İstanbul İzmir ılık KIŞ 𝔸𝔹ℂ 𝒳 naïve Ünïcödé 中文字符测试 日本語のテキスト Ελληνικά Русский текст '.repeat(12),
    ];
    for (const text of texts) {
      const profile = profileText(text);
      expect(wordsOf(profile).length).toBeGreaterThanOrEqual(MIN_SIGNATURE_WORDS);
      expect([...profileSignature(profile)!]).toEqual([...contentSignature(wordsOf(profile))!]);
    }
    expect(profileSignature(profileText('too few words'))).toBeNull();
  });
});

describe('the SIMD loop', () => {
  it('runs on this Node (else the plain loop would run unseen)', () => {
    expect(simdMinimums(new Int32Array(SIGNATURE_SIZE))).not.toBeNull();
  });

  it("gives the plain loop's minimums, bit for bit, for any number of shingles", () => {
    let state = 12345;
    const next = (): number => (state = (Math.imul(state, 1664525) + 1013904223) | 0);
    for (const count of [1, 2, 3, 4, 5, 47, 48, 1000, 70_000]) {
      const shingles = Int32Array.from({ length: count }, next);
      // Extremes too: the unsigned order must hold where the sign bit differs.
      if (count > 4) shingles.set([0, -1, 0x7fffffff, -0x80000000], count - 4);
      const simd = new Uint32Array(SIGNATURE_SIZE);
      const plain = new Uint32Array(SIGNATURE_SIZE);
      shingleMinimums(shingles, simd);
      shingleMinimums(shingles, plain, null);
      expect([...simd]).toEqual([...plain]);
    }
  });
});

describe('estimatedSimilarity', () => {
  it('is the share of equal positions', () => {
    const a = new Uint32Array(64).map((_, i) => i * 7 + 1);
    const b = a.slice();
    expect(estimatedSimilarity(a, b)).toBe(1);
    for (let i = 0; i < 16; i++) b[i * 4] = 0xffffffff;
    expect(estimatedSimilarity(a, b)).toBe(0.75);
    expect(estimatedSimilarity(b, a)).toBe(0.75);
    expect(estimatedSimilarity(a, new Uint32Array(64))).toBe(0);
    expect(() => estimatedSimilarity(a, new Uint32Array(32))).toThrow(RangeError);
  });
});

// The first four values for "the quick brown fox jumps over the lazy dog" six times, as an
// independent implementation (FNV-1a per word, the reference murmur3_32 of the three 4-byte
// little-endian word hashes, then min over x of fmix32(x ^ seed_i)) computes them.
const PINNED = ['1505aeef', '9c9a956', '50209480', '422ad146'];
