import { type Err, err, isDigit, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PdiErr, PdiErrorCode } from './codes.ts';
import type { PdiComponents, PdiFragment, PdiPosition, PdiWildcardField } from './components.ts';
import { daysInMonthOf } from './date.ts';
import { canonicalPosition, checkFragment, fragmentSpecifier, position } from './fragment.ts';
import {
  AT,
  CLASSES,
  DOT,
  EQUALS,
  escapeAt,
  HASH,
  is,
  isAlpha,
  isAlphaHyphenDigit,
  isEscapeAt,
  PERCENT,
  RESERVED,
  SLASH,
} from './grammar.ts';
import { normalizeLabel, normalizePart, normalizeResource } from './normalize.ts';
import { newScan, type PdiScan } from './scan.ts';

/*
 * The scan of a PDI, one function per rule of the grammar (draft-mallery-urn-pdi-00, rule names as
 * restored in the specs README), in the order a PDI is written:
 *
 *   pdiLabel             URN = "urn:" pdi ; PDI = "pdi" ":" nss
 *   resourceIdentifier   "//" document-series "/" iso-date "/" specifier
 *     documentSeries     component *( "." component ) "." iso-country
 *     isoDate            year "/" month "/" day (dateField for each), checked against the calendar
 *     specifier          unique-id [ "." format [ "." version ] ]  (uniqueId, format, version)
 *   fragment             "#" fragment-specifier (fragment.ts: fragmentSpecifier, position)
 *   citation             "@" origin-position "=" pdi, the cited PDI read by the same loop
 *
 * Each step reads the per-call state (scan.ts) from `st.i` and leaves `st.i` after what it read
 * (dateField, called three times by isoDate, takes its start and returns its end instead); it gives
 * an error, or fills the record being built. Normalizing is not done here: when the caller asks for
 * the normalized form, each finished part is handed to normalize.ts.
 *
 * In the loops that read one character at a time, characters are written as char codes with the
 * character beside them (`c === 46 // "."`) and the class table is read through a local (`classes`),
 * because an imported binding (DOT, CLASSES, isDigit…) is looked up again, with its checks, on every
 * use: in these loops that was half of the work. Outside the loops the names of grammar.ts are used.
 */

/** How many citations may nest (`@pos=pdi:…@pos=pdi:…`): deeper inputs fail with `citation-depth`. */
export const MAX_CITATION_DEPTH = 32;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The wildcards of a PDI that has none, and the series of a record not read yet (shared, frozen). */
const NO_WILDCARDS: readonly PdiWildcardField[] = Object.freeze([]);
const NO_SERIES: readonly string[] = Object.freeze([]);

/** The message of the rule `wildcard`. */
const WILDCARD_ALONE = 'a wildcard "*" stands alone for a whole field';

/**
 * `urn:pdi:` or `pdi:`, any case, at `st.i`: the form it names, `st.i` after it and `st.labelLower`
 * (written in lowercase), or null.
 */
function pdiLabel(st: PdiScan): 'urn' | 'url' | null {
  const s = st.input;
  let i = st.i;
  let a = s.charCodeAt(i);
  let b = s.charCodeAt(i + 1);
  let c = s.charCodeAt(i + 2);
  let form: 'urn' | 'url' = 'url';
  let lowercase = true;
  // u r n : / p d i : (NaN past the end matches nothing)
  if ((a | 32) === 117 && (b | 32) === 114 && (c | 32) === 110 && s.charCodeAt(i + 3) === 58) {
    form = 'urn';
    lowercase = a === 117 && b === 114 && c === 110;
    i += 4;
    a = s.charCodeAt(i);
    b = s.charCodeAt(i + 1);
    c = s.charCodeAt(i + 2);
  }
  if ((a | 32) === 112 && (b | 32) === 100 && (c | 32) === 105 && s.charCodeAt(i + 3) === 58) {
    st.labelLower = lowercase && a === 112 && b === 100 && c === 105;
    st.i = i + 4;
    return form;
  }
  return null;
}

/**
 * RESOURCE-IDENTIFIER = "//" document-series "/" iso-date "/" specifier, at `st.i`: the record (no
 * fragment, no citation yet), `st.i` after the specifier and `st.specifierStart` where it starts.
 */
