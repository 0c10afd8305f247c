/**
 * A key's shoulder: the longest declared shoulder (a plain string prefix, as the store's shoulders are)
 * that the key starts with. Looked up once per distinct key and flush, not per resolution: one `Set`
 * probe per distinct shoulder length, longest first.
 */
export class ShoulderIndex {
  readonly #keys: Set<string>;
  readonly #lengths: number[];

  constructor(shoulders: readonly string[]) {
    this.#keys = new Set(shoulders);
    this.#lengths = [...new Set(shoulders.map((s) => s.length))].sort((a, b) => b - a);
  }

  /** The longest shoulder `key` starts with, or null. */
  of(key: string): string | null {
    for (const length of this.#lengths) {
      if (length > key.length) continue;
      const head = key.slice(0, length);
      if (this.#keys.has(head)) return head;
    }
    return null;
  }
}
