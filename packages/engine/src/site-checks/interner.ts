// Strings interned to dense integer ids, kept in a Map: for the few strings that stay few (error
// codes). URLs, which grow with the site, go to SpilledStrings (compact/), and titles to StringIds.

import type { StringTable } from '../compact/spilled-strings.js';

export class Interner implements StringTable {
  private readonly ids = new Map<string, number>();
  private readonly values: string[] = [];

  intern(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** The id of `value`, or -1 when it was never interned. */
  find(value: string): number {
    return this.ids.get(value) ?? -1;
  }

  value(id: number): string {
    return this.values[id]!;
  }

  get size(): number {
    return this.values.length;
  }
}