function resourceIdentifier(st: PdiScan, form: 'urn' | 'url'): Mutable<PdiComponents> | PdiErr {
  const s = st.input;
  const start = st.i;
  if (s.charCodeAt(start) !== 47 /* "/" */ || s.charCodeAt(start + 1) !== 47) {
    return err('resource-identifier', 'after "pdi:" comes "//" and the document series (§1.2.1)', start);
  }
  st.i = start + 2;
  const c: Mutable<PdiComponents> = {
    form,
    series: NO_SERIES,
    country: '',
    year: '',
    month: '',
    day: '',
    uniqueId: '',
    format: null,
    version: null,
    fragment: null,
    citation: null,
    wildcards: NO_WILDCARDS,
  };
  const failed = documentSeries(st, c) ?? isoDate(st, c) ?? specifier(st, c);
  if (failed !== null) return failed;
  c.wildcards = wildcardsOf(c);
  return c;
}

/**
 * DOCUMENT-SERIES = component *( "." component ) "." iso-country, then "/", at `st.i`: sets
 * `c.series` and `c.country`, and `st.i` on the "/".
 */
function documentSeries(st: PdiScan, c: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const len = s.length;
  const classes = CLASSES; // read once: an imported binding is looked up again on every use
  const seriesStart = st.i;
  let lastDot = -1;
  let dots = 0;
  let dotBits = 0;
  let capital = false;
  let i = seriesStart;
  for (let partStart = i; ; i++) {
    if (i >= len) return componentFailed(s, i, lastDot);
    const c = s.charCodeAt(i);
    if (c < 128 && ((classes[c] as number) & 3) !== 0) {
      // alpha / digit (ALPHA | DIGIT)
      if (c <= 90 && c >= 65) capital = true;
      continue;
    }
    if (c === 45) continue; // "-"
    if (c !== 46 || i === partStart) {
      // not "." ending a component: "/" after one ends the series
      if (c === 47 && i !== partStart) break;
      return componentFailed(s, i, lastDot);
    }
    partStart = i + 1;
    lastDot = i;
    dots++;
    if (i - seriesStart < 31) dotBits |= 1 << (i - seriesStart);
  }
  if (lastDot < 0 || i - lastDot !== 3 || !isAlpha(s.charCodeAt(lastDot + 1)) || !isAlpha(s.charCodeAt(lastDot + 2))) {
    return countryFailed(i, lastDot);
  }
  c.series = components(s, seriesStart, dots, dotBits);
  c.country = s.slice(lastDot + 1, i);
  st.seriesCapital = capital;
  st.i = i;
  return null;
}

/** Why the document series stops at `i`: the end, an empty component, or a character it cannot hold. */
function componentFailed(s: string, i: number, lastDot: number): PdiErr {
  if (i >= s.length) return err('iso-date', 'the document series is followed by "/" and the ISO date', i);
  const c = s.charCodeAt(i);
  if (c === SLASH && lastDot < 0) return err('document-series', 'the document series is empty', i);
  if (c === DOT || c === SLASH) {
    return err('component', 'a document-series component is one or more letters, digits or hyphens', i);
  }
  return err('component', `character ${JSON.stringify(s[i])} cannot appear in a document-series component`, i);
}

/** A series ended at `i` by "/" without a country code after its last dot. */
function countryFailed(i: number, lastDot: number): PdiErr {
  if (lastDot < 0) {
    return err('document-series', 'a document series ends with "." and a two-letter ISO 3166 country code', i);
  }
  return err('iso-country', 'the document series ends with a two-letter ISO 3166 country code (§2.2)', lastDot + 1);
}

/**
 * The `count` components of the series from `start`, one array of the exact size. `dotBits` marks
 * the dots among its first 31 characters (bit k: `start + k`), so that a usual series is not read
 * twice; dots further on are looked for again.
 */
function components(s: string, start: number, count: number, dotBits: number): string[] {
  const series = new Array<string>(count);
  let bits = dotBits;
  for (let k = 0, from = start; k < count; k++) {
    let to = from;
    if (bits !== 0) {
      to = start + 31 - Math.clz32(bits & -bits); // the lowest bit left
      bits &= bits - 1;
    } else while (s.charCodeAt(to) !== 46 /* "." */) to++;
    series[k] = s.slice(from, to);
    from = to + 1;
  }
  return series;
}

