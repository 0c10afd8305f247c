import { type Err, err, type Profile, type Result } from '@pidgate/core';
import type { PdiComponents, PdiFragment, PdiPosition, PdiWildcardField } from './components.ts';
import { daysInMonthOf } from './date.ts';
import { canonicalPosition, checkFragment, scanFragment, scannedEnd, scanPosition } from './fragment.ts';
import {
  ALPHA,
  AT,
  CLASSES,
  DIGIT,
  DOT,
  EQUALS,
  escapeAt,
  HASH,
  HYPHEN,
  is,
  isAlpha,
  isAlphaHyphenDigit,
  isDigit,
  isEscapeAt,
  OTHER,
  PERCENT,
  RESERVED,
  SLASH,
  STAR,
} from './grammar.ts';
import { canonicalHead, canonicalSpecifier } from './normalize.ts';

/** How many citations may nest (`@pos=pdi:…@pos=pdi:…`): deeper inputs fail with `citation-depth`. */
export const MAX_CITATION_DEPTH = 32;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Whether the label `label` last read was written in lowercase (`urn:pdi:`, `pdi:`). */
let labelLower = false;

/** `urn:pdi:` or `pdi:`, any case, at `i`: the index after it (8 or 4 further on), or -1. Sets `labelLower`. */
function label(s: string, i: number): number {
  let a = s.charCodeAt(i);
  let b = s.charCodeAt(i + 1);
  let c = s.charCodeAt(i + 2);
  let lowercase = true;
  // u r n : / p d i : (NaN past the end matches nothing)
  if ((a | 32) === 117 && (b | 32) === 114 && (c | 32) === 110 && s.charCodeAt(i + 3) === 58) {
    lowercase = a === 117 && b === 114 && c === 110;
    i += 4;
    a = s.charCodeAt(i);
    b = s.charCodeAt(i + 1);
    c = s.charCodeAt(i + 2);
  }
  if ((a | 32) === 112 && (b | 32) === 100 && (c | 32) === 105 && s.charCodeAt(i + 3) === 58) {
    labelLower = lowercase && a === 112 && b === 100 && c === 105;
    return i + 4;
  }
  return -1;
}

/** The wildcards of a PDI that has none (shared, frozen). */
const NO_WILDCARDS: readonly PdiWildcardField[] = Object.freeze([]);

/** The value of the date field `dateField` last read: capped at 1000, or -1 for "*". */
let fieldNumber = 0;
/**
 * YEAR / MONTH / DAY: `min` or more digits, or "*", ended by "/". The index of that "/"; sets
 * `fieldNumber` (module state rather than an object per call: parsing is synchronous).
 */
function dateField(s: string, i: number, min: number, code: string, what: string, next: string): number | Err {
  const len = s.length;
  let j = i;
  let star = -1;
  let value = 0;
  for (; j < len; j++) {
    const c = s.charCodeAt(j);
    if (c === SLASH) break;
    if (c >= 48 && c <= 57) {
      value = value * 10 + c - 48;
      if (value > 1000) value = 1000;
      continue;
    }
    if (c === STAR) {
      if (star < 0) star = j;
      continue;
    }
    return err(code, `the ${what} is ${min} or more digits, or "*"`, j);
  }
  if (star >= 0 && j - i !== 1) return err('wildcard', 'a wildcard "*" stands alone for a whole field', star);
  if (star < 0 && j - i < min) return err(code, `the ${what} is ${min} or more digits, or "*"`, i);
  if (j >= len) return err('iso-date', `the ${what} is followed by "/" and the ${next}`, j);
  fieldNumber = star < 0 ? value : -1;
  return j;
}

function reserved(s: string, i: number): Err {
  const hex = s.charCodeAt(i).toString(16);
  return err('reserved', `"${s[i]}" is reserved: write it %${hex} here (§1.2.5)`, i);
}

