import { type Err, err, type Profile, type Result } from '@pidgate/core';
import type { PdiComponents, PdiPosition, PdiWildcardField } from './components.ts';
import { daysInMonth, fieldValue } from './date.ts';
import { canonicalFragment, isErr, scanFragment, scannedEnd, scanPosition } from './fragment.ts';
import {
  AT,
  DOT,
  EQUALS,
  escapeAt,
  HASH,
  is,
  isAlpha,
  isAlphaHyphenDigit,
  isDigit,
  isEscapeAt,
  isUniqueIdChar,
  PERCENT,
  RESERVED,
  SLASH,
  STAR,
  stripZeros,
} from './grammar.ts';

/** How many citations may nest (`@pos=pdi:…@pos=pdi:…`): deeper inputs fail with `citation-depth`. */
export const MAX_CITATION_DEPTH = 32;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The char code at `i`, lowercased if it is an ASCII letter. */
function lowerAt(s: string, i: number): number {
  return s.charCodeAt(i) | 32;
}

/** `urn:pdi:` or `pdi:`, any case, at `i`: the index after it (8 or 4 further on), or -1. */
function label(s: string, i: number): number {
  // u r n : / p d i :
  if (lowerAt(s, i) === 117 && lowerAt(s, i + 1) === 114 && lowerAt(s, i + 2) === 110 && s.charCodeAt(i + 3) === 58) {
    i += 4;
  }
  if (lowerAt(s, i) === 112 && lowerAt(s, i + 1) === 100 && lowerAt(s, i + 2) === 105 && s.charCodeAt(i + 3) === 58) {
    return i + 4;
  }
  return -1;
}

/** The wildcards of a PDI that has none (shared, frozen). */
const NO_WILDCARDS: readonly PdiWildcardField[] = Object.freeze([]);

/** YEAR / MONTH / DAY: `min` or more digits, or "*", ended by "/". The index of that "/". */
function dateField(s: string, i: number, min: number, code: string, what: string, next: string): number | Err {
  let j = i;
  let star = -1;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === SLASH) break;
    if (isDigit(c)) continue;
    if (c === STAR) {
      if (star < 0) star = j;
      continue;
    }
    return err(code, `the ${what} is ${min} or more digits, or "*"`, j);
  }
  if (star >= 0 && j - i !== 1) return err('wildcard', 'a wildcard "*" stands alone for a whole field', star);
  if (star < 0 && j - i < min) return err(code, `the ${what} is ${min} or more digits, or "*"`, i);
  if (j >= s.length) return err('iso-date', `the ${what} is followed by "/" and the ${next}`, j);
  return j;
}

function reserved(s: string, i: number): Err {
  const hex = s.charCodeAt(i).toString(16);
  return err('reserved', `"${s[i]}" is reserved: write it %${hex} here (§1.2.5)`, i);
}

/** Where the resource identifier `parseResource` last read ends, and its unique id starts. */
let resourceEnd = 0;
let uniqueIdStart = 0;
/** Whether normalizing its `//series/yyyy/mm/dd/` is only lowercasing it (no zeros to strip). */
let plainHead = false;

/**
 * RESOURCE-IDENTIFIER = "//" document-series "/" iso-date "/" specifier, from `start`.
 * Returns the record (no fragment, no citation yet); sets `resourceEnd`, `uniqueIdStart`, `plainHead`
 * (module state rather than an object per call: parsing is synchronous).
 */
