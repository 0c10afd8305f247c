/** A host asked to be left alone (`Retry-After`) for `ms` more. */
export class HostPaused extends Error {
  readonly host: string;
  readonly ms: number;
  constructor(host: string, ms: number) {
    super(`${host} asked to be left alone for ${Math.ceil(ms / 1000)} s more (Retry-After)`);
    this.host = host;
    this.ms = ms;
  }
}

/**
 * Politeness per host (`host:port`): at most `perHost` requests at a time, starts at least `minDelayMs`
 * apart, and none while the host has asked to be left alone (`Retry-After`). Requests wait in the order
 * they came. A host's entry goes when nothing waits or runs there, so memory follows the hosts in use.
 */
export class HostGate {
  readonly #perHost: number;
  readonly #minDelayMs: number;
  readonly #hosts = new Map<string, HostState>();
  #closed: Error | null = null;

  /** The longest `Retry-After` pause a request waits out in place; beyond it, `run` rejects. */
  readonly maxWaitMs: number = 30_000;

  constructor(perHost: number, minDelayMs: number) {
    this.#perHost = perHost;
    this.#minDelayMs = minDelayMs;
  }

  /**
   * Run `request` when the host allows. Rejects without running it once the gate is closed, and with
   * `HostPaused` when the host asked to be left alone for longer than `maxWaitMs` (30 s) from now.
   */
  async run<T>(host: string, request: () => Promise<T>): Promise<T> {
    if (this.#closed) throw this.#closed;
    const h = this.#state(host);
    const paused = h.pausedUntil - Date.now();
    if (paused > this.maxWaitMs) {
      this.#pump(host, h);
      throw new HostPaused(host, paused);
    }
    await new Promise<void>((resolve, reject) => {
      h.queue.push({ resolve, reject });
      this.#pump(host, h);
    });
    try {
      return await request();
    } finally {
      h.active--;
      this.#pump(host, h);
    }
  }

  /** Let no request start on `host` for `ms` (a `Retry-After`, at most a day). */
  pause(host: string, ms: number): void {
    const h = this.#state(host);
    h.pausedUntil = Math.max(h.pausedUntil, Date.now() + Math.min(ms, 86_400_000));
    if (h.timer) {
      clearTimeout(h.timer);
      h.timer = null;
    }
    this.#pump(host, h);
  }

  /** Requests running now, all hosts together (tests, metrics). */
  get active(): number {
    let n = 0;
    for (const h of this.#hosts.values()) n += h.active;
    return n;
  }

  /** Hosts with something waiting or running. */
  get hosts(): number {
    return this.#hosts.size;
  }

  /** Reject everything waiting, and every later `run` (the gateway stopping). */
  close(reason: Error): void {
    this.#closed = reason;
    for (const h of this.#hosts.values()) {
      if (h.timer) clearTimeout(h.timer);
      h.timer = null;
      for (const w of h.queue.splice(0)) w.reject(reason);
    }
  }

  #state(host: string): HostState {
    let h = this.#hosts.get(host);
    if (!h) {
      h = { active: 0, lastStart: Number.NEGATIVE_INFINITY, pausedUntil: 0, queue: [], timer: null };
      this.#hosts.set(host, h);
    }
    return h;
  }

  #pump(host: string, h: HostState): void {
    if (h.timer) return;
    while (h.queue.length > 0 && h.active < this.#perHost) {
      const wait = Math.max(h.lastStart + this.#minDelayMs, h.pausedUntil) - Date.now();
      if (wait > 0) {
        h.timer = setTimeout(() => {
          h.timer = null;
          this.#pump(host, h);
        }, wait);
        return;
      }
      h.active++;
      h.lastStart = Date.now();
      h.queue.shift()?.resolve();
    }
    if (h.active === 0 && h.queue.length === 0 && h.pausedUntil <= Date.now()) this.#hosts.delete(host);
  }
}

interface HostState {
  active: number;
  lastStart: number;
  pausedUntil: number;
  queue: { resolve: () => void; reject: (e: Error) => void }[];
  timer: ReturnType<typeof setTimeout> | null;
}
