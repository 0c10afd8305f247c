import { type Commitment, commitmentFor, type Store } from '@pidgate/store';

/**
 * The commitment statements set for the institution's NAANs and shoulders (console → Administration →
 * Shoulders), kept in memory: the `??` answer of a stored identifier with no commitment of its own shows
 * its longest covering prefix's statement. Read at start, after a change made here (`refresh`), and again in
 * the background when older than `ttlMs` (another instance's change counts within that time); a resolution
 * never waits for the read.
 */
export class Commitments {
  #list: readonly Commitment[] = [];
  #at = 0;
  /** Bumped by `invalidate`. */
  #gen = 0;
  #refreshing: Promise<void> | null = null;

  constructor(
    readonly store: Store,
    readonly ttlMs = 5000,
  ) {}

  /** Read the statements now (a failing store keeps the last list). */
  refresh(): Promise<void> {
    const gen = this.#gen;
    this.#refreshing ??= this.store.listCommitments().then(
      (r) => {
        if (r.ok) this.#list = r.value;
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

  /** Read the statements again at the next use (a change was heard). */
  invalidate(): void {
    this.#at = 0;
    this.#gen++;
  }

  /** Start a read in the background when the last one is older than `ttlMs`. */
  touch(): void {
    if (Date.now() - this.#at > this.ttlMs) void this.refresh();
  }

  /** The statement covering the storage key `key`, from the last read; null when none. */
  for(key: string): Commitment | null {
    this.touch();
    return commitmentFor(this.#list, key);
  }
}
