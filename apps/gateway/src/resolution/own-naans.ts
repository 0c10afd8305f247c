import type { Store } from '@pidgate/store';

/**
 * The institution's own NAANs (those in the store: `pidgate shoulder add` declares them): ARKs under them
 * never leave the gateway. Read at start and again in the background when older than `ttlMs`, so a NAAN
 * declared by another instance counts within that time.
 */
export class OwnNaans {
  #naans = new Set<string>();
  #at = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    readonly ttlMs = 5000,
  ) {}

  /** Read the NAANs now (a failing store keeps the last set). */
  refresh(): Promise<void> {
    this.#refreshing ??= this.store.listNaans().then(
      (r) => {
        if (r.ok) this.#naans = new Set(r.value.map((n) => n.naan.toLowerCase()));
        this.#at = Date.now();
        this.#refreshing = null;
      },
      () => {
        this.#refreshing = null;
      },
    );
    return this.#refreshing;
  }

  /** A read to wait for when the last one is older than `ttlMs`, else null. */
  fresh(): Promise<void> | null {
    return Date.now() - this.#at > this.ttlMs ? this.refresh() : null;
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
