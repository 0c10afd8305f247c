import { type Err, err, type Profile, type Result } from '@pidgate/core';
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
import { type ArchivalTime, scanArchivalTime, timeScan } from './time.ts';

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

/** What the parser learns on the way, so normalization need not look again. */
export interface PwidScan {
  readonly components: PwidComponents;
  readonly timeCanonical: boolean;
  readonly itemScan: ItemScan | null;
  /**
   * The input itself when it is already in normal form (`urn:pwid:`, archive-id, precision and a registered
   * item in lower case, the time in draft-07 form, a clean URI item), else null: then normalization is free.
   */
  readonly normal: string | null;
}

// What the last successful scan of a part saw besides its end (module state, no allocation per parse):
// whether the part has an upper-case letter, so that it is not in normal form.
let upper = false;

const fail = (code: string, message: string, offset: number, part: string): Err => err(code, message, offset, part);

/** `urn:pwid:` or (`source`) `pwid:`, any case: the index after the label's colon, or an error. */
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

function scanLabel(s: string, profile: Profile): number | Err {
  if (urnPwidLabel(s)) return 9;
  if (pwidLabelAt(s, 0)) {
    if (profile === 'modern')
      return fail('bare-pwid-label', 'the modern profile reads only "urn:pwid:"', 0, 'pwid-NID');
    return 5;
  }
  return fail('pwid-label', 'a PWID starts with "urn:pwid:"', 0, 'pwid-NID');
}

/**
 * archive-id = domain / ( "~" registered-archive-id ). `domain` is RFC 1034 §3.5's preferred name
 * syntax with RFC 1123 §2.1's relaxation (a label may start with a digit); the last label starts with a letter.
 */
function scanArchiveId(s: string, start: number, profile: Profile): number | Err {
  const part = 'archive-id';
  const n = s.length;
  if (start >= n || s.charCodeAt(start) === COLON)
    return fail('archive-id-empty', 'the archive-id is empty', start, part);
  if (s.charCodeAt(start) === TILDE) {
    if (profile === 'modern') {
      return fail('registered-id-not-allowed', 'the modern profile has no "~" registered archive-ids', start, part);
    }
    let i = start + 1;
    let up = false;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (!isUnreserved(c)) break;
      if (c <= 90 && c >= 65) up = true;
    }
    upper = up;
    if (i === start + 1) {
      return fail('registered-archive-id', 'a registered archive-id is "~" and unreserved characters', i, part);
    }
    if (i >= n)
      return fail('archive-id-unterminated', 'the archive-id is followed by ":" and the archival-time', i, part);
    if (s.charCodeAt(i) !== COLON) {
      return fail(
        'registered-archive-id',
        `${JSON.stringify(s[i])} is not allowed in a registered archive-id`,
        i,
        part,
      );
    }
    return i;
  }
  let i = start;
  let label = start;
  let up = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (isLdh(c)) {
      if (c <= 90 && c >= 65) up = true;
      if (i - label >= MAX_LABEL_LENGTH)
        return fail('archive-id-length', 'a domain label is at most 63 characters', i, part);
      continue;
    }
    if (c === DOT || c === COLON) {
      if (i === label) return fail('archive-id-domain', 'a domain label is not empty', i, part);
      if (s.charCodeAt(label) === HYPHEN)
        return fail('archive-id-domain', 'a domain label cannot start with "-"', label, part);
      if (s.charCodeAt(i - 1) === HYPHEN)
        return fail('archive-id-domain', 'a domain label cannot end with "-"', i - 1, part);
      if (c === COLON) break;
      label = i + 1;
      continue;
    }
    return fail('archive-id-domain', `${JSON.stringify(s[i])} is not allowed in a domain`, i, part);
  }
  if (i >= n) {
    return fail('archive-id-unterminated', 'the archive-id is followed by ":" and the archival-time', i, part);
  }
  if (!isAlpha(s.charCodeAt(label))) {
    return fail('archive-id-domain', 'the last label of a domain starts with a letter', label, part);
  }
  if (i - start > MAX_DOMAIN_LENGTH)
    return fail('archive-id-length', 'a domain is at most 253 characters', start, part);
  upper = up;
  return i;
}