/**
 * "/" ISO-DATE "/" = "/" year "/" month "/" day "/", at `st.i` (on the first "/"): sets `c.year`,
 * `c.month`, `c.day`, `st.specifierStart` and `st.i` after the last "/". A month is 01 to 12 and
 * the day exists in its month (proleptic Gregorian; a wildcard year admits 29 February).
 */
function isoDate(st: PdiScan, c: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const yearStart = st.i + 1;
  const yearEnd = dateField(st, yearStart, 4, 'year', 'year', 'month');
  if (typeof yearEnd !== 'number') return yearEnd;
  const anyYear = st.field < 0;
  const monthEnd = dateField(st, yearEnd + 1, 2, 'month', 'month', 'day');
  if (typeof monthEnd !== 'number') return monthEnd;
  const m = st.field;
  const dayEnd = dateField(st, monthEnd + 1, 2, 'day', 'day', 'unique id');
  if (typeof dayEnd !== 'number') return dayEnd;
  const d = st.field;
  if (m >= 0 && (m < 1 || m > 12)) return err('calendar-month', 'a month is 01 to 12', yearEnd + 1);
  if (d >= 0) {
    // 10000 is a multiple of 400, so the last four digits of the year decide a leap year
    const most = m < 0 ? 31 : daysInMonthOf(anyYear ? -1 : digitsValue(s, yearEnd - 4, yearEnd), m);
    if (d < 1 || d > most) return err('calendar-day', `that month has days 01 to ${most}`, monthEnd + 1);
  }
  c.year = s.slice(yearStart, yearEnd);
  c.month = s.slice(yearEnd + 1, monthEnd);
  c.day = s.slice(monthEnd + 1, dayEnd);
  st.specifierStart = dayEnd + 1;
  st.i = dayEnd + 1;
  return null;
}

/**
 * YEAR / MONTH / DAY from `i`: `min` or more digits, or "*", ended by "/". The index of that "/"
 * (the position stays in a local of the caller), and `st.field`: its value, capped at 1000, or -1 for "*".
 */
function dateField(
  st: PdiScan,
  i: number,
  min: number,
  code: PdiErrorCode,
  what: string,
  next: string,
): number | PdiErr {
  const s = st.input;
  const len = s.length;
  let j = i;
  let star = -1;
  let value = 0;
  let c = 0; // the character the field stops at
  for (; j < len; j++) {
    c = s.charCodeAt(j);
    if (isDigit(c)) {
      value = value * 10 + c - 48;
      if (value > 1000) value = 1000;
      continue;
    }
    if (c !== 42 /* "*" */) break;
    if (star < 0) star = j;
  }
  if (j < len && c === 47 /* "/" */ && (star < 0 ? j - i >= min : j - i === 1)) {
    st.field = star < 0 ? value : -1;
    return j;
  }
  return dateFieldFailed(s, i, j, star, min, code, what, next);
}

/** Why the date field from `i` is not read up to its "/" at `j`. */
function dateFieldFailed(
  s: string,
  i: number,
  j: number,
  star: number,
  min: number,
  code: PdiErrorCode,
  what: string,
  next: string,
): PdiErr {
  if (j < s.length && s.charCodeAt(j) !== SLASH) return err(code, `the ${what} is ${min} or more digits, or "*"`, j);
  if (star >= 0 && j - i !== 1) return err('wildcard', WILDCARD_ALONE, star);
  if (star < 0 && j - i < min) return err(code, `the ${what} is ${min} or more digits, or "*"`, i);
  return err('iso-date', `the ${what} is followed by "/" and the ${next}`, j);
}

/** The value of the digits `s[from, to)` (at most a few). */
function digitsValue(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + s.charCodeAt(i) - 48;
  return v;
}

/** SPECIFIER = unique-id [ "." format [ "." version ] ], at `st.i`: ends at "#", "@" or the end. */
function specifier(st: PdiScan, c: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const failed = uniqueId(st, c);
  if (failed !== null || s.charCodeAt(st.i) !== 46 /* "." */) return failed;
  st.i++;
  const bad = format(st, c);
  if (bad !== null || s.charCodeAt(st.i) !== 46) return bad;
  st.i++;
  return version(st, c);
}

