import type { IdentifierDayCount, ResolutionCountBatch, ShoulderDayCount, Store } from '@pidgate/store';
import { type DayCounts, dayOf, type ResolutionCounter } from './counter.ts';
import { ShoulderIndex } from './shoulders.ts';

/**
 * Writes what the counter counted (counter.ts) to the store every `flushSeconds`, in one batch
 * (`store.addResolutionCounts`: one transaction), and once more at shutdown (`stop`); once a UTC day,
 * beside a flush, removes the counts older than `retentionDays` (`store.pruneResolutionCounts`).
 *
 * Each key is also counted under its shoulder (the longest declared shoulder it starts with, read from the
 * store at each flush). A batch the store refused (the database down) is kept and sent with the next one;
 * past `4 × maxKeys` entries kept, the oldest are dropped and counted in `dropped`. What is lost on a crash:
 * the counts since the last flush (at most `flushSeconds` of them), and any batch still kept.
 */
export interface FlusherOptions {
  readonly store: Store;
  readonly counter: ResolutionCounter;
  readonly flushSeconds: number;
  /** 0: keep forever. */
  readonly retentionDays: number;
  readonly maxKeys: number;
  /** Milliseconds since the epoch (tests pass their own clock). */
  readonly now?: () => number;
  readonly log?: (event: string, fields: Record<string, unknown>) => void;
}

export interface FlushReport {
  readonly identifiers: number;
  readonly shoulders: number;
  /** Rows removed by retention, when it ran in this flush. */
  readonly pruned: number | null;
  /** False when the store refused the batch (kept for the next flush). */
  readonly written: boolean;
}

const DAY_MS = 86_400_000;

export class StatsFlusher {
  readonly #o: FlusherOptions;
  readonly #now: () => number;
  #timer: ReturnType<typeof setInterval> | null = null;
  /** A batch the store refused, sent again with the next. */
  #unsent: IdentifierDayCount[] = [];
  #unsentShoulders: ShoulderDayCount[] = [];
  /** The UTC day retention last ran. */
  #prunedOn: string | null = null;
  /** The flush running, so flushes never overlap. */
  #running: Promise<FlushReport> | null = null;
  #flushes = 0;
  #failures = 0;
  #dropped = 0;

  constructor(options: FlusherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.#o.flushSeconds * 1000);
    this.#timer.unref();
  }

  /** Stop the timer and write what is left (the gateway's shutdown, before the store closes). */
  async stop(): Promise<FlushReport> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    if (this.#running) await this.#running;
    return this.flush();
  }

  /** Batches written, batches refused, entries dropped after refusals. */
  get totals(): { flushes: number; failures: number; dropped: number } {
    return { flushes: this.#flushes, failures: this.#failures, dropped: this.#dropped };
  }

  /** Take the counts and write them (waits for a flush already running, then runs its own). */
  flush(): Promise<FlushReport> {
    const previous = this.#running ?? Promise.resolve(null);
    const run = previous.then(() => this.#flush());
    this.#running = run;
    void run.finally(() => {
      if (this.#running === run) this.#running = null;
    });
    return run;
  }

  async #flush(): Promise<FlushReport> {
    const { store } = this.#o;
    const taken = this.#o.counter.take();
    const batch = await this.#batch(taken);
    let written = true;
    if (batch.identifiers.length > 0 || batch.shoulders.length > 0) {
      const r = await store.addResolutionCounts(batch);
      this.#flushes++;
      if (!r.ok) {
        written = false;
        this.#failures++;
        this.#keep(batch);
        this.#o.log?.('stats-flush-failed', { code: r.error.code, kept: this.#unsent.length });
      }
    }
    const pruned = await this.#prune();
    return { identifiers: batch.identifiers.length, shoulders: batch.shoulders.length, pruned, written };
  }

  async #batch(taken: readonly DayCounts[]): Promise<ResolutionCountBatch> {
    const identifiers = this.#unsent;
    const shoulders = this.#unsentShoulders;
    this.#unsent = [];
    this.#unsentShoulders = [];
    if (taken.length === 0) return { identifiers, shoulders };
    const declared = await this.#o.store.listShoulders();
    const index = new ShoulderIndex(declared.ok ? declared.value.map((s) => s.key) : []);
    for (const { day, counts } of taken) {
      const perShoulder = new Map<string, number>();
      for (const [key, count] of counts) {
        identifiers.push({ day, key, count });
        const shoulder = index.of(key);
        if (shoulder !== null) perShoulder.set(shoulder, (perShoulder.get(shoulder) ?? 0) + count);
      }
      for (const [shoulder, count] of perShoulder) shoulders.push({ day, shoulder, count });
    }
    return { identifiers, shoulders };
  }

  #keep(batch: ResolutionCountBatch): void {
    const max = 4 * this.#o.maxKeys;
    const over = Math.max(0, batch.identifiers.length - max);
    this.#dropped += over;
    this.#unsent = batch.identifiers.slice(over);
    this.#unsentShoulders = batch.shoulders.slice(Math.max(0, batch.shoulders.length - max));
  }

  async #prune(): Promise<number | null> {
    const days = this.#o.retentionDays;
    const now = this.#now();
    const today = dayOf(now);
    if (days === 0 || this.#prunedOn === today) return null;
    // The oldest day kept is `retentionDays - 1` days before today: `retentionDays` days in all.
    const before = dayOf(now - (days - 1) * DAY_MS);
    const r = await this.#o.store.pruneResolutionCounts(before);
    if (!r.ok) {
      this.#o.log?.('stats-prune-failed', { code: r.error.code });
      return null;
    }
    this.#prunedOn = today;
    if (r.value > 0) this.#o.log?.('stats-pruned', { before, rows: r.value });
    return r.value;
  }
}