/** precision-spec = "part" / "page" / ... / extension; extension = 1*ALPHA. `modern`: part / page. */
function scanPrecision(s: string, start: number, profile: Profile): number | Err {
  const part = 'precision-spec';
  let i = start;
  let up = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isAlpha(c)) break;
    if (c < 97) up = true;
  }
  upper = up;
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
  if (profile === 'modern') {
    const value = s.slice(start, i).toLowerCase();
    if (!(MODERN_PRECISION_VALUES as readonly string[]).includes(value)) {
      return fail(
        'precision-spec-value',
        'the modern profile knows only the precisions "part" and "page"',
        start,
        part,
      );
    }
  }
  return i;
}

/** archived-item-id = uri-string / ( "~" registered-item-id ), to the end of the input. */
function scanItem(item: string, base: number, profile: Profile, pwid: string): ItemScan | null | Err {
  const part = 'archived-item-id';
  if (item.length === 0) return fail('archived-item-id-empty', 'the archived-item-id is empty', base, part);
  if (item.charCodeAt(0) === TILDE) {
    if (profile === 'modern') {
      return fail('registered-id-not-allowed', 'the modern profile has no "~" registered item ids', base, part);
    }
    if (item.length === 1) {
      return fail('registered-item-id', 'a registered item id is "~" and unreserved characters', base + 1, part);
    }
    let up = false;
    for (let i = 1; i < item.length; i++) {
      const c = item.charCodeAt(i);
      if (c <= 90 && c >= 65) up = true;
      if (!isUnreserved(c)) {
        return fail(
          'registered-item-id',
          `${JSON.stringify(item[i])} is not allowed in a registered item id`,
          base + i,
          part,
        );
      }
    }
    upper = up;
    return null;
  }
  return scanUriString(item, base, profile, pwid);
}

/** Parse and validate a PWID, keeping what normalization needs. Never throws; linear in the input's length. */
export function scanPwid(s: string, profile: Profile = 'source'): Result<PwidScan> {
  const afterLabel = scanLabel(s, profile);
  if (typeof afterLabel !== 'number') return afterLabel;
  // the label is in normal form when it is "urn:pwid:" in lower case (every letter of it is then >= "a")
  let normal =
    afterLabel === 9 &&
    s.charCodeAt(0) >= 97 &&
    s.charCodeAt(1) >= 97 &&
    s.charCodeAt(2) >= 97 &&
    s.charCodeAt(4) >= 97 &&
    s.charCodeAt(5) >= 97 &&
    s.charCodeAt(6) >= 97 &&
    s.charCodeAt(7) >= 97;
  const archiveEnd = scanArchiveId(s, afterLabel, profile);
  if (typeof archiveEnd !== 'number') return archiveEnd;
  if (upper) normal = false;
  const timeStart = archiveEnd + 1;
  const time = scanArchivalTime(s, timeStart, profile);
  if ('ok' in time) return time;
  const timeEnd = timeScan.end;
  const timeCanonical = timeScan.canonical;
  if (timeEnd >= s.length || s.charCodeAt(timeEnd) !== COLON) {
    const code =
      timeEnd >= s.length ? 'archival-time-unterminated' : isDigit(s.charCodeAt(timeEnd)) ? 'utc-time' : 'time-zone';
    const message =
      code === 'archival-time-unterminated'
        ? 'the archival-time is followed by ":" and the precision-spec'
        : `${JSON.stringify(s[timeEnd])} cannot follow the archival-time`;
    return fail(code, message, timeEnd, 'archival-time');
  }
  const precisionStart = timeEnd + 1;
  const precisionEnd = scanPrecision(s, precisionStart, profile);
  if (typeof precisionEnd !== 'number') return precisionEnd;
  if (upper || !timeCanonical) normal = false;
  const itemStart = precisionEnd + 1;
  const item = s.slice(itemStart);
  const itemScan = scanItem(item, itemStart, profile, s);
  if (itemScan !== null && 'ok' in itemScan) return itemScan;
  if (itemScan === null ? upper : !itemScan.clean) normal = false;
  const components: PwidComponents = {
    label: s.slice(0, afterLabel - 1),
    archiveId: s.slice(afterLabel, archiveEnd),
    archivalTime: s.slice(timeStart, timeEnd),
    time,
    precision: s.slice(precisionStart, precisionEnd),
    item,
    uri: itemScan === null ? null : itemScan.uri,
  };
  return { ok: true, value: { components, timeCanonical, itemScan, normal: normal ? s : null } };
}

/** Parse a PWID into its parts (as written). `source` (default) is draft-07 plus the older forms; `modern` is IANA 2022. */
export function parsePwid(input: string, profile: Profile = 'source'): Result<PwidComponents> {
  const scan = scanPwid(input, profile);
  return scan.ok ? { ok: true, value: scan.value.components } : scan;
}
