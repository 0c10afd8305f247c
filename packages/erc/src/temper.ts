import { err, ok, type PidError, type Result } from '@pidgate/core';
import type { ErcErrorCode } from './codes.ts';
import { isWs } from './grammar.ts';

/**
 * TEMPER dates as ERC values use them (draft-kunze-ark-09 §7.6): `1999`, `2000 12 29`,
 * `2000 12 29 235955`; internal whitespace is squeezed out for the normalized form
 * (`20001229235955`); a hyphen makes a range, commas make a list.
 */
export interface TemperDate {
  /** The digits, whitespace squeezed out: YYYY[MM[DD[hh[mm[ss]]]]]. */
  readonly normalized: string;
  readonly year: number;
  /** null when the date stops before it; 0 for a month or day written `00` (unspecified). */
  readonly month: number | null;
  readonly day: number | null;
  readonly hour: number | null;
  readonly minute: number | null;
  readonly second: number | null;
}

export interface TemperItem {
  readonly start: TemperDate;
  /** The end of a range (`1996-2000`), or null for a single date. */
  readonly end: TemperDate | null;
}

export interface Temper {
  /** One item for a date or a range; several for a list (`1952, 1958-1967, 1985`). */
  readonly items: TemperItem[];
  /** Every date normalized, whitespace squeezed out: `1952,1958-1967,1985`. */
  readonly normalized: string;
}

const HYPHEN = 45;
const COMMA = 44;

/** [code, name, maximum] of each two-digit field after the year. */
const FIELDS = [
  ['temper-month', 'month', 12],
  ['temper-day', 'day', 31],
  ['temper-hour', 'hour', 23],
  ['temper-minute', 'minute', 59],
  ['temper-second', 'second', 60], // 60: a leap second
] as const;

/** Parse a TEMPER date, range or list. Never throws; linear in the input's length. */
export function parseTemper(s: string): Result<Temper, PidError<ErcErrorCode>> {
  const items: TemperItem[] = [];
  const parts: string[] = [];
  let itemStart = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i < s.length && s.charCodeAt(i) !== COMMA) continue;
    const item = parseItem(s, itemStart, i);
    if (!item.ok) return item;
    items.push(item.value);
    parts.push(
      item.value.end ? `${item.value.start.normalized}-${item.value.end.normalized}` : item.value.start.normalized,
    );
    itemStart = i + 1;
  }
  return ok({ items, normalized: parts.join(',') });
}

function parseItem(s: string, from: number, to: number): Result<TemperItem, PidError<ErcErrorCode>> {
  const hyphen = indexIn(s, HYPHEN, from, to);
  if (hyphen === -1) {
    const start = parseDate(s, from, to);
    return start.ok ? ok({ start: start.value, end: null }) : start;
  }
  if (indexIn(s, HYPHEN, hyphen + 1, to) !== -1) {
    return err('temper-range', 'a range is two dates joined by one hyphen', indexIn(s, HYPHEN, hyphen + 1, to));
  }
  const start = parseDate(s, from, hyphen);
  if (!start.ok) return start;
  const end = parseDate(s, hyphen + 1, to);
  if (!end.ok) return end;
  const k = Math.min(start.value.normalized.length, end.value.normalized.length);
  if (start.value.normalized.slice(0, k) > end.value.normalized.slice(0, k)) {
    return err('temper-range-order', 'the start of a range comes after its end', from);
  }
  return ok({ start: start.value, end: end.value });
}

function indexIn(s: string, c: number, from: number, to: number): number {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === c) return i;
  return -1;
}

const LENGTH = 'a TEMPER date is YYYY, then MM, DD, hh, mm, ss: 4 to 14 digits, an even count';

function parseDate(s: string, from: number, to: number): Result<TemperDate, PidError<ErcErrorCode>> {
  let digits = '';
  const at: number[] = []; // where each digit stands in `s`
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (isWs(c) || c === 10) continue;
    if (c < 48 || c > 57) {
      return err('temper-character', `a TEMPER date holds digits and whitespace, not ${JSON.stringify(s[i])}`, i);
    }
    if (digits.length === 14) return err('temper-length', LENGTH, i);
    digits += s[i];
    at.push(i);
  }
  if (digits === '') return err('temper-empty', 'a date is missing', from);
  const n = digits.length;
  if (n < 4 || n % 2 !== 0) return err('temper-length', LENGTH, at[0] ?? from);
  const fields: (number | null)[] = [];
  for (let f = 0; f < FIELDS.length; f++) {
    const k = 4 + 2 * f;
    if (k >= n) {
      fields.push(null);
      continue;
    }
    const [code, name, max] = FIELDS[f] as (typeof FIELDS)[number];
    const v = Number(digits.slice(k, k + 2));
    if (v > max) return err(code, `the ${name} is 00 to ${max}, not ${digits.slice(k, k + 2)}`, at[k] ?? from);
    fields.push(v);
  }
  const [month = null, day = null, hour = null, minute = null, second = null] = fields;
  return ok({ normalized: digits, year: Number(digits.slice(0, 4)), month, day, hour, minute, second });
}

/** The normalized form of a TEMPER value: `2000 12 29 235955` → `20001229235955`. */
export function normalizeTemper(s: string): Result<string, PidError<ErcErrorCode>> {
  const parsed = parseTemper(s);
  return parsed.ok ? ok(parsed.value.normalized) : parsed;
}