/** UNIQUE-ID = alpha / digit / other / "%" hex hex, or a wildcard: sets `c.uniqueId`. */
function uniqueId(st: PdiScan, record: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const len = s.length;
  const classes = CLASSES;
  const start = st.i;
  let star = -1;
  let escaped = false;
  let i = start;
  let c = 0; // the character the unique id stops at
  for (; i < len; i++) {
    c = s.charCodeAt(i);
    if (c < 128 && ((classes[c] as number) & 7) !== 0) continue; // alpha / digit / other
    if (c === 37 /* "%" */ && isEscapeAt(s, i, len)) {
      escaped = true;
      i += 2;
      continue;
    }
    if (c !== 42 /* "*" */) break;
    if (star < 0) star = i;
  }
  if (i === start || (star >= 0 && i - start !== 1) || !(i >= len || c === 46 || c === 35 || c === 64)) {
    // not ended by the end, ".", "#" or "@"
    return uniqueIdFailed(s, start, i, star);
  }
  record.uniqueId = s.slice(start, i);
  st.uniqueIdEscape = escaped;
  st.i = i;
  return null;
}

/** True at the end, or at the "." "#" "@" that ends a part of the specifier. */
function endsSpecifierPart(s: string, i: number): boolean {
  if (i >= s.length) return true;
  const c = s.charCodeAt(i);
  return c === DOT || c === HASH || c === AT;
}

/** Why the unique id from `start` stops at `i`. */
function uniqueIdFailed(s: string, start: number, i: number, star: number): PdiErr {
  if (!endsSpecifierPart(s, i)) {
    if (s.charCodeAt(i) === PERCENT) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
    if (is(s.charCodeAt(i), RESERVED)) return reserved(s, i);
    return err('unique-id', `character ${JSON.stringify(s[i])} cannot appear in a unique id: %-encode it`, i);
  }
  if (i === start) return err('unique-id', 'the unique id is missing', i);
  return err('wildcard', WILDCARD_ALONE, star);
}

/** FORMAT = media-type-token / wildcard, after its ".": sets `c.format`. Tokens %-encode reserved characters (§2.5). */
function format(st: PdiScan, record: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const len = s.length;
  const classes = CLASSES;
  const start = st.i;
  let star = -1;
  let marked = false;
  let i = start;
  let c = 0; // the character the format stops at
  for (; i < len; i++) {
    c = s.charCodeAt(i);
    if (c < 128 && ((classes[c] as number) & 3) !== 0) {
      // alpha / digit
      if (c <= 90 && c >= 65) marked = true;
      continue;
    }
    if (c === 45 /* "-" */) continue;
    if (c === 37 /* "%" */ && formatEscape(s, i) === null) {
      if (isPlainOrCapitalEscape(s, i)) marked = true;
      i += 2;
      continue;
    }
    if (c !== 42 /* "*" */) break;
    if (star < 0) star = i;
  }
  if (i === start || (star >= 0 && i - start !== 1) || !(i >= len || c === 46 || c === 35 || c === 64)) {
    // not ended by the end, ".", "#" or "@"
    return formatFailed(s, start, i, star);
  }
  record.format = s.slice(start, i);
  st.formatCapitalOrPlainEscape = marked;
  st.i = i;
  return null;
}

/** Why the format from `start` stops at `i`. */
function formatFailed(s: string, start: number, i: number, star: number): PdiErr {
  if (!endsSpecifierPart(s, i)) {
    if (s.charCodeAt(i) === PERCENT) return formatEscape(s, i) as PdiErr;
    if (is(s.charCodeAt(i), RESERVED)) return reserved(s, i);
    return err('format', 'a format is a media-type token: letters, digits, hyphens (§2.5)', i);
  }
  if (i === start) return err('format', 'the format is missing after "."', i);
  return err('wildcard', WILDCARD_ALONE, star);
}

