import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { LinkClass, LinkResult, LinkTarget, Store } from '@pidgate/store';
import type { Config } from '../config/index.ts';
import { HostGate, HostPaused } from './hosts.ts';
import { type ProbeOptions, type ProbeResult, probe } from './probe.ts';
import { nextState, type WindowRule } from './window.ts';

/**
 * The link checker: takes the due targets from the store (leased, so checkers on several gateways never
 * check one target twice in a round), checks each (probe.ts) under the per-host limits (hosts.ts), and
 * writes its new state by the window rule (window.ts). `pass()` checks every target due when it starts
 * (`pidgate links check --once`); `start()` runs passes while the gateway runs, each limited to its share
 * of the round so the work is spread over the period.
 */

export type LinkSettings = Config['links'];

export interface CheckerOptions {
  readonly store: Store;
  readonly settings: LinkSettings;
  /** The gateway's public base URL: the `User-Agent` names it. */
  readonly baseUrl: string | null;
  /** The clock the window rule reads (tests move it); default the system's. */
  readonly clock?: () => Date;
  /** Injected DNS lookup and trusted certificates (tests). */
  readonly lookup?: ProbeOptions['lookup'];
  readonly ca?: ProbeOptions['ca'];
  /** Who holds the leases (default: host name, process id and random bits). */
  readonly holder?: string;
  readonly log?: (event: string, fields: Record<string, unknown>) => void;
  /** Milliseconds between two scheduled passes (`start`; default a minute, or less for a short period). */
  readonly tickMs?: number;
}

export interface PassReport {
  /** Targets added and dropped when the pass began (identifiers created, changed or deleted). */
  readonly added: number;
  readonly removed: number;
  readonly checked: number;
  readonly byClass: Readonly<Partial<Record<LinkClass, number>>>;
  /** Checks whose result could not be written (lease lost, database failure). */
  readonly unrecorded: number;
}

/** The user agent of the checks: the configured one, or one that names this instance. */
export function userAgentOf(settings: LinkSettings, baseUrl: string | null): string {
  if (settings.userAgent) return settings.userAgent;
  return baseUrl ? `pidgate-link-checker (+${baseUrl})` : `pidgate-link-checker (instance ${hostname()})`;
}

const DAY_MS = 86_400_000;
/** On SQLite, the one instance that checks holds this lease (renewed every pass). */
const LEADER = 'checker';
/** How often `start()`'s passes read new and dropped targets from the bindings. */
const SYNC_MS = 600_000;

function pausedResult(paused: HostPaused): ProbeResult {
  return {
    class: 'try-later',
    status: null,
    finalUrl: null,
    chain: [],
    durationMs: 0,
    detail: paused.message,
    retryAfterMs: paused.ms,
  };
}

/** What a pass has counted so far (its checks are written in batches, so counted when written). */
interface Tally {
  checked: number;
  unrecorded: number;
  readonly byClass: Partial<Record<LinkClass, number>>;
}

/** A check waiting in the batch to be written. */
interface Pending {
  readonly target: LinkTarget;
  readonly next: LinkResult;
  readonly tally: Tally;
}

class Stopped extends Error {
  constructor() {
    super('the link checker stopped');
  }
}

export class LinkChecker {
  readonly #store: Store;
  readonly #settings: LinkSettings;
  readonly #rule: WindowRule;
  readonly #clock: () => Date;
  readonly #holder: string;
  readonly #gate: HostGate;
  readonly #abort = new AbortController();
  readonly #probe: ProbeOptions;
  readonly #log: (event: string, fields: Record<string, unknown>) => void;
  readonly #leaseSeconds: number;
  readonly #tickMs: number;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<unknown> | null = null;
  #stopping = false;
  /** Checks not written yet (`settings.batchSize`), and the writes in progress. */
  #pending: Pending[] = [];
  /** When the oldest check of the batch was made (`performance.now()`). */
  #pendingSince = 0;
  readonly #flushing = new Set<Promise<void>>();
  /** Checks by class since the start (for metrics). */
  readonly totals = new Map<LinkClass, number>();

