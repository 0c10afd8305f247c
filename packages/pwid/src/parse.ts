import { err, type PidError, type Profile, profileOf, type Result, type SchemeOptions } from '@pidgate/core';
import type { PwidErr, PwidErrorCode } from './codes.ts';
import {
  COLON,
  DOT,
  HYPHEN,
  isAlpha,
  isDigit,
  isLdh,
  isUnreserved,
  MAX_DOMAIN_LENGTH,
  MAX_LABEL_LENGTH,
  MODERN_PRECISION_VALUES,
  TILDE,
} from './grammar.ts';
import { type ItemScan, scanUriString } from './item.ts';
import { createScanner, type Scanner } from './scanner.ts';
import { type ArchivalTime, scanArchivalTime } from './time.ts';

/** A PWID as written (draft-07 `pwid-NSS` and its label): the parts, not normalized. */
export interface PwidComponents {
  /** `urn:pwid` (any case), or `pwid` for the bare form of early tools (source profile). */
  readonly label: string;
  /** archive-id as written: a domain, or "~" and a registered-archive-id. */
  readonly archiveId: string;
  /** archival-time as written. */
  readonly archivalTime: string;
  /** The archival-time's fields; a field not written is null (the granularity is part of the identity). */
  readonly time: ArchivalTime;
  /** precision-spec as written. */
  readonly precision: string;
  /** archived-item-id as written: a uri-string, or "~" and a registered-item-id. */
  readonly item: string;
  /** The archived URI the uri-string names (its five escapes decoded), or null for a "~" item. */
  readonly uri: string | null;
}

/** A scanned PWID: its parts as written, and what normalization needs besides them. */
export interface PwidScan {
  /** The text scanned, `formatPwid(components)`; null for a record made by hand. */
  readonly input: string | null;
  readonly components: PwidComponents;
  /** The archival-time is written in draft-07 form ("T", ":" and "Z" in capitals). */
  readonly timeCanonical: boolean;
  /** The item's URI and the spans of its scheme and host, or null for a "~" item. */
  readonly itemScan: ItemScan | null;
  /** The parts in which the scan saw an ASCII upper-case letter: `UPPER_*` bits. */
  readonly upperCase: number;
}

/** `PwidScan.upperCase` bits: facts the scan reports; normalize.ts alone decides what they change. */
export const UPPER_ARCHIVE_ID = 1;
export const UPPER_PRECISION = 2;
export const UPPER_REGISTERED_ITEM = 4;
/** Every bit: what a record made by hand is taken to have (its parts are then each looked at). */
export const UPPER_UNKNOWN = 7;

const fail = (code: PwidErrorCode, message: string, offset: number, part: string): PwidErr =>
  err(code, message, offset, part);

/** `pwid:` (any case) at `i` of `s`. */
export function pwidLabelAt(s: string, i: number): boolean {
  return (
    (s.charCodeAt(i) | 0x20) === 112 &&
    (s.charCodeAt(i + 1) | 0x20) === 119 &&
    (s.charCodeAt(i + 2) | 0x20) === 105 &&
    (s.charCodeAt(i + 3) | 0x20) === 100 &&
    s.charCodeAt(i + 4) === COLON
  );
}

/** Does `s` start with `urn:pwid:` (any case)? */
export function urnPwidLabel(s: string): boolean {
  return (
    (s.charCodeAt(0) | 0x20) === 117 &&
    (s.charCodeAt(1) | 0x20) === 114 &&
    (s.charCodeAt(2) | 0x20) === 110 &&
    s.charCodeAt(3) === COLON &&
    pwidLabelAt(s, 4)
  );
}

/**
 * pwid-urn = "urn:" pwid-NID ":" pwid-NSS
 * pwid-NSS = archive-id ":" archival-time ":" precision-spec ":" archived-item-id
 * Parse and validate a PWID, keeping what normalization needs. Never throws; linear in the input's length.
 */
export function scanPwid(s: string, profile: Profile = 'source'): Result<PwidScan, PidError<PwidErrorCode>> {
  const st = createScanner(s, profile);
  const e = pwidNid(st) ?? archiveId(st) ?? archivalTime(st) ?? precisionSpec(st) ?? archivedItemId(st);
  if (e !== null) return e;
  const itemScan = st.itemScan;
  const components: PwidComponents = {
    label: st.label,
    archiveId: st.archiveId,
    archivalTime: st.archivalTime,
    time: st.time as ArchivalTime,
    precision: st.precision,
    item: st.item,
    uri: itemScan === null ? null : itemScan.uri,
  };
  return {
    ok: true,
    value: { input: s, components, timeCanonical: st.timeCanonical, itemScan, upperCase: st.upperCase },
  };
}

