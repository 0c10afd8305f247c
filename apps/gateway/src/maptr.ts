import { getServers } from 'node:dns';
import { err, type Result } from '@pidgate/core';
import type { Config } from './config.ts';
import type { Metrics } from './metrics.ts';
import type { MaptrAnswer, MaptrDiscoverer } from './resolvers/types.ts';

/** The Maptr client's answer (as `maptrLookup` from @pidgate/discovery gives it). */
export type MaptrLookup = (
  naan: string,
  options: { server: string; suffix: string; timeoutMs: number; maxDepth: number },
) => Promise<Result<{ nmahs: readonly string[]; trace: readonly unknown[] }>>;

interface Entry {
  readonly expires: number;
  readonly result: Result<MaptrAnswer>;
}

/** The system's first DNS server as `host:port` (IPv6 in brackets), or null when there is none. */
export function systemDnsServer(): string | null {
  const first = getServers()[0];
  if (!first) return null;
  if (first.startsWith('[') || !first.includes(':')) return first;
  return first.split(':').length > 2 ? `[${first}]` : first;
}

/** One Maptr trace step (`MaptrTraceStep`) on one line: the domain asked, what came back, the NMAHs found. */
function traceText(t: unknown): string {
  if (typeof t !== 'object' || t === null) return String(t);
  const step = t as {
    domain?: string;
    outcome?: string;
    message?: string;
    records?: { naptr?: { replacement?: string } | null; action?: unknown }[];
  };
  const found = (step.records ?? [])
    .map((r) =>
      `${typeof r.action === 'string' ? r.action : JSON.stringify(r.action)} ${r.naptr?.replacement ?? ''}`.trim(),
    )
    .join(', ');
  return `${step.domain ?? '?'}: ${step.outcome ?? '?'}${step.message ? ` (${step.message})` : ''}${found ? ` [${found}]` : ''}`;
}

/**
 * Maptr discovery with a TTL cache: answers (NMAHs found, or none) are kept `cacheTtlSeconds`;
 * failures (timeouts, server errors) are not cached. Concurrent asks for one NAAN share one query.
 */
export class CachedMaptr implements MaptrDiscoverer {
  readonly #cache = new Map<string, Entry>();
  readonly #inFlight = new Map<string, Promise<Result<MaptrAnswer>>>();
  readonly #options: { server: string; suffix: string; timeoutMs: number; maxDepth: number };
  readonly #ttlMs: number;
  readonly #size: number;

  constructor(
    config: Config['maptr'],
    readonly lookup: MaptrLookup,
    readonly metrics: Metrics,
    server: string,
  ) {
    // Configuration validation requires a suffix whenever Maptr is on.
    this.#options = {
      server,
      suffix: config.suffix ?? 'ark.arpa',
      timeoutMs: config.timeoutMs,
      maxDepth: config.maxDepth,
    };
    this.#ttlMs = config.cacheTtlSeconds * 1000;
    this.#size = config.cacheSize;
  }

  async discover(naan: string): Promise<Result<MaptrAnswer>> {
    const key = naan.toLowerCase();
    const entry = this.#cache.get(key);
    if (entry && entry.expires > Date.now()) {
      this.metrics.cache('maptr', true);
      return entry.result.ok ? { ok: true, value: { ...entry.result.value, cached: true } } : entry.result;
    }
    this.metrics.cache('maptr', false);
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const query = this.#query(key).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, query);
    return query;
  }

  async #query(naan: string): Promise<Result<MaptrAnswer>> {
    let result: Result<MaptrAnswer>;
    try {
      const found = await this.lookup(naan, this.#options);
      result = found.ok
        ? { ok: true, value: { nmahs: found.value.nmahs, trace: found.value.trace.map(traceText), cached: false } }
        : found;
    } catch (e) {
      return err('maptr-error', `Maptr lookup failed: ${(e as Error).message}`);
    }
    const cacheable = result.ok || /not-found|nxdomain|no-record|no-nmah|empty/i.test(result.error.code);
    if (cacheable && this.#ttlMs > 0 && this.#size > 0) {
      if (this.#cache.size >= this.#size) {
        const oldest = this.#cache.keys().next();
        if (!oldest.done) this.#cache.delete(oldest.value);
      }
      this.#cache.set(naan, { expires: Date.now() + this.#ttlMs, result });
    }
    return result;
  }

  /** Forget every cached answer (on reload). */
  clear(): void {
    this.#cache.clear();
  }
}