function parseResource(s: string, start: number, form: 'urn' | 'url'): Mutable<PdiComponents> | Err {
  const len = s.length;
  if (s.charCodeAt(start) !== SLASH || s.charCodeAt(start + 1) !== SLASH) {
    return err('resource-identifier', 'after "pdi:" comes "//" and the document series (§1.2.1)', start);
  }
  // DOCUMENT-SERIES = component *( "." component ) "." iso-country
  const seriesStart = start + 2;
  let lastDot = -1;
  let dots = 0;
  let i = seriesStart;
  for (let partStart = i; ; i++) {
    if (i >= len) return err('iso-date', 'the document series is followed by "/" and the ISO date', i);
    const c = s.charCodeAt(i);
    if (isAlphaHyphenDigit(c)) continue;
    if (c === DOT || c === SLASH) {
      if (i === partStart) {
        if (c === SLASH && lastDot < 0) return err('document-series', 'the document series is empty', i);
        return err('component', 'a document-series component is one or more letters, digits or hyphens', i);
      }
      partStart = i + 1;
      if (c === SLASH) break;
      lastDot = i;
      dots++;
      continue;
    }
    return err('component', `character ${JSON.stringify(s[i])} cannot appear in a document-series component`, i);
  }
  if (lastDot < 0) {
    return err('document-series', 'a document series ends with "." and a two-letter ISO 3166 country code', i);
  }
  if (i - lastDot !== 3 || !isAlpha(s.charCodeAt(lastDot + 1)) || !isAlpha(s.charCodeAt(lastDot + 2))) {
    return err('iso-country', 'the document series ends with a two-letter ISO 3166 country code (§2.2)', lastDot + 1);
  }
  // one array of the exact size: the components are the dots before the country code
  const series = new Array<string>(dots);
  for (let k = 0, from = seriesStart; k < dots; k++) {
    const to = s.indexOf('.', from);
    series[k] = s.slice(from, to);
    from = to + 1;
  }
  const country = s.slice(lastDot + 1, i);

  // ISO-DATE = year "/" month "/" day
  const yearStart = i + 1;
  const yearEnd = dateField(s, yearStart, 4, 'year', 'year', 'month');
  if (typeof yearEnd !== 'number') return yearEnd;
  const monthEnd = dateField(s, yearEnd + 1, 2, 'month', 'month', 'day');
  if (typeof monthEnd !== 'number') return monthEnd;
  const dayEnd = dateField(s, monthEnd + 1, 2, 'day', 'day', 'unique id');
  if (typeof dayEnd !== 'number') return dayEnd;
  const year = s.slice(yearStart, yearEnd);
  const month = s.slice(yearEnd + 1, monthEnd);
  const day = s.slice(monthEnd + 1, dayEnd);
  const m = month === '*' ? 0 : fieldValue(month);
  if (month !== '*' && (m < 1 || m > 12)) return err('calendar-month', 'a month is 01 to 12', yearEnd + 1);
  if (day !== '*') {
    const d = fieldValue(day);
    const most = m === 0 ? 31 : daysInMonth(year === '*' ? null : year, m);
    if (d < 1 || d > most) return err('calendar-day', `that month has days 01 to ${most}`, monthEnd + 1);
  }

  // SPECIFIER = unique-id [ "." format [ "." version ] ]
  const uidStart = dayEnd + 1;
  let star = -1;
  for (i = uidStart; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c === DOT || c === HASH || c === AT) break;
    if (isUniqueIdChar(c)) continue;
    if (c === PERCENT) {
      if (!isEscapeAt(s, i, len)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
      i += 2;
      continue;
    }
    if (c === STAR) {
      if (star < 0) star = i;
      continue;
    }
    if (is(c, RESERVED)) return reserved(s, i);
    return err('unique-id', `character ${JSON.stringify(s[i])} cannot appear in a unique id: %-encode it`, i);
  }
  if (i === uidStart) return err('unique-id', 'the unique id is missing', i);
  if (star >= 0 && i - uidStart !== 1) return err('wildcard', 'a wildcard "*" stands alone for a whole field', star);
  const uniqueId = s.slice(uidStart, i);

  let format: string | null = null;
  let version: string | null = null;
  if (s.charCodeAt(i) === DOT) {
    // FORMAT = media-type-token / wildcard; tokens %-encode reserved characters (§2.5)
    const formatStart = i + 1;
    star = -1;
    for (i = formatStart; i < len; i++) {
      const c = s.charCodeAt(i);
      if (c === DOT || c === HASH || c === AT) break;
      if (isAlphaHyphenDigit(c)) continue;
      if (c === PERCENT) {
        if (!isEscapeAt(s, i, len)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
        const e = escapeAt(s, i);
        if (!isAlphaHyphenDigit(e) && !is(e, RESERVED)) {
          return err('format', 'a format token %-encodes only reserved characters', i);
        }
        i += 2;
        continue;
      }
      if (c === STAR) {
        if (star < 0) star = i;
        continue;
      }
      if (is(c, RESERVED)) return reserved(s, i);
      return err('format', 'a format is a media-type token: letters, digits, hyphens (§2.5)', i);
    }
    if (i === formatStart) return err('format', 'the format is missing after "."', i);
    if (star >= 0 && i - formatStart !== 1)
      return err('wildcard', 'a wildcard "*" stands alone for a whole field', star);
    format = s.slice(formatStart, i);

    if (s.charCodeAt(i) === DOT) {
      // VERSION = digits / wildcard, a positive integer
      const versionStart = i + 1;
      star = -1;
      let nonZero = false;
      for (i = versionStart; i < len; i++) {
        const c = s.charCodeAt(i);
        if (c === HASH || c === AT) break;
        if (isDigit(c)) {
          if (c !== 48) nonZero = true;
          continue;
        }
        if (c === STAR) {
          if (star < 0) star = i;
          continue;
        }
        if (c === DOT) return err('version', 'the version ends the specifier', i);
        return err('version', 'a version is a positive integer, or "*"', i);
      }
      if (i === versionStart) return err('version', 'the version is missing after "."', i);
      if (star >= 0 && i - versionStart !== 1) {
        return err('wildcard', 'a wildcard "*" stands alone for a whole field', star);
      }
      if (star < 0 && !nonZero)
        return err('version', 'a version is a positive integer greater than 0 (§2.6)', versionStart);
      version = s.slice(versionStart, i);
    }
  }

  let wildcards = NO_WILDCARDS;
  if (year === '*' || month === '*' || day === '*' || uniqueId === '*' || format === '*' || version === '*') {
    const list: PdiWildcardField[] = [];
    if (year === '*') list.push('year');
    if (month === '*') list.push('month');
    if (day === '*') list.push('day');
    if (uniqueId === '*') list.push('uniqueId');
    if (format === '*') list.push('format');
    if (version === '*') list.push('version');
    wildcards = list;
  }
  const c: Mutable<PdiComponents> = {
    form,
    series,
    country,
    year,
    month,
    day,
    uniqueId,
    format,
    version,
    fragment: null,
    citation: null,
    wildcards,
  };
  // the date fields have no zeros to strip: normalizing the head is lowercasing it
  plainHead = stripZeros(year, 4) === year && stripZeros(month, 2) === month && stripZeros(day, 2) === day;
  resourceEnd = i;
  uniqueIdStart = uidStart;
  return c;
}

/** §2.5, §2.6: fragments and citations name one fixed representation. */
function requireFixed(c: PdiComponents, input: string, i: number): Err | null {
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

/** What parsing found beside the record: the canonical fragment, which normalizing would otherwise redo. */
export interface Found {
  fragment: string | null;
  /** `//series/yyyy/mm/dd/` as written, when its only change in normalizing is to lowercase. */
  head: string | null;
}

/**
 * Parse a PDI, `urn:pdi://…` or the URL form `pdi://…`, into its parts as written.
 * Never throws; time linear in the input's length; citations are read in a loop, not by recursion,
 * and nest at most MAX_CITATION_DEPTH deep. Both profiles read the same draft.
 */
export function parsePdi(input: string, _profile?: Profile): Result<PdiComponents> {
  return parseFound(input, null);
}

/** parsePdi, also telling `found` the canonical form of the (last) fragment. */
export function parseFound(input: string, found: Found | null): Result<PdiComponents> {
  let i = label(input, 0);
  if (i < 0) return err('pdi-label', 'a PDI starts with "urn:pdi:" or "pdi:" (§1.1)', 0);
  let form: 'urn' | 'url' = i === 8 ? 'urn' : 'url';
  let first: Mutable<PdiComponents> | null = null;
  let citing: Mutable<PdiComponents> | null = null;
  let origin: PdiPosition = '';
  for (let depth = 0; ; depth++) {
    const c = parseResource(input, i, form);
    if (isErr(c)) return c;
    if (citing === null) {
      first = c;
      if (found !== null && plainHead) found.head = input.slice(i, uniqueIdStart);
    } else {
      if (c.wildcards.length > 0)
        return err('wildcard-fragment', 'a cited PDI names one fixed document: no wildcards', i);
      citing.citation = { originPosition: origin, pdi: c };
    }
    i = resourceEnd;
    if (i === input.length) break;
    const fixed = requireFixed(c, input, i);
    if (fixed) return fixed;
    if (input.charCodeAt(i) === HASH) {
      // FRAGMENT-SPECIFIER, validated against the format's media type
      const fragment = scanFragment(input, i + 1);
      if (isErr(fragment)) return fragment;
      const checked = canonicalFragment(fragment, c.format as string, i + 1);
      if (!checked.ok) return checked;
      c.fragment = fragment;
      if (found !== null) found.fragment = checked.value;
      break;
    }
    // CITATION-SPECIFIER = "@" origin-position "=" pdi (the version scan stops only at "#", "@" or the end)
    if (depth >= MAX_CITATION_DEPTH)
      return err('citation-depth', `citations nest at most ${MAX_CITATION_DEPTH} deep`, i);
    const position = scanPosition(input, i + 1, 'origin-position');
    if (isErr(position)) return position;
    const end = scannedEnd();
    if (input.charCodeAt(end) !== EQUALS) {
      return err('citation-specifier', 'a citation is "@" origin-position "=" and the cited PDI', end);
    }
    const next = label(input, end + 1);
    if (next < 0) return err('citation-specifier', 'the cited PDI starts with "pdi:"', end + 1);
    origin = position;
    citing = c;
    form = next - end - 1 === 8 ? 'urn' : 'url';
    i = next;
  }
  return { ok: true, value: first as PdiComponents };
}