/** A %-escape in a format token at `i`: well formed, of a reserved character or a letter, digit or hyphen. */
function formatEscape(s: string, i: number): PdiErr | null {
  if (!isEscapeAt(s, i, s.length)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
  const e = escapeAt(s, i);
  if (!isAlphaHyphenDigit(e) && !is(e, RESERVED)) {
    return err('format', 'a format token %-encodes only reserved characters', i);
  }
  return null;
}

/** True when the escape at `i` is of a letter, digit or hyphen, or written with a hex digit A-F. */
function isPlainOrCapitalEscape(s: string, i: number): boolean {
  const x = s.charCodeAt(i + 1);
  const y = s.charCodeAt(i + 2);
  return isAlphaHyphenDigit(escapeAt(s, i)) || (x >= 65 && x <= 70) || (y >= 65 && y <= 70);
}

/** VERSION = digits / wildcard, after its ".": a positive integer, the end of the specifier. Sets `c.version`. */
function version(st: PdiScan, record: Mutable<PdiComponents>): PdiErr | null {
  const s = st.input;
  const len = s.length;
  const start = st.i;
  let star = -1;
  let nonZero = false;
  let i = start;
  let c = 0; // the character the version stops at
  for (; i < len; i++) {
    c = s.charCodeAt(i);
    if (isDigit(c)) {
      if (c !== 48) nonZero = true;
      continue;
    }
    if (c !== 42 /* "*" */) break;
    if (star < 0) star = i;
  }
  // ended by the end, "#" or "@"
  if ((i >= len || c === 35 || c === 64) && (star < 0 ? nonZero : i - start === 1)) {
    record.version = s.slice(start, i);
    st.i = i;
    return null;
  }
  return versionFailed(s, start, i, star);
}

/** Why the version from `start` stops at `i`. */
function versionFailed(s: string, start: number, i: number, star: number): PdiErr {
  const c = s.charCodeAt(i);
  if (i < s.length && c !== HASH && c !== AT) {
    return err('version', c === DOT ? 'the version ends the specifier' : 'a version is a positive integer, or "*"', i);
  }
  if (i === start) return err('version', 'the version is missing after "."', i);
  if (star >= 0 && i - start !== 1) return err('wildcard', WILDCARD_ALONE, star);
  return err('version', 'a version is a positive integer greater than 0 (§2.6)', start);
}

function reserved(s: string, i: number): PdiErr {
  const hex = s.charCodeAt(i).toString(16);
  return err('reserved', `"${s[i]}" is reserved: write it %${hex} here (§1.2.5)`, i);
}

/** The fields of `c` that are the wildcard "*", in the order of PdiWildcardField (a shared empty list for none). */
function wildcardsOf(c: PdiComponents): readonly PdiWildcardField[] {
  const anyYear = isStar(c.year);
  const anyMonth = isStar(c.month);
  const anyDay = isStar(c.day);
  const anyId = isStar(c.uniqueId);
  const anyFormat = isStar(c.format);
  const anyVersion = isStar(c.version);
  if (!(anyYear || anyMonth || anyDay || anyId || anyFormat || anyVersion)) return NO_WILDCARDS;
  const list: PdiWildcardField[] = [];
  if (anyYear) list.push('year');
  if (anyMonth) list.push('month');
  if (anyDay) list.push('day');
  if (anyId) list.push('uniqueId');
  if (anyFormat) list.push('format');
  if (anyVersion) list.push('version');
  return list;
}

/** isWildcard (grammar.ts), written here so that the six checks of wildcardsOf compile to a few instructions. */
function isStar(field: string | null): boolean {
  return field !== null && field.length === 1 && field.charCodeAt(0) === 42; // "*"
}

/** §2.5, §2.6: fragments and citations name one fixed representation. */
function requireFixed(c: PdiComponents, input: string, i: number): PdiErr | null {
  const what = input.charCodeAt(i) === HASH ? 'a fragment' : 'a citation';
  if (c.format === null)
    return err('format-required', `${what} needs a format and a version, as in "/1.text.1" (§2.5)`, i);
  if (c.version === null) {
    return err('version-required', `${what} needs a version after the format, as in ".${c.format}.1" (§2.6)`, i);
  }
  if (c.wildcards.length > 0)
    return err('wildcard-fragment', `${what} refers to one fixed representation: no wildcards`, i);
  return null;
}

/**
 * "#" FRAGMENT-SPECIFIER at `st.i`, to the end of the input: read, then checked against the format's
 * media type (checkFragment gives its canonical form). Sets `c.fragment`.
 */
function fragment(st: PdiScan, c: Mutable<PdiComponents>): PdiErr | null {
  const start = st.i + 1;
  st.i = start;
  const f = fragmentSpecifier(st);
  if (fragmentFailed(f)) return f;
  const checked = checkFragment(f, c.format as string, start);
  if (typeof checked !== 'string') return checked;
  c.fragment = f;
  if (st.normalizing) normalizePart(st, start, st.input.length, checked);
  return null;
}

/** "@" ORIGIN-POSITION "=", at `st.i`: the origin position, and `st.i` after the "=" (the cited PDI comes next). */
function citation(st: PdiScan, depth: number): PdiPosition | PdiErr {
  const s = st.input;
  const at = st.i;
  if (depth >= MAX_CITATION_DEPTH)
    return err('citation-depth', `citations nest at most ${MAX_CITATION_DEPTH} deep`, at);
  st.i = at + 1;
  const origin = position(st, 'origin-position');
  if (positionFailed(origin)) return origin;
  const end = st.i;
  if (s.charCodeAt(end) !== EQUALS) {
    return err('citation-specifier', 'a citation is "@" origin-position "=" and the cited PDI', end);
  }
  st.i = end + 1;
  if (st.normalizing) normalizePart(st, at + 1, end, canonicalPosition(origin));
  return origin;
}

/**
 * Parse a PDI, `urn:pdi://…` or the URL form `pdi://…`, into its parts as written.
 * Never throws; time linear in the input's length; citations are read in a loop, not by recursion,
 * and nest at most MAX_CITATION_DEPTH deep. Both profiles read the same draft.
 */
export function parsePdi(input: string, _options?: SchemeOptions): Result<PdiComponents, PidError<PdiErrorCode>> {
  const parsed = parseScan(newScan(input, 0, false));
  return recordFailed(parsed) ? parsed : { ok: true, value: parsed };
}

/**
 * parsePdi of a new scan `st` (scan.ts `newScan(input, 0, normalizing)`). When `st.normalizing`, the
 * normalized PDI is built as the scan goes (`normalizedForm(st)` gives it once the record is read):
 * the parts already normal are not copied but left in the input, so that a normalized input is its
 * own normal form.
 */
export function parseScan(st: PdiScan): PdiComponents | PdiErr {
  const form = pdiLabel(st);
  if (form === null) return err('pdi-label', 'a PDI starts with "urn:pdi:" or "pdi:" (§1.1)', 0);
  if (st.normalizing) normalizeLabel(st, 0, 'urn:pdi:');
  return nss(st, form);
}

/**
 * NSS = resource-identifier [ citation-specifier / fragment-specifier ], from `st.i` (after the
 * label): the record, its fragment or its citation of a PDI read by the same loop (no recursion).
 */
function nss(st: PdiScan, written: 'urn' | 'url'): PdiComponents | PdiErr {
  const input = st.input;
  let form = written;
  let first: Mutable<PdiComponents> | null = null;
  let citing: Mutable<PdiComponents> | null = null;
  let origin: PdiPosition = '';
  for (let depth = 0; ; depth++) {
    const start = st.i;
    const c = resourceIdentifier(st, form);
    if (resourceFailed(c)) return c;
    if (citing === null) first = c;
    else {
      if (c.wildcards.length > 0)
        return err('wildcard-fragment', 'a cited PDI names one fixed document: no wildcards', start);
      citing.citation = { originPosition: origin, pdi: c };
    }
    if (st.normalizing) normalizeResource(st, c, start);
    const i = st.i;
    if (i === input.length) break;
    const fixed = requireFixed(c, input, i);
    if (fixed) return fixed;
    if (input.charCodeAt(i) === 35 /* "#" */) {
      const failed = fragment(st, c);
      if (failed !== null) return failed;
      break;
    }
    // "@": the specifier's scan stops only at "#", "@" or the end
    const position = citation(st, depth);
    if (positionFailed(position)) return position;
    const label = st.i;
    const cited = pdiLabel(st);
    if (cited === null) return err('citation-specifier', 'the cited PDI starts with "pdi:"', label);
    // the cited PDI's label is always written "pdi:"
    if (st.normalizing) normalizeLabel(st, label, 'pdi:');
    form = cited;
    origin = position;
    citing = c;
  }
  return first as PdiComponents;
}

/* One guard per kind of result, so that each property check sees one or two shapes only. */
/** True when parsing failed (the answer is an error, not a record). */
export function recordFailed(x: PdiComponents | PdiErr): x is PdiErr {
  return (x as Err).ok === false;
}
function resourceFailed(x: Mutable<PdiComponents> | PdiErr): x is PdiErr {
  return (x as Err).ok === false;
}
function fragmentFailed(x: PdiFragment | PdiErr): x is PdiErr {
  return (x as Err).ok === false;
}
function positionFailed(x: PdiPosition | PdiErr): x is PdiErr {
  return typeof x !== 'string' && (x as Err).ok === false;
}
