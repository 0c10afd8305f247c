import {
  type ArchivalTime,
  type Archive,
  type ArchiveRegistry,
  buildPwid,
  parsePwid,
  resolvePwid,
} from '@pidgate/pwid';
import { LRUCache } from 'lru-cache';
import { type Config, ConfigError } from '../config/index.ts';
import type { ArchiveAnswer, ArchiveFinder, Capture, CaptureReport } from '../resolution/index.ts';
import { parseCdx } from './cdx.ts';
import { httpUrl, parseTimeMap } from './timemap.ts';

/**
 * Asks the web archives of `archives.fallback` for the captures of a target: each archive's Memento
 * TimeMap (RFC 7089) or CDX API, all at once, each bounded by `archives.timeoutMs` (connection, headers and
 * body together: one AbortSignal) and `archives.maxBytes` read; the latest `maxCaptures` of each, with their
 * PWIDs (`urn:pwid:<archive>:<time>:page:<uri>`, built and checked with @pidgate/pwid) and replay URLs.
 * A lookup (found or not) is kept `cacheTtlSeconds` in an LRU cache, and lookups of one target in flight
 * are shared. It never rejects: an archive that fails is reported with why.
 */

/** One archive as configured: what to ask it. */
export interface ArchiveSource {
  readonly archive: Archive;
  /** TimeMap URL template (`{uri}` as itself), or null. */
  readonly timemap: string | null;
  /** CDX URL template (`{uri}` percent-encoded), or null. Asked instead of the TimeMap when given. */
  readonly cdx: string | null;
}

export type ArchiveSettings = Config['archives'];

/** The archives of `archives.fallback`, checked against the registry; a ConfigError names what is wrong. */
export function archiveSources(settings: ArchiveSettings, registry: ArchiveRegistry): ArchiveSource[] {
  const problems: string[] = [];
  const sources: ArchiveSource[] = [];
  settings.fallback.forEach((entry, i) => {
    const archive = registry.get(entry.archive);
    const at = `archives.fallback[${i}]`;
    if (!archive) {
      problems.push(
        `${at}.archive: ${entry.archive} is not in the PWID archive registry (pwid.archives adds archives)`,
      );
      return;
    }
    if (archive.access !== 'open' || archive.replay === null) {
      problems.push(`${at}.archive: ${archive.name} has no public replay, so its captures could not be linked`);
      return;
    }
    const timemap = entry.cdx === null ? (entry.timemap ?? archive.timemap) : entry.timemap;
    if (timemap === null && entry.cdx === null) {
      problems.push(`${at}: the registry names no TimeMap for ${archive.id}; give timemap or cdx`);
      return;
    }
    for (const [key, template] of [
      ['timemap', timemap],
      ['cdx', entry.cdx],
    ] as const) {
      if (template !== null && !/^https?:\/\/[^\s]*\{uri\}/.test(template)) {
        problems.push(`${at}.${key}: an http(s) URL template holding {uri}`);
      }
    }
    sources.push({ archive, timemap, cdx: entry.cdx });
  });
  if (problems.length > 0) throw new ConfigError(`invalid configuration (archives):\n  ${problems.join('\n  ')}`);
  return sources;
}

/** The ArchivalTime of an instant, to the second. */
function archivalTime(d: Date): ArchivalTime {
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    fraction: null,
  };
}

/** A Wayback timestamp (14 digits) as an instant, or null when it names no real time. */
function fromTimestamp(ts: string): Date | null {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, k) => Number(ts.slice(at, k === 0 ? 4 : at + 2)));
  const t = new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
  return t.getUTCMonth() === (mo as number) - 1 && t.getUTCDate() === d && t.getUTCHours() === h && (s as number) < 60
    ? t
    : null;
}

/** The capture's PWID, or null when @pidgate/pwid does not read back what was built. */
function pwidOf(archive: Archive, at: Date, uri: string): string | null {
  const pwid = buildPwid({ archiveId: archive.id, time: archivalTime(at), precision: 'page', uri });
  return parsePwid(pwid).ok ? pwid : null;
}

type Fetched =
  | { readonly ok: true; readonly text: string; readonly url: string; readonly truncated: boolean }
  | { readonly ok: false; readonly result: ArchiveAnswer['result']; readonly detail: string };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** GET `url` and read at most `maxBytes` of its body, all within `timeoutMs`. Never rejects. */
async function fetchBounded(
  doFetch: FetchLike,
  url: string,
  accept: string,
  settings: ArchiveSettings,
  userAgent: string,
): Promise<Fetched> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const res = await doFetch(url, { signal, redirect: 'follow', headers: { accept, 'user-agent': userAgent } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      // A TimeMap server answers 404 for a URI it holds no capture of (RFC 7089 §5).
      if (res.status === 404) return { ok: true, text: '', url: res.url || url, truncated: false };
      return { ok: false, result: 'http-error', detail: `HTTP ${res.status}` };
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    let truncated = false;
    const reader = res.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > settings.maxBytes) {
        chunks.push(value.subarray(0, settings.maxBytes - total));
        total = settings.maxBytes;
        truncated = true;
        await reader.cancel().catch(() => {});
        break;
      }
      chunks.push(value);
      total += value.byteLength;
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
    return { ok: true, text, url: res.url || url, truncated };
  } catch (e) {
    const name = (e as Error)?.name;
    if (name === 'TimeoutError' || signal.aborted) {
      return { ok: false, result: 'timeout', detail: `no complete answer within ${settings.timeoutMs} ms` };
    }
    const cause = (e as { cause?: { code?: string } })?.cause?.code;
    return { ok: false, result: 'unreachable', detail: cause ?? String((e as Error)?.message ?? e).slice(0, 200) };
  }
}

