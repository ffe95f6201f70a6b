// Disjoint sets over 0..n-1 (path halving, union by size): the near-duplicate clusters are the
// connected components of the "at least 90% similar" relation.

export class UnionFind {
  private readonly parent: Int32Array;
  private readonly sizes: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.sizes = new Int32Array(n).fill(1);
  }

  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]!]!;
      x = p[x]!;
    }
    return x;
  }

  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.sizes[ra]! < this.sizes[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.sizes[ra]! += this.sizes[rb]!;
  }

  /** Size of the set `x` belongs to. */
  size(x: number): number {
    return this.sizes[this.find(x)]!;
  }
}