  constructor(options: CheckerOptions) {
    const s = options.settings;
    this.#store = options.store;
    this.#settings = s;
    this.#rule = { periodMs: s.periodDays * DAY_MS, windowMs: s.windowDays * DAY_MS, failuresNeeded: s.failuresNeeded };
    this.#clock = options.clock ?? (() => new Date());
    this.#holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.#gate = new HostGate(s.perHost, s.minDelayMs);
    // Every request in flight listens for the abort: as many as `concurrency`, not a leak.
    setMaxListeners(0, this.#abort.signal);
    this.#log = options.log ?? (() => undefined);
    this.#probe = {
      timeoutMs: s.timeoutMs,
      maxBytes: s.maxBytes,
      maxRedirects: s.maxRedirects,
      userAgent: userAgentOf(s, options.baseUrl),
      softNotFound: s.softNotFound,
      ...(options.lookup ? { lookup: options.lookup } : {}),
      ...(options.ca ? { ca: options.ca } : {}),
      guard: !s.allowPrivateAddresses,
      gate: (host, fn) => this.#gate.run(host, fn),
      onRetryAfter: (host, ms) => this.#gate.pause(host, ms),
      signal: this.#abort.signal,
    };
    // A lease outlasts the longest wait a target can have in its host's queue plus its own requests.
    const perTarget = (s.minDelayMs + s.timeoutMs) * (s.maxRedirects + 3);
    this.#leaseSeconds = Math.min(86_400, Math.ceil((perTarget * Math.ceil(s.concurrency / s.perHost)) / 1000) + 60);
    this.#tickMs = options.tickMs ?? Math.max(1000, Math.min(60_000, this.#rule.periodMs / 100));
  }

  get holder(): string {
    return this.#holder;
  }

  /** Requests running now (tests, metrics). */
  get active(): number {
    return this.#gate.active;
  }

