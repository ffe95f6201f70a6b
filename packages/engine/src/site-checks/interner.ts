// Strings (URLs, normalised titles, error codes) interned to dense integer ids: the index stores
// ids (4 bytes each) in typed arrays and keeps each distinct string once, however many pages
// link to it or share it.

export class Interner {
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
