/** The `outcome` label of a request the store failed (503 `storage-error`), resolving or in the admin API. */
export const STORAGE_ERROR = 'storage_error';

/** The `outcome` label of an answer that set none, by its status. */
export function outcomeOf(status: number): string {
  if (status >= 300 && status < 400) return 'redirect';
  if (status < 300) return 'ok';
  if (status === 404) return 'not_found';
  if (status < 500) return 'bad_request';
  if (status === 502 || status === 504) return 'upstream_error';
  // 503 is the store's (storage-error, store-closed; a failed reload labels itself): not a failure upstream.
  if (status === 503) return STORAGE_ERROR;
  return 'error';
}

/** Latency histogram bucket bounds, in seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** The counter of one (scheme, outcome) pair. */
interface RequestCell {
  readonly scheme: string;
  readonly outcome: string;
  n: number;
}

/**
 * Prometheus metrics kept in plain numbers (no per-request allocation): requests by scheme and outcome
 * (a two-level map of counters, no key strings built per request), a latency histogram, cache hits and misses.
 */
export class Metrics {
  readonly #requests = new Map<string, Map<string, RequestCell>>();
  /** Every request counter in the order first seen (the order `render` lists them). */
  readonly #cells: RequestCell[] = [];
  readonly #buckets = new Float64Array(BUCKETS.length);
  #count = 0;
  #sum = 0;
  readonly #cache = new Map<string, number>();
  readonly #started = Date.now();
  readonly #collectors: (() => Promise<string>)[] = [];

  #cell(scheme: string, outcome: string): RequestCell {
    let byOutcome = this.#requests.get(scheme);
    if (byOutcome === undefined) {
      byOutcome = new Map();
      this.#requests.set(scheme, byOutcome);
    }
    let cell = byOutcome.get(outcome);
    if (cell === undefined) {
      cell = { scheme, outcome, n: 0 };
      byOutcome.set(outcome, cell);
      this.#cells.push(cell);
    }
    return cell;
  }

  /** Count one request; `seconds` is its latency. Labels are from a closed set (scheme names, outcomes). */
  observe(scheme: string, outcome: string, seconds: number): void {
    this.#cell(scheme, outcome).n++;
    this.#count++;
    this.#sum += seconds;
    // Most requests fall in the first buckets: a linear scan from the bottom stops early.
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= (BUCKETS[i] as number)) {
        this.#buckets[i] = (this.#buckets[i] as number) + 1;
        break;
      }
    }
  }

  cache(name: string, hit: boolean): void {
    const key = `${name}\u0000${hit ? 'hit' : 'miss'}`;
    this.#cache.set(key, (this.#cache.get(key) ?? 0) + 1);
  }

  /** The number of requests counted with these labels (for tests and the service page). */
  requests(scheme: string, outcome: string): number {
    return this.#requests.get(scheme)?.get(outcome)?.n ?? 0;
  }

  /**
   * Add metrics read at scrape time (the link gauges read the store): `collect` appends the collector's
   * lines (complete `# HELP`/`# TYPE` families, each line ending in a newline) after `render`'s.
   */
  addCollector(collector: () => Promise<string>): void {
    this.#collectors.push(collector);
  }

  /** `render` and every collector's lines; a collector that fails is left out (a scrape never fails for it). */
  async collect(): Promise<string> {
    let out = this.render();
    for (const collector of this.#collectors) {
      try {
        out += await collector();
      } catch {
        // left out of this scrape
      }
    }
    return out;
  }

  /** The Prometheus text exposition format (version 0.0.4), without the collectors' metrics. */
  render(): string {
    const out: string[] = [];
    out.push('# HELP pidgate_requests_total Requests answered, by identifier scheme and outcome.');
    out.push('# TYPE pidgate_requests_total counter');
    for (const { scheme, outcome, n } of this.#cells) {
      out.push(`pidgate_requests_total{scheme="${escapeLabel(scheme)}",outcome="${escapeLabel(outcome)}"} ${n}`);
    }
    out.push('# HELP pidgate_request_duration_seconds Time to answer a request.');
    out.push('# TYPE pidgate_request_duration_seconds histogram');
    let cumulative = 0;
    for (let i = 0; i < BUCKETS.length; i++) {
      cumulative += this.#buckets[i] as number;
      out.push(`pidgate_request_duration_seconds_bucket{le="${BUCKETS[i]}"} ${cumulative}`);
    }
    out.push(`pidgate_request_duration_seconds_bucket{le="+Inf"} ${this.#count}`);
    out.push(`pidgate_request_duration_seconds_sum ${this.#sum}`);
    out.push(`pidgate_request_duration_seconds_count ${this.#count}`);
    out.push('# HELP pidgate_cache_requests_total Cache lookups, by cache and result (hit or miss).');
    out.push('# TYPE pidgate_cache_requests_total counter');
    for (const [key, n] of this.#cache) {
      const [cache, result] = key.split('\u0000') as [string, string];
      out.push(`pidgate_cache_requests_total{cache="${escapeLabel(cache)}",result="${result}"} ${n}`);
    }
    out.push('# HELP pidgate_uptime_seconds Seconds since the gateway started.');
    out.push('# TYPE pidgate_uptime_seconds gauge');
    out.push(`pidgate_uptime_seconds ${(Date.now() - this.#started) / 1000}`);
    return `${out.join('\n')}\n`;
  }
}
