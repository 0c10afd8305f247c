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

/** What the parser learns on the way, so normalization need not look again. */
export interface PwidScan {
  readonly components: PwidComponents;
  readonly timeCanonical: boolean;
  readonly itemScan: ItemScan | null;
}

const fail = (code: string, message: string, offset: number, part: string): Err => err(code, message, offset, part);

/** `urn:pwid:` or (`source`) `pwid:`, any case: the index after the label's colon, or an error. */
function scanLabel(s: string, profile: Profile): number | Err {
  const lower = (i: number) => s.charCodeAt(i) | 0x20;
  const pwidAt = (i: number) =>
    lower(i) === 112 &&
    lower(i + 1) === 119 &&
    lower(i + 2) === 105 &&
    lower(i + 3) === 100 &&
    s.charCodeAt(i + 4) === COLON;
  if (lower(0) === 117 && lower(1) === 114 && lower(2) === 110 && s.charCodeAt(3) === COLON && pwidAt(4)) return 9;
  if (pwidAt(0)) {
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
    while (i < n && isUnreserved(s.charCodeAt(i))) i++;
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
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (isLdh(c)) {
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
  return i;
}

/** precision-spec = "part" / "page" / ... / extension; extension = 1*ALPHA. `modern`: part / page. */
function scanPrecision(s: string, start: number, profile: Profile): number | Err {
  const part = 'precision-spec';
  let i = start;
  while (i < s.length && isAlpha(s.charCodeAt(i))) i++;
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
function scanItem(s: string, start: number, profile: Profile): ItemScan | null | Err {
  const part = 'archived-item-id';
  if (start >= s.length) return fail('archived-item-id-empty', 'the archived-item-id is empty', start, part);
  if (s.charCodeAt(start) === TILDE) {
    if (profile === 'modern') {
      return fail('registered-id-not-allowed', 'the modern profile has no "~" registered item ids', start, part);
    }
    if (start + 1 >= s.length) {
      return fail('registered-item-id', 'a registered item id is "~" and unreserved characters', start + 1, part);
    }
    for (let i = start + 1; i < s.length; i++) {
      if (!isUnreserved(s.charCodeAt(i))) {
        return fail('registered-item-id', `${JSON.stringify(s[i])} is not allowed in a registered item id`, i, part);
      }
    }
    return null;
  }
  return scanUriString(s.slice(start), start, profile);
}

/** Parse and validate a PWID, keeping what normalization needs. Never throws; linear in the input's length. */
export function scanPwid(s: string, profile: Profile = 'source'): Result<PwidScan> {
  const afterLabel = scanLabel(s, profile);
  if (typeof afterLabel !== 'number') return afterLabel;
  const archiveEnd = scanArchiveId(s, afterLabel, profile);
  if (typeof archiveEnd !== 'number') return archiveEnd;
  const timeStart = archiveEnd + 1;
  const time = scanArchivalTime(s, timeStart, profile);
  if ('ok' in time) return time;
  if (time.end >= s.length || s.charCodeAt(time.end) !== COLON) {
    const code =
      time.end >= s.length ? 'archival-time-unterminated' : isDigit(s.charCodeAt(time.end)) ? 'utc-time' : 'time-zone';
    const message =
      code === 'archival-time-unterminated'
        ? 'the archival-time is followed by ":" and the precision-spec'
        : `${JSON.stringify(s[time.end])} cannot follow the archival-time`;
    return fail(code, message, time.end, 'archival-time');
  }
  const precisionStart = time.end + 1;
  const precisionEnd = scanPrecision(s, precisionStart, profile);
  if (typeof precisionEnd !== 'number') return precisionEnd;
  const itemStart = precisionEnd + 1;
  const itemScan = scanItem(s, itemStart, profile);
  if (itemScan !== null && 'ok' in itemScan) return itemScan;
  const item = s.slice(itemStart);
  const components: PwidComponents = {
    label: s.slice(0, afterLabel - 1),
    archiveId: s.slice(afterLabel, archiveEnd),
    archivalTime: s.slice(timeStart, time.end),
    time: time.time,
    precision: s.slice(precisionStart, precisionEnd),
    item,
    uri: itemScan === null ? null : itemScan.uri,
  };
  return { ok: true, value: { components, timeCanonical: time.canonical, itemScan } };
}

/** Parse a PWID into its parts (as written). `source` (default) is draft-07 plus the older forms; `modern` is IANA 2022. */
export function parsePwid(input: string, profile: Profile = 'source'): Result<PwidComponents> {
  const scan = scanPwid(input, profile);
  return scan.ok ? { ok: true, value: scan.value.components } : scan;
}
