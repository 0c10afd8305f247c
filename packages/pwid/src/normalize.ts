import type { Profile, Result } from '@pidgate/core';
import { checkUri, normalizeUriString } from './item.ts';
import { type PwidComponents, type PwidScan, scanPwid } from './parse.ts';
import { formatArchivalTime } from './time.ts';

/** ASCII lowercase, without allocating when there is nothing to change. */
function lower(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return s.toLowerCase();
  }
  return s;
}

/**
 * The canonical draft-07 string of a scanned PWID: `urn:pwid:`, the archive-id, precision and registered
 * ids lowercased; the archival-time in its draft-07 form with exactly the fields written ("T", ":" and "Z");
 * the URI's scheme and host lowercased, its %-hex uppercased, and "%", "[", "]", "?", "#" encoded.
 */
export function normalizeScan(scan: PwidScan): string {
  if (scan.normal !== null) return scan.normal;
  const c = scan.components;
  const time = scan.timeCanonical ? c.archivalTime : formatArchivalTime(c.time);
  const item = scan.itemScan === null ? lower(c.item) : normalizeUriString(scan.itemScan);
  return `urn:pwid:${lower(c.archiveId)}:${time}:${lower(c.precision)}:${item}`;
}

/** The normalized string of a parsed PWID's parts. */
export function normalizePwid(components: PwidComponents): string;
/** Parse a PWID and return its normalized string, or the parse error. */
export function normalizePwid(input: string, profile?: Profile): Result<string>;
export function normalizePwid(x: PwidComponents | string, profile: Profile = 'source'): string | Result<string> {
  if (typeof x === 'string') {
    const scan = scanPwid(x, profile);
    return scan.ok ? { ok: true, value: normalizeScan(scan.value) } : scan;
  }
  const itemScan = x.uri === null ? null : checkUri(x.uri);
  if (itemScan !== null && 'ok' in itemScan) {
    // a hand-made record with an invalid URI: keep the item as written, normalize the rest
    return normalizeScan({ components: x, timeCanonical: false, itemScan: null, normal: null });
  }
  return normalizeScan({ components: x, timeCanonical: false, itemScan, normal: null });
}
