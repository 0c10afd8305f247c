/**
 * The in-memory side of usage statistics (issue 25): the resolution pipeline calls `count(key)` once per
 * resolution it counts (a redirect through a binding of this gateway), which costs a clock read and one
 * `Map` increment, nothing else; `StatsFlusher` (flusher.ts) takes what was counted every
 * `stats.flushSeconds` and writes it to the store in one batch.
 *
 * Days are UTC days of the moment `count` is called: when the clock passes midnight, the day's counts are
 * set aside whole and a new map starts. Memory is bounded: at most `maxKeys` distinct keys (all days
 * together) between two flushes; a resolution of a key not yet counted once the cap is reached is only
 * added to `dropped` (a Prometheus counter), and the keys already counted keep counting.
 */

/** What the pipeline sees of the counter (resolution/pipeline.ts `ResolutionTally`). */
export interface Tally {
  count(key: string): void;
}

/** One UTC day's counts, taken from the counter. */
export interface DayCounts {
  /** `YYYY-MM-DD`. */
  readonly day: string;
  readonly counts: ReadonlyMap<string, number>;
}

export interface CounterOptions {
  /** Distinct keys between two flushes (`stats.maxKeys`). */
  readonly maxKeys: number;
  /** Milliseconds since the epoch (tests pass their own clock). */
  readonly now?: () => number;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` (UTC) of an instant in milliseconds. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class ResolutionCounter implements Tally {
  readonly #maxKeys: number;
  readonly #now: () => number;
  #day = '';
  #dayStart = 0;
  #dayEnd = 0;
  #counts = new Map<string, number>();
  /** Earlier days' counts not taken yet. */
  #earlier: DayCounts[] = [];
  /** Distinct keys held, all days together. */
  #keys = 0;
  #dropped = 0;

  constructor(options: CounterOptions) {
    this.#maxKeys = options.maxKeys;
    this.#now = options.now ?? Date.now;
  }

  count(key: string): void {
    const t = this.#now();
    if (t >= this.#dayEnd || t < this.#dayStart) this.#turnDay(t);
    const counts = this.#counts;
    const n = counts.get(key);
    if (n !== undefined) counts.set(key, n + 1);
    else if (this.#keys < this.#maxKeys) {
      counts.set(key, 1);
      this.#keys++;
    } else this.#dropped++;
  }

  /** Resolutions not counted since the start because the cap was reached. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Distinct keys held now (all days). */
  get size(): number {
    return this.#keys;
  }

  /** Everything counted since the last take, oldest day first; the counter starts empty again. */
  take(): DayCounts[] {
    const out = this.#earlier;
    if (this.#counts.size > 0) out.push({ day: this.#day, counts: this.#counts });
    this.#earlier = [];
    this.#counts = new Map();
    this.#keys = 0;
    return out;
  }

  #turnDay(t: number): void {
    if (this.#counts.size > 0) this.#earlier.push({ day: this.#day, counts: this.#counts });
    this.#counts = new Map();
    this.#dayStart = t - (t % DAY_MS);
    this.#dayEnd = this.#dayStart + DAY_MS;
    this.#day = dayOf(t);
    // Two maps for one day (a clock that went back and forth) are added up by the store.
  }
}