const fill = (template: string, uri: string) => template.split('{uri}').join(uri);

/** `ArchiveFinder` over the configured archives. */
export class ArchiveLookup implements ArchiveFinder {
  readonly enabled: boolean;
  readonly #cache: LRUCache<string, Promise<CaptureReport>> | null;
  /** Requests sent to archives (for tests and metrics). */
  sent = 0;

  constructor(
    readonly sources: readonly ArchiveSource[],
    readonly settings: ArchiveSettings,
    readonly registry: ArchiveRegistry,
    readonly userAgent: string,
    readonly doFetch: FetchLike = fetch,
  ) {
    this.enabled = sources.length > 0;
    this.#cache =
      settings.cacheTtlSeconds > 0
        ? new LRUCache({ max: settings.cacheSize, ttl: settings.cacheTtlSeconds * 1000 })
        : null;
  }

  captures(target: string): Promise<CaptureReport> {
    if (!this.enabled) return Promise.resolve({ captures: [], archives: [] });
    const cached = this.#cache?.get(target);
    if (cached) return cached;
    const lookup = this.#lookup(target);
    this.#cache?.set(target, lookup);
    return lookup;
  }

  async #lookup(target: string): Promise<CaptureReport> {
    const answers = await Promise.all(this.sources.map((s) => this.#ask(s, target)));
    const captures = answers
      .flatMap((a) => a.captures)
      .sort((a, b) => (a.datetime < b.datetime ? 1 : a.datetime > b.datetime ? -1 : 0));
    return { captures, archives: answers.map((a) => a.answer) };
  }

  async #ask(source: ArchiveSource, target: string): Promise<{ captures: Capture[]; answer: ArchiveAnswer }> {
    const { archive } = source;
    const failed = (result: ArchiveAnswer['result'], detail: string) => ({
      captures: [],
      answer: { archive: archive.id, result, captures: 0, detail },
    });
    const useCdx = source.cdx !== null;
    const url = useCdx
      ? fill(source.cdx as string, encodeURIComponent(target))
      : fill(source.timemap as string, target);
    this.sent++;
    const got = await fetchBounded(
      this.doFetch,
      url,
      useCdx ? 'application/json, text/plain;q=0.5' : 'application/link-format, text/plain;q=0.5',
      this.settings,
      this.userAgent,
    );
    if (!got.ok) return failed(got.result, got.detail);
    const captures = useCdx ? this.#fromCdx(archive, got.text) : this.#fromTimeMap(archive, got.text, got.url, target);
    if (captures === null) return failed('unreadable', useCdx ? 'not a CDX answer' : 'not a TimeMap');
    const kept = captures.slice(0, this.settings.maxCaptures);
    return {
      captures: kept,
      answer: {
        archive: archive.id,
        result: kept.length > 0 ? 'found' : 'none',
        captures: kept.length,
        ...(got.truncated ? { detail: `read the first ${this.settings.maxBytes} bytes` } : {}),
      },
    };
  }

  /** Captures newest first; null when the text holds no TimeMap at all. */
  #fromTimeMap(archive: Archive, text: string, base: string, target: string): Capture[] | null {
    const map = parseTimeMap(text, base);
    if (map.mementos.length === 0 && map.skipped > 0 && map.original === null) return null;
    const uri = map.original ?? target;
    const out: Capture[] = [];
    const newest = [...map.mementos].sort((a, b) => b.datetime.getTime() - a.datetime.getTime());
    for (const m of newest) {
      if (out.length >= this.settings.maxCaptures) break;
      const pwid = pwidOf(archive, m.datetime, uri);
      if (pwid)
        out.push({
          archive: archive.id,
          archiveName: archive.name,
          datetime: m.datetime.toISOString(),
          url: m.url,
          pwid,
        });
    }
    return out;
  }

  #fromCdx(archive: Archive, text: string): Capture[] | null {
    const cdx = parseCdx(text);
    if (!cdx.readable) return null;
    const newest = [...cdx.captures].sort((a, b) =>
      a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0,
    );
    const out: Capture[] = [];
    for (const c of newest) {
      if (out.length >= this.settings.maxCaptures) break;
      const at = fromTimestamp(c.timestamp);
      const pwid = at ? pwidOf(archive, at, c.original) : null;
      const parsed = pwid ? parsePwid(pwid) : null;
      const replay = parsed?.ok ? resolvePwid(parsed.value, this.registry) : null;
      const url = replay?.ok && replay.value.kind === 'replay' ? httpUrl(replay.value.url, replay.value.url) : null;
      if (at && pwid && url)
        out.push({ archive: archive.id, archiveName: archive.name, datetime: at.toISOString(), url, pwid });
    }
    return out;
  }
}