/** Where the resource identifier `parseResource` last read ends, and its unique id starts. */
let resourceEnd = 0;
let uniqueIdStart = 0;
/** Whether normalizing its `//series/yyyy/mm/dd/` only lowercases it (no zeros to strip). */
let plainHead = false;
/** Whether its document series has a capital letter. */
let seriesUpper = false;
/** Whether its `unique-id[.format[.version]]` is already normalized (no escape, no capital in the format, no zero to strip). */
let plainSpecifier = false;

/** Where the dots of the document series `parseResource` is reading are (reused: parsing is synchronous). */
const DOT_AT: number[] = [];

/** The value of the digits `s[from, to)` (at most a few). */
function digitsValue(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) v = v * 10 + s.charCodeAt(i) - 48;
  return v;
}

/** True for the hex digits A-F. */
function isUpperHex(c: number): boolean {
  return c >= 65 && c <= 70;
}

/** A digit run `s[from, to)` with a superfluous leading zero (more than `min` digits, the first "0"). */
function hasZeros(s: string, from: number, to: number, min: number): boolean {
  return to - from > min && s.charCodeAt(from) === 48;
}

/**
 * RESOURCE-IDENTIFIER = "//" document-series "/" iso-date "/" specifier, from `start`.
 * Returns the record (no fragment, no citation yet); sets `resourceEnd`, `uniqueIdStart`, `plainHead`,
 * `seriesUpper`, `plainSpecifier` (module state rather than an object per call: parsing is synchronous).
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
  let upper = false;
  const dotAt = DOT_AT;
  let i = seriesStart;
  for (let partStart = i; ; i++) {
    if (i >= len) return err('iso-date', 'the document series is followed by "/" and the ISO date', i);
    const c = s.charCodeAt(i);
    if (c < 128 && ((CLASSES[c] as number) & (ALPHA | DIGIT)) !== 0) {
      if (c <= 90 && c >= 65) upper = true;
      continue;
    }
    if (c === HYPHEN) continue;
    if (c === DOT || c === SLASH) {
      if (i === partStart) {
        if (c === SLASH && lastDot < 0) return err('document-series', 'the document series is empty', i);
        return err('component', 'a document-series component is one or more letters, digits or hyphens', i);
      }
      partStart = i + 1;
      if (c === SLASH) break;
      lastDot = i;
      dotAt[dots++] = i;
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
  const seriesEnd = i;

  // ISO-DATE = year "/" month "/" day, each read with its value, so that no slice is read twice
  const yearStart = i + 1;
  const yearEnd = dateField(s, yearStart, 4, 'year', 'year', 'month');
  if (typeof yearEnd !== 'number') return yearEnd;
  const anyYear = fieldNumber < 0;
  const monthEnd = dateField(s, yearEnd + 1, 2, 'month', 'month', 'day');
  if (typeof monthEnd !== 'number') return monthEnd;
  const m = fieldNumber;
  const dayEnd = dateField(s, monthEnd + 1, 2, 'day', 'day', 'unique id');
  if (typeof dayEnd !== 'number') return dayEnd;
  const d = fieldNumber;
  if (m >= 0 && (m < 1 || m > 12)) return err('calendar-month', 'a month is 01 to 12', yearEnd + 1);
  if (d >= 0) {
    // 10000 is a multiple of 400, so the last four digits of the year decide a leap year
    const most = m < 0 ? 31 : daysInMonthOf(anyYear ? -1 : digitsValue(s, yearEnd - 4, yearEnd), m);
    if (d < 1 || d > most) return err('calendar-day', `that month has days 01 to ${most}`, monthEnd + 1);
  }

  // SPECIFIER = unique-id [ "." format [ "." version ] ]
  const uidStart = dayEnd + 1;
  let star = -1;
  let plain = true;
  for (i = uidStart; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && ((CLASSES[c] as number) & (ALPHA | DIGIT | OTHER)) !== 0) continue;
    if (c === DOT || c === HASH || c === AT) break;
    if (c === PERCENT) {
      if (!isEscapeAt(s, i, len)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
      plain = false; // normalizing may decode it, lowercase it, or lowercase an encapsulated URL's host
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
  let anyWildcard = star >= 0;

  let format: string | null = null;
  let version: string | null = null;
  if (s.charCodeAt(i) === DOT) {
    // FORMAT = media-type-token / wildcard; tokens %-encode reserved characters (§2.5)
    const formatStart = i + 1;
    star = -1;
    for (i = formatStart; i < len; i++) {
      const c = s.charCodeAt(i);
      if (c < 128 && ((CLASSES[c] as number) & (ALPHA | DIGIT)) !== 0) {
        if (c <= 90 && c >= 65) plain = false;
        continue;
      }
      if (c === HYPHEN) continue;
      if (c === DOT || c === HASH || c === AT) break;
      if (c === PERCENT) {
        if (!isEscapeAt(s, i, len)) return err('pct-encoded', 'a %-escape is "%" and two hex digits', i);
        const e = escapeAt(s, i);
        const decoded = isAlphaHyphenDigit(e);
        if (!decoded && !is(e, RESERVED)) {
          return err('format', 'a format token %-encodes only reserved characters', i);
        }
        // normalizing decodes a letter, digit or hyphen, and lowercases hex digits A-F
        if (decoded || isUpperHex(s.charCodeAt(i + 1)) || isUpperHex(s.charCodeAt(i + 2))) plain = false;
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
    if (star >= 0) anyWildcard = true;

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
      if (star >= 0) anyWildcard = true;
      else if (hasZeros(s, versionStart, i, 1)) plain = false;
    }
  }

  // one array of the exact size: the components are the dots before the country code
  const series = new Array<string>(dots);
  for (let k = 0, from = seriesStart; k < dots; k++) {
    const to = dotAt[k] as number;
    series[k] = s.slice(from, to);
    from = to + 1;
  }
  const year = s.slice(yearStart, yearEnd);
  const month = s.slice(yearEnd + 1, monthEnd);
  const day = s.slice(monthEnd + 1, dayEnd);

  let wildcards = NO_WILDCARDS;
  if (anyYear || m < 0 || d < 0 || anyWildcard) {
    const list: PdiWildcardField[] = [];
    if (anyYear) list.push('year');
    if (m < 0) list.push('month');
    if (d < 0) list.push('day');
    if (uniqueId === '*') list.push('uniqueId');
    if (format === '*') list.push('format');
    if (version === '*') list.push('version');
    wildcards = list;
  }
  const c: Mutable<PdiComponents> = {
    form,
    series,
    country: s.slice(lastDot + 1, seriesEnd),
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
  plainHead =
    !hasZeros(s, yearStart, yearEnd, 4) &&
    !hasZeros(s, yearEnd + 1, monthEnd, 2) &&
    !hasZeros(s, monthEnd + 1, dayEnd, 2);
  seriesUpper = upper;
  plainSpecifier = plain;
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

/** What parsing found beside the record. */
export interface Found {
  /** The normalized PDI (what `normalizePdi` gives for the record), built while parsing. */
  normalized: string;
}

