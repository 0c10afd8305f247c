import type { SchemeOptions } from '@pidgate/core';
import { LBRACKET } from './grammar.ts';
import { checkUri, codesToString, encodeUriString, FEW_CHANGES, type ItemScan } from './item.ts';
import {
  type PwidComponents,
  type PwidScan,
  UPPER_ARCHIVE_ID,
  UPPER_PRECISION,
  UPPER_REGISTERED_ITEM,
  UPPER_UNKNOWN,
} from './parse.ts';
import { formatArchivalTime } from './time.ts';

/** ASCII lowercase, without allocating when there is nothing to change. */
function lower(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return s.toLowerCase();
  }
  return s;
}

/** The label of the normal form. */
const NORMAL_LABEL = 'urn:pwid';

/**
 * The PWID normalizer, one pass over a scanned record: the canonical draft-07 string, `urn:pwid:`, the
 * archive-id, precision and registered ids lowercased; the archival-time in its draft-07 form with exactly
 * the fields written ("T", ":" and "Z"); the URI's scheme and host lowercased, its %-hex uppercased, and
 * "%", "[", "]", "?", "#" encoded. Each rule gives its part back unchanged when it is already normal,
 * and a PWID whose parts are all normal is returned as it was scanned (no new string).
 */
export function normalizeScan(scan: PwidScan): string {
  const c = scan.components;
  const upper = scan.upperCase;
  const archiveId = upper & UPPER_ARCHIVE_ID ? lower(c.archiveId) : c.archiveId;
  const time = scan.timeCanonical ? c.archivalTime : formatArchivalTime(c.time);
  const precision = upper & UPPER_PRECISION ? lower(c.precision) : c.precision;
  const item =
    scan.itemScan !== null ? normalizeUriString(scan.itemScan) : upper & UPPER_REGISTERED_ITEM ? lower(c.item) : c.item;
  if (
    scan.input !== null &&
    c.label === NORMAL_LABEL &&
    archiveId === c.archiveId &&
    time === c.archivalTime &&
    precision === c.precision &&
    item === c.item
  ) {
    return scan.input;
  }
  return `${NORMAL_LABEL}:${archiveId}:${time}:${precision}:${item}`;
}

/**
 * The equivalence key of a parsed PWID's parts: the draft-07 string `normalizeScan` gives (the same rules in
 * both profiles). A record made by hand with an invalid URI keeps its item as written.
 */
export function normalizePwid(x: PwidComponents, _options?: SchemeOptions): string {
  const itemScan = x.uri === null ? null : checkUri(x.uri);
  if (itemScan !== null && 'ok' in itemScan) {
    // a hand-made record with an invalid URI: keep the item as written, normalize the rest
    return normalizeScan({
      input: null,
      components: x,
      timeCanonical: false,
      itemScan: null,
      upperCase: UPPER_UNKNOWN,
    });
  }
  return normalizeScan({ input: null, components: x, timeCanonical: false, itemScan, upperCase: UPPER_UNKNOWN });
}

/** %-escapes with lower-case hex digits uppercased (RFC 3986 §6.2.2.1). */
function upperHexEscapes(s: string): string {
  let first = -1;
  let count = 0;
  for (let i = s.indexOf('%'); i !== -1; i = s.indexOf('%', i + 3)) {
    if (isLowerHex(s.charCodeAt(i + 1)) || isLowerHex(s.charCodeAt(i + 2))) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return s;
  if (count <= FEW_CHANGES) {
    let out = '';
    let last = 0;
    for (let i = first; i !== -1; i = s.indexOf('%', i + 3)) {
      if (!isLowerHex(s.charCodeAt(i + 1)) && !isLowerHex(s.charCodeAt(i + 2))) continue;
      out += s.slice(last, i + 1) + s.slice(i + 1, i + 3).toUpperCase();
      last = i + 3;
    }
    return out + s.slice(last);
  }
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  for (let i = first; i !== -1; i = s.indexOf('%', i + 3)) {
    if (isLowerHex(out[i + 1] as number)) out[i + 1] = (out[i + 1] as number) - 32;
    if (isLowerHex(out[i + 2] as number)) out[i + 2] = (out[i + 2] as number) - 32;
  }
  return codesToString(out, s.length);
}

const isLowerHex = (c: number): boolean => c >= 97 && c <= 102;

/**
 * RFC 3986 §6.2.2 case normalization of the URI: scheme and host lowercased, %-escape hex uppercased;
 * userinfo, port, path, query and fragment kept as they are.
 */
export function normalizeUri(scan: ItemScan): string {
  const { uri, schemeEnd, hostStart, hostEnd } = scan;
  let out = uri;
  if (scan.schemeOrHostUpper) {
    out =
      uri.slice(0, schemeEnd).toLowerCase() +
      uri.slice(schemeEnd, hostStart) +
      uri.slice(hostStart, hostEnd).toLowerCase() +
      uri.slice(hostEnd);
  }
  return scan.percent ? upperHexEscapes(out) : out;
}

/** The normalized uri-string of an item: its URI case-normalized, then encoded by the draft-07 rule. */
export function normalizeUriString(scan: ItemScan): string {
  const uri = normalizeUri(scan);
  return mayHoldEncoded(scan) ? encodeUriString(uri) : uri;
}

/**
 * Can the URI hold one of the five characters the uri-string rule encodes? In a valid URI "?" and "#"
 * appear only from the end of the path on, "[" and "]" only around an IP-literal host, and the scan
 * recorded whether it may hold a "%": no search here (a cheap way to skip the encoder's
 * character-by-character scan in the common case).
 */
function mayHoldEncoded(scan: ItemScan): boolean {
  const { uri } = scan;
  return (
    scan.percent ||
    scan.pathEnd < uri.length ||
    (scan.hostEnd > scan.hostStart && uri.charCodeAt(scan.hostStart) === LBRACKET)
  );
}