/**
 * Parse a PWID into its parts (as written). `source` (default) is draft-07 plus the older forms; `modern` is
 * IANA 2022. A replay URL is not a PWID: `pwidFromReplayUrl` reads the PWID it stands for.
 */
export function parsePwid(input: string, options?: SchemeOptions): Result<PwidComponents, PidError<PwidErrorCode>> {
  const scan = scanPwid(input, profileOf(options));
  return scan.ok ? { ok: true, value: scan.value.components } : scan;
}

/** The label: `urn:pwid:`, or (`source`) the bare `pwid:` of early tools; any case. */
function pwidNid(st: Scanner): PwidErr | null {
  const s = st.input;
  if (urnPwidLabel(s)) {
    st.pointer = 9;
  } else if (pwidLabelAt(s, 0)) {
    if (st.modern) return fail('bare-pwid-label', 'the modern profile reads only "urn:pwid:"', 0, 'pwid-NID');
    st.pointer = 5;
  } else {
    return fail('pwid-label', 'a PWID starts with "urn:pwid:"', 0, 'pwid-NID');
  }
  st.label = s.slice(0, st.pointer - 1);
  return null;
}

/** archive-id ":", archive-id = domain / ( "~" registered-archive-id ). */
function archiveId(st: Scanner): PwidErr | null {
  const s = st.input;
  const start = st.pointer;
  if (start >= s.length || s.charCodeAt(start) === COLON) {
    return fail('archive-id-empty', 'the archive-id is empty', start, 'archive-id');
  }
  const e = s.charCodeAt(start) === TILDE ? registeredArchiveId(st) : domain(st);
  if (e !== null) return e;
  st.archiveId = s.slice(start, st.pointer);
  st.pointer++;
  return null;
}

/** "~" registered-archive-id, registered-archive-id = 1*unreserved; not in `modern`. */
function registeredArchiveId(st: Scanner): PwidErr | null {
  const part = 'archive-id';
  const s = st.input;
  const start = st.pointer;
  if (st.modern) {
    return fail('registered-id-not-allowed', 'the modern profile has no "~" registered archive-ids', start, part);
  }
  let i = start + 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isUnreserved(c)) break;
    if (c <= 90 && c >= 65) st.upperCase |= UPPER_ARCHIVE_ID;
  }
  if (i === start + 1) {
    return fail('registered-archive-id', 'a registered archive-id is "~" and unreserved characters', i, part);
  }
  if (i >= s.length) {
    return fail('archive-id-unterminated', 'the archive-id is followed by ":" and the archival-time', i, part);
  }
  if (s.charCodeAt(i) !== COLON) {
    return fail('registered-archive-id', `${JSON.stringify(s[i])} is not allowed in a registered archive-id`, i, part);
  }
  st.pointer = i;
  return null;
}

/**
 * domain: RFC 1034 §3.5's preferred name syntax with RFC 1123 §2.1's relaxation (a label may start with
 * a digit); the last label starts with a letter.
 */
function domain(st: Scanner): PwidErr | null {
  const part = 'archive-id';
  const s = st.input;
  const n = s.length;
  const start = st.pointer;
  let i = start;
  let label = start;
  let up = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (isLdh(c)) {
      if (c <= 90 && c >= 65) up = UPPER_ARCHIVE_ID;
      if (i - label >= MAX_LABEL_LENGTH)
        return fail('archive-id-length', 'a domain label is at most 63 characters', i, part);
      continue;
    }
    if (c !== DOT && c !== COLON) {
      return fail('archive-id-domain', `${JSON.stringify(s[i])} is not allowed in a domain`, i, part);
    }
    const e = domainLabelEnd(s, label, i);
    if (e !== null) return e;
    if (c === COLON) break;
    label = i + 1;
  }
  if (i >= n) {
    return fail('archive-id-unterminated', 'the archive-id is followed by ":" and the archival-time', i, part);
  }
  if (!isAlpha(s.charCodeAt(label))) {
    return fail('archive-id-domain', 'the last label of a domain starts with a letter', label, part);
  }
  if (i - start > MAX_DOMAIN_LENGTH)
    return fail('archive-id-length', 'a domain is at most 253 characters', start, part);
  st.upperCase |= up;
  st.pointer = i;
  return null;
}