  /**
   * Check the targets due now (all of them, or at most `limit`), `concurrency` at a time, each target at
   * most once. On SQLite, only the instance holding the checker's lease checks (`leader` false: skipped).
   */
  async pass(
    options: { readonly limit?: number; readonly sync?: boolean } = {},
  ): Promise<PassReport & { readonly leader: boolean }> {
    const tally: Tally = { checked: 0, unrecorded: 0, byClass: {} };
    const report = (leader: boolean, added = 0, removed = 0) => ({
      leader,
      added,
      removed,
      checked: tally.checked,
      byClass: tally.byClass,
      unrecorded: tally.unrecorded,
    });
    const start = this.#clock();
    if (this.#store.backend === 'sqlite') {
      const lead = await this.#store.links.lead(LEADER, this.#holder, start.toISOString(), this.#leaseSeconds);
      if (!lead.ok) throw new Error(lead.error.message);
      if (!lead.value) return report(false);
    }
    const synced =
      options.sync === false
        ? { ok: true as const, value: { added: 0, removed: 0 } }
        : await this.#store.links.sync(start.toISOString());
    if (!synced.ok) throw new Error(synced.error.message);
    let budget = options.limit ?? Number.POSITIVE_INFINITY;
    const inflight = new Set<Promise<void>>();
    let exhausted = false;
    const concurrency = this.#settings.concurrency;
    while (!this.#stopping) {
      while (!exhausted && !this.#stopping && inflight.size < concurrency && budget > 0) {
        const want = Math.min(concurrency - inflight.size, budget);
        const claimed = await this.#store.links.claim(this.#holder, want, start.toISOString(), this.#leaseSeconds);
        if (!claimed.ok) {
          this.#log('links-claim-failed', { code: claimed.error.code, message: claimed.error.message });
          exhausted = true;
          break;
        }
        if (claimed.value.length < want) exhausted = true;
        budget -= claimed.value.length;
        for (const target of claimed.value) {
          const p: Promise<void> = this.#check(target, tally).then(() => {
            inflight.delete(p);
          });
          inflight.add(p);
        }
      }
      if (inflight.size === 0) break;
      await Promise.race(inflight);
    }
    await Promise.all(inflight);
    // Every pass ends with its results written (so a `start()` tick writes at least once a tick).
    await this.#flush();
    return report(true, synced.value.added, synced.value.removed);
  }

  /** Write the checks waiting in the batch (one transaction), and wait for the writes in progress. */
  async #flush(): Promise<void> {
    if (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      const p = this.#write(batch).finally(() => this.#flushing.delete(p));
      this.#flushing.add(p);
    }
    await Promise.all(this.#flushing);
  }

  /** Write checks: one transaction for the batch (or one each with `batchSize` 0), then count and log them. */
  async #write(batch: readonly Pending[]): Promise<void> {
    const keep = this.#settings.historyLength;
    const links = this.#store.links;
    let outcomes: readonly { readonly ok: boolean; readonly error?: { readonly code: string } }[];
    if (batch.length === 1 && batch[0]) outcomes = [await links.finish(this.#holder, batch[0].next, keep)];
    else {
      const written = await links.finishMany(
        this.#holder,
        batch.map((b) => b.next),
        keep,
      );
      // The transaction failed: none of the batch is written (the targets are checked again later).
      outcomes = written.ok ? written.value : batch.map(() => written);
    }
    for (const [i, b] of batch.entries()) {
      const outcome = outcomes[i];
      const cls = b.next.check.class;
      if (!outcome?.ok) {
        b.tally.unrecorded++;
        this.#log('links-record-failed', { target: b.target.target, code: outcome?.error?.code ?? 'unknown' });
        continue;
      }
      b.tally.checked++;
      b.tally.byClass[cls] = (b.tally.byClass[cls] ?? 0) + 1;
      if (b.next.state !== b.target.state && (b.next.state === 'broken' || b.target.state === 'broken')) {
        await this.#transition(b.target, b.next, cls);
      }
    }
  }

  /**
   * A target became broken or recovered (its new state written): logged, and an event for the subscriptions of
   * its identifiers' owners and groups written now (durable), sent by the deliverer (webhooks.ts) on its own
   * timer, never here.
   */
  async #transition(target: LinkTarget, next: Pending['next'], cls: string): Promise<void> {
    const event = next.state === 'broken' ? 'broken' : 'recovered';
    this.#log(`link-${event}`, { target: target.target, class: cls });
    const queued = await this.#store.webhooks.enqueue(
      {
        event,
        target: target.target,
        class: cls,
        firstFailure: event === 'broken' ? next.firstFailureAt : target.firstFailureAt,
        lastFailure: event === 'broken' ? next.lastFailureAt : target.lastFailureAt,
        checkedAt: next.check.at,
      },
      next.check.at,
    );
    if (!queued.ok) this.#log('webhook-enqueue-failed', { target: target.target, code: queued.error.code });
  }

  /** One target: probe, the window rule, then into the batch (written when full; nothing when stopped). */
  async #check(target: LinkTarget, tally: Tally): Promise<void> {
    let result: ProbeResult;
    try {
      result = await probe(target.target, this.#probe);
    } catch (e) {
      // The host asked (Retry-After) to be left alone for a while: "try later", no request sent.
      if (e instanceof HostPaused) result = pausedResult(e);
      // Stopped (the abort or the closed gate): the lease runs out and the next pass checks it.
      else return;
    }
    this.totals.set(result.class, (this.totals.get(result.class) ?? 0) + 1);
    // The state from the target as claimed: it stays leased until written, so no other check of it comes
    // between (the window rule sees every check in order).
    const next = nextState(target, result, this.#clock(), this.#rule);
    if (this.#pending.length === 0) this.#pendingSince = performance.now();
    this.#pending.push({ target, next, tally });
    // Written when the batch is full, or when its oldest check has waited a tick (slow checks: no result
    // waits long, and none outlives its lease).
    const full = this.#pending.length >= Math.max(1, this.#settings.batchSize);
    if (full || performance.now() - this.#pendingSince >= this.#tickMs) await this.#flush();
  }

  /** Run passes every tick while the gateway runs, each taking its share of the round. */
  start(): void {
    if (this.#timer || this.#stopping) return;
    let synced = Number.NEGATIVE_INFINITY;
    const tick = async () => {
      const count = await this.#store.links.count();
      const known = count.ok ? count.value : 0;
      // The round's share of this tick, with room for the retries of failing targets; at least one.
      const limit = Math.max(1, Math.ceil(((known * this.#tickMs) / this.#rule.periodMs) * 1.2));
      // The targets are read from the bindings (a scan of them all) every SYNC_MS, not every tick.
      const sync = Date.now() - synced >= SYNC_MS;
      const report = await this.pass({ limit, sync });
      if (sync && report.leader) synced = Date.now();
      if (report.leader && report.checked + report.added + report.removed > 0) {
        this.#log('links-pass', {
          ...report.byClass,
          checked: report.checked,
          added: report.added,
          removed: report.removed,
        });
      }
    };
    const loop = () => {
      this.#timer = null;
      if (this.#stopping) return;
      this.#running = tick()
        .catch((e: Error) => this.#log('links-pass-failed', { message: e.message }))
        .finally(() => {
          this.#running = null;
          if (!this.#stopping) {
            this.#timer = setTimeout(loop, this.#tickMs);
            this.#timer.unref();
          }
        });
    };
    this.#timer = setTimeout(loop, 0);
    this.#timer.unref();
  }

  /** Stop: no new pass, requests in flight cut off (their targets are checked again later). */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const stopped = new Stopped();
    this.#gate.close(stopped);
    this.#abort.abort(stopped);
    await this.#running;
  }
}
