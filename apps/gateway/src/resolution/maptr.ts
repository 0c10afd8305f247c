import { getServers } from 'node:dns';
import { err, type PidError, type Result } from '@pidgate/core';
import type { MaptrErrorCode } from '@pidgate/discovery';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config/index.ts';
import type { Metrics } from '../observability/index.ts';
import type { MaptrFailureCode } from './codes.ts';
import type { MaptrAnswer, MaptrDiscoverer } from './resolvers/types.ts';

/** What a Maptr discovery gives: the NMAHs found, or why there are none. */
type MaptrResult = Result<MaptrAnswer, PidError<MaptrFailureCode>>;

/** The Maptr client's answer (as `maptrLookup` from @pidgate/discovery gives it): its failures are typed. */
export type MaptrLookup = (
  naan: string,
  options: { server: string; suffix: string; timeoutMs: number; maxDepth: number },
) => Promise<Result<{ nmahs: readonly string[]; trace: readonly unknown[] }, PidError<MaptrErrorCode>>>;

/**
 * Which failed lookups are answers to keep: DNS said there is no mapping authority (the name does not
 * exist, or holds no "ark" records). Timeouts, network and server errors, and the lookup's own limits
 * (loops, depth, query count) are asked again next time. Every code is listed: a new one does not compile
 * until it is classified here.
 */
export const MAPTR_CACHEABLE = {
  'maptr-nxdomain': true,
  'maptr-no-records': true,
  'maptr-naan': false,
  'maptr-server': false,
  'maptr-timeout': false,
  'maptr-network': false,
  'maptr-rcode': false,
  'maptr-truncated': false,
  'maptr-loop': false,
  'maptr-depth': false,
  'maptr-query-limit': false,
} as const satisfies Record<MaptrErrorCode, boolean>;

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
 * Maptr discovery with a TTL cache (lru-cache: at most `cacheSize` NAANs, each kept `cacheTtlSeconds`):
 * answers (NMAHs found, or none: `MAPTR_CACHEABLE`) are kept; other failures are not. Concurrent asks for
 * one NAAN share one query.
 */
export class CachedMaptr implements MaptrDiscoverer {
  readonly #cache: LRUCache<string, MaptrResult> | null;
  readonly #inFlight = new Map<string, Promise<MaptrResult>>();
  readonly #options: { server: string; suffix: string; timeoutMs: number; maxDepth: number };

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
    const ttl = config.cacheTtlSeconds * 1000;
    this.#cache = ttl > 0 && config.cacheSize > 0 ? new LRUCache({ max: config.cacheSize, ttl }) : null;
  }

  async discover(naan: string): Promise<MaptrResult> {
    const key = naan.toLowerCase();
    const hit = this.#cache?.get(key);
    if (hit) {
      this.metrics.cache('maptr', true);
      return hit.ok ? { ok: true, value: { ...hit.value, cached: true } } : hit;
    }
    this.metrics.cache('maptr', false);
    const pending = this.#inFlight.get(key);
    if (pending) return pending;
    const query = this.#query(key).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, query);
    return query;
  }

  async #query(naan: string): Promise<MaptrResult> {
    let result: MaptrResult;
    try {
      const found = await this.lookup(naan, this.#options);
      result = found.ok
        ? { ok: true, value: { nmahs: found.value.nmahs, trace: found.value.trace.map(traceText), cached: false } }
        : found;
      if (found.ok || MAPTR_CACHEABLE[found.error.code]) this.#cache?.set(naan, result);
    } catch (e) {
      // maptrLookup never throws; a lookup passed in by a test or an embedder might
      return err('maptr-error', `Maptr lookup failed: ${(e as Error).message}`);
    }
    return result;
  }

  /** Forget every cached answer (on reload). */
  clear(): void {
    this.#cache?.clear();
  }
}
