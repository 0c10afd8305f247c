import { LINK_STATES, type LinkTally, type Store } from '@pidgate/store';

/**
 * The link checker's Prometheus gauges, read from the store at scrape time: one `GROUP BY` of
 * `link_targets` (`store.links.tally`), kept for `ttlMs` (5 s) so that several scrapers, or a scrape
 * storm, cost one query; scrapes that come while the query runs share it.
 *
 * - `pidgate_link_targets{state}`: targets per state (`unchecked`, `ok`, `failing`, `broken`; 0 included).
 * - `pidgate_link_targets_by_class{state,class}`: targets per state and last check's class (`none` before
 *   the first check); only the groups that have targets.
 */
export class LinkGauges {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #cached: { at: number; text: Promise<string> } | null = null;

  constructor(store: Store, options: { ttlMs?: number; now?: () => number } = {}) {
    this.#store = store;
    this.#ttlMs = options.ttlMs ?? 5000;
    this.#now = options.now ?? Date.now;
  }

  /** The gauges' lines (Prometheus text format 0.0.4); rejects when the store fails (the scrape leaves them out). */
  render(): Promise<string> {
    const now = this.#now();
    if (this.#cached && now - this.#cached.at < this.#ttlMs) return this.#cached.text;
    const text = this.#read();
    this.#cached = { at: now, text };
    // A failed read is not kept: the next scrape asks again.
    text.catch(() => {
      if (this.#cached?.text === text) this.#cached = null;
    });
    return text;
  }

  async #read(): Promise<string> {
    const tally = await this.#store.links.tally();
    if (!tally.ok) throw new Error(tally.error.message);
    return linkGaugeLines(tally.value);
  }
}

/** The gauges' text for a tally. */
export function linkGaugeLines(tally: readonly LinkTally[]): string {
  const byState = new Map<string, number>(LINK_STATES.map((s) => [s, 0]));
  for (const t of tally) byState.set(t.state, (byState.get(t.state) ?? 0) + t.count);
  const out = [
    '# HELP pidgate_link_targets Link targets known to the checker, by state.',
    '# TYPE pidgate_link_targets gauge',
    ...[...byState].map(([state, n]) => `pidgate_link_targets{state="${state}"} ${n}`),
    "# HELP pidgate_link_targets_by_class Link targets by state and their last check's class.",
    '# TYPE pidgate_link_targets_by_class gauge',
    ...tally.map((t) => `pidgate_link_targets_by_class{state="${t.state}",class="${t.class ?? 'none'}"} ${t.count}`),
  ];
  return `${out.join('\n')}\n`;
}
