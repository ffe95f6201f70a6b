// Disjoint sets over 0..n-1 (path halving, union by size): the near-duplicate clusters are the
// connected components of the "at least 90% similar" relation.
import type { PagedInt32, PagedMemory } from '../compact/paged-memory.js';

export class UnionFind {
  private readonly parent: PagedInt32;
  private readonly sizes: PagedInt32;

  constructor(memory: PagedMemory, n: number) {
    this.parent = memory.int32(n);
    for (let i = 0; i < n; i++) this.parent.set(i, i);
    this.sizes = memory.int32(n, 1);
  }

  find(x: number): number {
    const p = this.parent;
    for (let up = p.get(x); up !== x; up = p.get(x)) {
      const next = p.get(up);
      if (next !== up) p.set(x, next);
      x = next;
    }
    return x;
  }

  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.sizes.get(ra) < this.sizes.get(rb)) [ra, rb] = [rb, ra];
    this.parent.set(rb, ra);
    this.sizes.set(ra, this.sizes.get(ra) + this.sizes.get(rb));
  }

  /** Size of the set `x` belongs to. */
  size(x: number): number {
    return this.sizes.get(this.find(x));
  }
}
