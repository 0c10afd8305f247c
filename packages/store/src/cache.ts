import { err, ok } from '@pidgate/core';
import { LRUCache } from 'lru-cache';
import type { ChangeEvent, ChangeFeed } from './changes.ts';
import type { StoreResult } from './codes.ts';
import type { Binding, Store } from './store.ts';

export interface CacheOptions {
  /** Keep what resolution read (default true); false: every lookup reads the database. */
  readonly enabled?: boolean;
  /** The most binding keys kept, bound or not (default 100000). */
  readonly maxEntries?: number;
  /** How long a bound key (a binding or tombstone) is kept, in ms (default 300000). */
  readonly positiveTtlMs?: number;
  /** How long a key found unbound is kept, in ms (default 5000). */
  readonly negativeTtlMs?: number;
  /**
   * With a read replica: how long after a change names a key (or after a flush, any key) that key is read
   * from the primary rather than the replica, in ms (default 10000): longer than the replica's lag.
   */
  readonly replicaGraceMs?: number;
  /** The clock (tests): milliseconds. */
  readonly now?: () => number;
}

export interface CacheStats {
  /** Lookups answered from memory. */
  readonly hits: number;
  /** Lookups that read the database and could keep what they read. */
  readonly misses: number;
  /** Lookups that read the database with the cache off or its feed down. */
  readonly bypassed: number;
  /** Lookups (cached or not) that went to the read replica. */
  readonly replicaReads: number;
  /** Lookups that went to the primary although a replica is configured (changed keys in their grace time). */
  readonly primaryReads: number;
  /** Keys removed by a change, and times the whole cache was emptied (flush, feed down, feed up). */
  readonly invalidated: number;
  readonly flushes: number;
  readonly entries: number;
  /** Whether the feed is live (the cache serves only then). */
  readonly live: boolean;
}

interface Entry {
  /** The binding (or tombstone) bound at the key; null when the key is not bound. */
  readonly binding: Binding | null;
  readonly expires: number;
}

/** Longest first, then by code point descending: the order the backends pick the longest bound candidate in. */
function byLength(a: string, b: string): number {
  return b.length - a.length || (a < b ? 1 : a > b ? -1 : 0);
}

/**
 * What resolution reads from the store, per instance: `longestBound` answered from an LRU of binding keys
 * (a key's binding, or that it is unbound, each with its own TTL), kept right by the store's change feed
 * (changes.ts): a change names its keys and they are dropped; `flush` empties the cache; while the feed
 * is down (a lost LISTEN connection) the cache is empty and every lookup reads the database, until it is
 * listening again. A read that was in flight when any change arrived keeps nothing (`#epoch`), so a row
 * read before a change never lands in the cache after it.
 *
 * With a read replica, lookups read it, except for keys a change named in the last `replicaGraceMs` (and
 * every key after a flush), which are read from the primary: a notification can arrive before the replica
 * has replayed the change, and what the primary answers is kept. The NAAN, commitment and binding lists
 * read through `store` go to the primary during the grace time after any change, else to the replica.
 */
export class ResolutionReads {
  readonly #primary: Store;
  readonly #replica: Store | null;
  readonly #feed: ChangeFeed | null;
  readonly #enabled: boolean;
  readonly #positiveTtl: number;
  readonly #negativeTtl: number;
  readonly #grace: number;
  readonly #now: () => number;
  readonly #lru: LRUCache<string, Entry>;
  /** Keys a change named lately → until when they are read from the primary. */
  readonly #recent = new Map<string, number>();
  #allFromPrimaryUntil = 0;
  #anyChangeUntil = 0;
  #epoch = 0;
  #unsubscribe: (() => void) | null = null;
  #stats = { hits: 0, misses: 0, bypassed: 0, replicaReads: 0, primaryReads: 0, invalidated: 0, flushes: 0 };
  /** The store resolution reads through: `longestBound` is this cache's, the other reads the read store's. */
  readonly store: Store;
  /**
   * The primary for everything else (the admin and EZID APIs, the console: they read their own writes), whose
   * single-key writes drop that key here at once and whose bulk writes empty the cache, before the
   * notification of the same change comes back through the feed.
   */
  readonly writer: Store;

  constructor(primary: Store, replica: Store | null, feed: ChangeFeed | null, options: CacheOptions = {}) {
    this.#primary = primary;
    this.#replica = replica;
    this.#feed = feed;
    this.#enabled = (options.enabled ?? true) && feed !== null;
    this.#positiveTtl = options.positiveTtlMs ?? 300_000;
    this.#negativeTtl = options.negativeTtlMs ?? 5000;
    this.#grace = options.replicaGraceMs ?? 10_000;
    this.#now = options.now ?? Date.now;
    this.#lru = new LRUCache<string, Entry>({ max: Math.max(1, options.maxEntries ?? 100_000) });
    this.#unsubscribe = feed ? feed.subscribe((e) => this.#heard(e)) : null;
    this.store = this.#facade();
    this.writer = this.#writerFacade();
  }