/** The end, at `end`, of a domain label that starts at `label`: not empty, no "-" at either end. */
function domainLabelEnd(s: string, label: number, end: number): PwidErr | null {
  const part = 'archive-id';
  if (end === label) return fail('archive-id-domain', 'a domain label is not empty', end, part);
  if (s.charCodeAt(label) === HYPHEN)
    return fail('archive-id-domain', 'a domain label cannot start with "-"', label, part);
  if (s.charCodeAt(end - 1) === HYPHEN)
    return fail('archive-id-domain', 'a domain label cannot end with "-"', end - 1, part);
  return null;
}

/** archival-time ":" (the time itself is read by time.ts). */
function archivalTime(st: Scanner): PwidErr | null {
  const e = scanArchivalTime(st);
  if (e !== null) return e;
  const s = st.input;
  const end = st.pointer;
  if (end >= s.length) {
    return fail(
      'archival-time-unterminated',
      'the archival-time is followed by ":" and the precision-spec',
      end,
      'archival-time',
    );
  }
  const c = s.charCodeAt(end);
  if (c !== COLON) {
    const code = isDigit(c) ? 'utc-time' : 'time-zone';
    return fail(code, `${JSON.stringify(s[end])} cannot follow the archival-time`, end, 'archival-time');
  }
  st.archivalTime = s.slice(st.timeStart, end);
  st.pointer = end + 1;
  return null;
}

/** precision-spec ":", precision-spec = "part" / "page" / ... / extension; extension = 1*ALPHA. `modern`: part / page. */
function precisionSpec(st: Scanner): PwidErr | null {
  const part = 'precision-spec';
  const s = st.input;
  const start = st.pointer;
  let i = start;
  let up = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isAlpha(c)) break;
    if (c < 97) up = UPPER_PRECISION;
  }
  if (i === start) {
    if (i < s.length && s.charCodeAt(i) !== COLON) {
      return fail('precision-spec-character', 'the precision-spec is letters', i, part);
    }
    return fail('precision-spec-empty', 'the precision-spec is empty', i, part);
  }
  if (i >= s.length) {
    return fail(
      'precision-spec-unterminated',
      'the precision-spec is followed by ":" and the archived-item-id',
      i,
      part,
    );
  }
  if (s.charCodeAt(i) !== COLON) {
    return fail('precision-spec-character', `${JSON.stringify(s[i])} is not allowed in a precision-spec`, i, part);
  }
  const precision = s.slice(start, i);
  if (st.modern && !(MODERN_PRECISION_VALUES as readonly string[]).includes(precision.toLowerCase())) {
    return fail('precision-spec-value', 'the modern profile knows only the precisions "part" and "page"', start, part);
  }
  st.precision = precision;
  st.upperCase |= up;
  st.pointer = i + 1;
  return null;
}

/** archived-item-id = uri-string / ( "~" registered-item-id ), to the end of the input. */
function archivedItemId(st: Scanner): PwidErr | null {
  const base = st.pointer;
  const item = st.input.slice(base);
  if (item.length === 0) {
    return fail('archived-item-id-empty', 'the archived-item-id is empty', base, 'archived-item-id');
  }
  if (item.charCodeAt(0) === TILDE) {
    const e = registeredItemId(st, item);
    if (e !== null) return e;
  } else {
    const scan = scanUriString(st, item);
    if ('ok' in scan) return scan;
    st.itemScan = scan;
  }
  st.item = item;
  st.pointer = st.input.length;
  return null;
}

/** "~" registered-item-id, registered-item-id = 1*unreserved; not in `modern`. */
function registeredItemId(st: Scanner, item: string): PwidErr | null {
  const part = 'archived-item-id';
  const base = st.pointer;
  if (st.modern) {
    return fail('registered-id-not-allowed', 'the modern profile has no "~" registered item ids', base, part);
  }
  if (item.length === 1) {
    return fail('registered-item-id', 'a registered item id is "~" and unreserved characters', base + 1, part);
  }
  for (let i = 1; i < item.length; i++) {
    const c = item.charCodeAt(i);
    if (c <= 90 && c >= 65) st.upperCase |= UPPER_REGISTERED_ITEM;
    if (!isUnreserved(c)) {
      return fail(
        'registered-item-id',
        `${JSON.stringify(item[i])} is not allowed in a registered item id`,
        base + i,
        part,
      );
    }
  }
  return null;
}
