// A mean with its count and standard error: s ÷ √n, s the sample standard deviation (n − 1).

export interface MeanWithError {
  n: number;
  /** null over no values. */
  mean: number | null;
  /** null under two values (no spread can be measured). */
  standardError: number | null;
}

export function meanWithError(values: readonly number[]): MeanWithError {
  const n = values.length;
  if (n === 0) return { n, mean: null, standardError: null };
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { n, mean, standardError: null };
  const squares = values.reduce((sum, v) => sum + (v - mean) ** 2, 0);
  return { n, mean, standardError: Math.sqrt(squares / (n - 1) / n) };
}