  /** The binding of the longest bound candidate (as `Store.longestBound`), from memory when it can be. */
  async longestBound(candidates: readonly string[]): Promise<StoreResult<Binding>> {
    const feed = this.#feed;
    if (feed) {
      try {
        feed.poll();
      } catch {
        // a closed SQLite connection: the read below reports it
      }
    }
    if (!this.#enabled || !feed?.live) {
      this.#stats.bypassed++;
      return this.#source(candidates).longestBound(candidates);
    }
    const sorted = [...candidates].sort(byLength);
    const t = this.#now();
    let complete = true;
    for (const key of sorted) {
      const entry = this.#lru.get(key);
      if (!entry || entry.expires <= t) {
        if (entry) this.#lru.delete(key);
        complete = false;
        break;
      }
      if (entry.binding) {
        this.#stats.hits++;
        return ok(entry.binding);
      }
    }
    if (complete) {
      this.#stats.hits++;
      return err('not-found', 'no candidate is bound');
    }
    this.#stats.misses++;
    const epoch = this.#epoch;
    const found = await this.#source(candidates).longestBound(candidates);
    if (epoch === this.#epoch && feed.live && (found.ok || found.error.code === 'not-found')) {
      this.#keep(sorted, found.ok ? found.value : null);
    }
    return found;
  }

  stats(): CacheStats {
    return { ...this.#stats, entries: this.#lru.size, live: this.#feed?.live ?? false };
  }

  /** Stop hearing the feed (the store closes the feed itself). */
  close(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#lru.clear();
  }

  /** Keep what one lookup learnt: every candidate longer than the one found is unbound, the found one bound. */
  #keep(sorted: readonly string[], found: Binding | null): void {
    const t = this.#now();
    for (const key of sorted) {
      if (found && key === found.key) {
        this.#lru.set(key, { binding: found, expires: t + this.#positiveTtl });
        return;
      }
      // a candidate as long as the found one but not it: leave it (the order among equals is the backend's)
      if (found && key.length <= found.key.length) continue;
      if (this.#negativeTtl > 0) this.#lru.set(key, { binding: null, expires: t + this.#negativeTtl });
    }
  }

  /** The store a lookup of these keys reads: the replica, unless one of them changed within the grace time. */
  #source(keys: readonly string[]): Store {
    const replica = this.#replica;
    if (!replica) return this.#primary;
    const t = this.#now();
    if (t < this.#allFromPrimaryUntil) return this.#counted(this.#primary);
    for (const key of keys) {
      const until = this.#recent.get(key);
      if (until !== undefined && t < until) return this.#counted(this.#primary);
    }
    this.#stats.replicaReads++;
    return replica;
  }

  #counted(store: Store): Store {
    this.#stats.primaryReads++;
    return store;
  }

  /** The store for list reads (NAANs, commitments, prefix rules): the primary within the grace time of any change. */
  #listSource(): Store {
    if (!this.#replica) return this.#primary;
    return this.#now() < this.#anyChangeUntil ? this.#primary : this.#replica;
  }

  #heard(event: ChangeEvent): void {
    this.#epoch++;
    const t = this.#now();
    if (event.kind !== 'up' && event.kind !== 'down') this.#anyChangeUntil = t + this.#grace;
    switch (event.kind) {
      case 'keys':
        for (const key of event.keys) {
          this.#lru.delete(key);
          this.#stats.invalidated++;
          if (this.#replica) this.#remember(key, t + this.#grace);
        }
        return;
      case 'naans':
      case 'commitments':
        return;
      case 'flush':
      case 'down':
      case 'up':
        // Whatever was missed while down may have changed anything: nothing kept survives, and after a
        // flush every key is read from the primary for the grace time.
        this.#lru.clear();
        this.#recent.clear();
        this.#stats.flushes++;
        if (event.kind !== 'flush') this.#anyChangeUntil = t + this.#grace;
        this.#allFromPrimaryUntil = t + this.#grace;
        return;
    }
  }

  #remember(key: string, until: number): void {
    // Entries are added in time order with the same grace: the oldest are first, drop those that expired.
    const t = this.#now();
    for (const [k, u] of this.#recent) {
      if (u > t) break;
      this.#recent.delete(k);
    }
    this.#recent.delete(key);
    this.#recent.set(key, until);
  }

  /** The primary, with this instance's own writes heard at once (see `writer`). */
  #writerFacade(): Store {
    const keyed = new Set<PropertyKey>(['putBinding', 'deleteBinding', 'deleteReserved']);
    const bulk = new Set<PropertyKey>(['importBindings', 'purgeCreatedBefore']);
    return new Proxy(this.#primary, {
      get: (target, property) => {
        if (property === UNDERLYING) return target;
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        if (!keyed.has(property) && !bulk.has(property)) return fn.bind(target);
        return async (...args: unknown[]) => {
          const heard = (): void => {
            if (keyed.has(property) && typeof args[0] === 'string') this.#heard({ kind: 'keys', keys: [args[0]] });
            else this.#heard({ kind: 'flush' });
          };
          heard();
          try {
            return await fn.apply(target, args);
          } finally {
            heard();
          }
        };
      },
    });
  }

  /** A `Store` whose `longestBound` is the cache's and whose lists and PDI reads go to the read store. */
  #facade(): Store {
    const routed = new Set<PropertyKey>(['listBindings', 'listNaans', 'listCommitments', 'getPdi', 'listPdi']);
    return new Proxy(this.#primary, {
      get: (target, property) => {
        if (property === UNDERLYING) return target;
        if (property === 'longestBound') return (candidates: readonly string[]) => this.longestBound(candidates);
        const from = routed.has(property) ? this.#listSource() : target;
        const value = Reflect.get(from, property, from) as unknown;
        return typeof value === 'function' ? value.bind(from) : value;
      },
    });
  }
}

const UNDERLYING = Symbol('pidgate.store.underlying');

/**
 * The store a cache's `store` or `writer` stands for (the opened store itself for any other): what to key
 * per-store singletons on (the download service), so a wrapper and the store it wraps share one.
 */
export function underlyingStore(store: Store): Store {
  return ((store as unknown as Record<symbol, Store | undefined>)[UNDERLYING] ?? store) as Store;
}
