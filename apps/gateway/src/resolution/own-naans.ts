import type { Store } from '@pidgate/store';

/**
 * The institution's own NAANs (those in the store: `pidgate shoulder add` declares them): ARKs under them
 * never leave the gateway. Read at start and again in the background when older than `ttlMs`, so a NAAN
 * declared by another instance counts within that time.
 */
export class OwnNaans {
  #naans = new Set<string>();
  #at = 0;
  /** Bumped by `invalidate`. */
  #gen = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    readonly ttlMs = 5000,
  ) {}

  /** Read the NAANs now (a failing store keeps the last set). */
  refresh(): Promise<void> {
    const gen = this.#gen;
    this.#refreshing ??= this.store.listNaans().then(
      (r) => {
        if (r.ok) this.#naans = new Set(r.value.map((n) => n.naan.toLowerCase()));
        // A change heard while reading: this read may predate it, so it does not count as fresh.
        this.#at = gen === this.#gen ? Date.now() : 0;
        this.#refreshing = null;
      },
      () => {
        this.#refreshing = null;
      },
    );
    return this.#refreshing;
  }

  /**
   * True while the store's change feed is down (deps.ts): no change from another instance would be heard,
   * so every resolution waits for a new read.
   */
  down = false;

  /** A read to wait for when the last one is older than `ttlMs` (or the change feed is down), else null. */
  fresh(): Promise<void> | null {
    return this.down || Date.now() - this.#at > this.ttlMs ? this.refresh() : null;
  }

  /** Read the NAANs again before the next resolution (a change was heard). */
  invalidate(): void {
    this.#at = 0;
    this.#gen++;
  }

  /** The NAANs of the last read, lowercased. */
  list(): string[] {
    return [...this.#naans];
  }

  /** Is `naan` one of this institution's? Answers from the last read (see `fresh`). */
  has(naan: string): boolean {
    return this.#naans.has(naan.toLowerCase());
  }
}