/**
 * Parse a PDI, `urn:pdi://…` or the URL form `pdi://…`, into its parts as written.
 * Never throws; time linear in the input's length; citations are read in a loop, not by recursion,
 * and nest at most MAX_CITATION_DEPTH deep. Both profiles read the same draft.
 */
export function parsePdi(input: string, _profile?: Profile): Result<PdiComponents> {
  const parsed = parseFound(input, null);
  return recordFailed(parsed) ? parsed : { ok: true, value: parsed };
}

/**
 * parsePdi, also giving `found` the normalized PDI. It is built as the scan goes: the parts already
 * normal are not copied but left in the input, so that a normalized input is its own normal form.
 */
export function parseFound(input: string, found: Found | null): PdiComponents | Err {
  let i = label(input, 0);
  if (i < 0) return err('pdi-label', 'a PDI starts with "urn:pdi:" or "pdi:" (§1.1)', 0);
  let form: 'urn' | 'url' = i === 8 ? 'urn' : 'url';
  let first: Mutable<PdiComponents> | null = null;
  let citing: Mutable<PdiComponents> | null = null;
  let origin: PdiPosition = '';
  // the normalized form is `out` followed by input[from, …) as far as it is already normal
  const normalize = found !== null;
  let out = '';
  let from = 0;
  if (normalize && !(i === 8 && labelLower)) {
    out = 'urn:pdi:';
    from = i;
  }
  for (let depth = 0; ; depth++) {
    const c = parseResource(input, i, form);
    if (resourceFailed(c)) return c;
    if (citing === null) first = c;
    else {
      if (c.wildcards.length > 0)
        return err('wildcard-fragment', 'a cited PDI names one fixed document: no wildcards', i);
      citing.citation = { originPosition: origin, pdi: c };
    }
    if (normalize) {
      if (!plainHead || seriesUpper) {
        out += input.slice(from, i) + (plainHead ? input.slice(i, uniqueIdStart).toLowerCase() : canonicalHead(c));
        from = uniqueIdStart;
      }
      if (!plainSpecifier) {
        out += input.slice(from, uniqueIdStart) + canonicalSpecifier(c);
        from = resourceEnd;
      }
    }
    i = resourceEnd;
    if (i === input.length) break;
    const fixed = requireFixed(c, input, i);
    if (fixed) return fixed;
    if (input.charCodeAt(i) === HASH) {
      // FRAGMENT-SPECIFIER, validated against the format's media type
      const fragment = scanFragment(input, i + 1);
      if (fragmentFailed(fragment)) return fragment;
      const checked = checkFragment(fragment, c.format as string, i + 1);
      if (typeof checked !== 'string') return checked;
      c.fragment = fragment;
      if (normalize && !writtenAs(input, i + 1, input.length, checked)) {
        out += input.slice(from, i + 1) + checked;
        from = input.length;
      }
      break;
    }
    // CITATION-SPECIFIER = "@" origin-position "=" pdi (the version scan stops only at "#", "@" or the end)
    if (depth >= MAX_CITATION_DEPTH)
      return err('citation-depth', `citations nest at most ${MAX_CITATION_DEPTH} deep`, i);
    const position = scanPosition(input, i + 1, 'origin-position');
    if (positionFailed(position)) return position;
    const end = scannedEnd();
    if (input.charCodeAt(end) !== EQUALS) {
      return err('citation-specifier', 'a citation is "@" origin-position "=" and the cited PDI', end);
    }
    const next = label(input, end + 1);
    if (next < 0) return err('citation-specifier', 'the cited PDI starts with "pdi:"', end + 1);
    if (normalize) {
      // "@" origin-position "=pdi:", the cited PDI's label always written "pdi:"
      const p = canonicalPosition(position);
      if (!writtenAs(input, i + 1, end, p) || next - end - 1 !== 4 || !labelLower) {
        out += `${input.slice(from, i)}@${p}=pdi:`;
        from = next;
      }
    }
    origin = position;
    citing = c;
    form = next - end - 1 === 8 ? 'urn' : 'url';
    i = next;
  }
  if (found !== null) found.normalized = from === 0 ? input : out + input.slice(from);
  return first as PdiComponents;
}

/* One guard per kind of result, so that each property check sees one or two shapes only. */
/** True when parsing failed (the answer is an error, not a record). */
export function recordFailed(x: PdiComponents | Err): x is Err {
  return (x as Err).ok === false;
}
function resourceFailed(x: Mutable<PdiComponents> | Err): x is Err {
  return (x as Err).ok === false;
}
function fragmentFailed(x: PdiFragment | Err): x is Err {
  return (x as Err).ok === false;
}
function positionFailed(x: PdiPosition | Err): x is Err {
  return typeof x !== 'string' && (x as Err).ok === false;
}

/** True when `s[from, to)` is `text`. */
function writtenAs(s: string, from: number, to: number, text: string): boolean {
  return to - from === text.length && s.startsWith(text, from);
}
