import { err } from '@pidgate/core';
import type { PwidErr, PwidErrorCode } from './codes.ts';
import { COLON, DOT, HYPHEN, isDigit, UNDERSCORE } from './grammar.ts';
import type { Scanner, TimeFields } from './scanner.ts';

/**
 * archival-time (draft-07) = utc-date ["T" utc-time] "Z", parsed into numbers.
 * The granularity as written is part of the identity: a field that was not written is null.
 */
export interface ArchivalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number | null;
  readonly minute: number | null;
  readonly second: number | null;
  /** The secfrac digits (1 to 9, as written, without the "."), or null. */
  readonly fraction: string | null;
}

/**
 * The published leap seconds (IERS Bulletin C): the days that ended at 23:59:60 UTC,
 * from the first (1972-06-30) to the last so far (2016-12-31).
 */
// biome-ignore format: a few rows read better than one date per line
export const LEAP_SECOND_DAYS: readonly string[] = [
  '1972-06-30', '1972-12-31', '1973-12-31', '1974-12-31', '1975-12-31', '1976-12-31', '1977-12-31',
  '1978-12-31', '1979-12-31', '1981-06-30', '1982-06-30', '1983-06-30', '1985-06-30', '1987-12-31',
  '1989-12-31', '1990-12-31', '1992-06-30', '1993-06-30', '1994-06-30', '1995-12-31', '1997-06-30',
  '1998-12-31', '2005-12-31', '2008-12-31', '2012-06-30', '2015-06-30', '2016-12-31',
];
const leapDays = new Set(LEAP_SECOND_DAYS.map((d) => Number(d.replaceAll('-', ''))));

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (MONTH_DAYS[month - 1] as number);
}

/** True when `second` may be 60 at this date and time: 23:59:60 on a day of the published list. */
export function isLeapSecond(year: number, month: number, day: number, hour: number, minute: number): boolean {
  return hour === 23 && minute === 59 && leapDays.has(year * 10000 + month * 100 + day);
}

const PART = 'archival-time';
const fail = (code: PwidErrorCode, message: string, offset: number): PwidErr => err(code, message, offset, PART);

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + (b - 48) : -1;
}

const isZ = (c: number): boolean => c === 90 || c === 122; // "Z" / "z"
const isT = (c: number): boolean => c === 84 || c === 116; // "T" / "t"

/**
 * archival-time = utc-date ["T" utc-time] "Z", from the scanner's pointer; linear, no backtracking.
 * `source` also reads the older forms: the 2017 drafts' colon-less times (`T112029Z`) and the
 * `YYYY-MM-DD_hh.mm.ss[Z]` form that early `pwid:` tools wrote. `modern` (IANA) allows hour-only times.
 * On success `time` holds its fields and the pointer is just after it.
 */
export function scanArchivalTime(st: Scanner): PwidErr | null {
  st.timeStart = st.pointer;
  const e = utcDate(st) ?? utcTime(st) ?? timeZone(st);
  if (e !== null) return e;
  if (st.modern && st.timeLegacyAt >= 0) {
    return fail('legacy-time-form', 'the modern profile reads only hh:mm:ss times with "T" and "Z"', st.timeLegacyAt);
  }
  return null;
}

/** utc-date = utc-year "-" utc-month "-" utc-day, checked against the calendar. */
function utcDate(st: Scanner): PwidErr | null {
  const s = st.input;
  const start = st.pointer;
  let i = start;
  let year = 0;
  for (; i < start + 4; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c)) return fail('utc-date', 'the archival-time starts with a date YYYY-MM-DD', i);
    year = year * 10 + (c - 48);
  }
  if (s.charCodeAt(i) !== HYPHEN) return fail('utc-date', 'the year is 4 digits followed by "-"', i);
  const month = twoDigits(s, i + 1);
  if (month < 0 || s.charCodeAt(i + 3) !== HYPHEN) {
    return fail('utc-date', 'the month is 2 digits followed by "-"', i + 1);
  }
  if (month < 1 || month > 12) return fail('utc-month', `month ${s.slice(i + 1, i + 3)} is not 01-12`, i + 1);
  const day = twoDigits(s, i + 4);
  if (day < 0) return fail('utc-date', 'the day is 2 digits', i + 4);
  if (day < 1 || day > daysInMonth(year, month)) {
    return fail('utc-day', `day ${s.slice(i + 4, i + 6)} is not a day of ${s.slice(start, i + 3)}`, i + 4);
  }
  st.time = { year, month, day, hour: null, minute: null, second: null, fraction: null };
  st.pointer = i + 6;
  return null;
}

/**
 * ["T" utc-time], utc-time = utc-hour ":" utc-minute [":" utc-second [secfrac]]; in `source` also "_" and
 * the early tools' form. draft-07 requires the minute; the IANA registration allows an hour alone (`T11Z`).
 */
function utcTime(st: Scanner): PwidErr | null {
  const designator = st.input.charCodeAt(st.pointer);
  if (!isT(designator) && designator !== UNDERSCORE) return null;
  if (designator === UNDERSCORE) {
    st.timeUnderscore = true;
    if (st.timeLegacyAt < 0) st.timeLegacyAt = st.pointer;
  }
  if (designator !== 84) st.timeCanonical = false;
  st.pointer++;
  const e = utcHour(st);
  if (e !== null) return e;
  if (!timeSeparator(st)) {
    if (st.modern) return null;
    return fail('utc-minute', 'the time is hh:mm (an hour alone is allowed only in the modern profile)', st.pointer);
  }
  return utcMinute(st) ?? (timeSeparator(st) ? (utcSecond(st) ?? secfrac(st)) : null);
}

/** utc-hour = 2DIGIT ; 00-23 */
function utcHour(st: Scanner): PwidErr | null {
  const i = st.pointer;
  const hour = twoDigits(st.input, i);
  if (hour < 0) return fail('utc-time', 'the time starts with a 2-digit hour', i);
  if (hour > 23) return fail('utc-hour', `hour ${st.input.slice(i, i + 2)} is not 00-23`, i);
  (st.time as TimeFields).hour = hour;
  st.pointer = i + 2;
  return null;
}

/**
 * The separator before the next time field: ":" (draft-07), none (2017 drafts: `[":"]`), or "." (the "_"
 * form of early tools). Moves past it and returns true, or returns false when no field follows.
 */
function timeSeparator(st: Scanner): boolean {
  const s = st.input;
  const i = st.pointer;
  const c = s.charCodeAt(i);
  const next = isDigit(s.charCodeAt(i + 1));
  if (c === COLON && next) {
    st.pointer = i + 1;
    return true;
  }
  if (c === DOT && st.timeUnderscore && next) {
    st.timeCanonical = false;
    st.pointer = i + 1;
    return true;
  }
  if (isDigit(c)) {
    st.timeCanonical = false;
    if (st.timeLegacyAt < 0) st.timeLegacyAt = i;
    return true;
  }
  return false;
}

/** utc-minute = 2DIGIT ; 00-59 */
function utcMinute(st: Scanner): PwidErr | null {
  const i = st.pointer;
  const minute = twoDigits(st.input, i);
  if (minute < 0) return fail('utc-minute', 'the minute is 2 digits', i);
  if (minute > 59) return fail('utc-minute', `minute ${st.input.slice(i, i + 2)} is not 00-59`, i);
  (st.time as TimeFields).minute = minute;
  st.pointer = i + 2;
  return null;
}

/** utc-second = 2DIGIT ; 00-58, 00-59, 00-60 based on leap second rules */
function utcSecond(st: Scanner): PwidErr | null {
  const s = st.input;
  const i = st.pointer;
  const second = twoDigits(s, i);
  if (second < 0) return fail('utc-second', 'the second is 2 digits', i);
  if (second > 60) return fail('utc-second', `second ${s.slice(i, i + 2)} is not 00-59`, i);
  const t = st.time as TimeFields;
  if (second === 60 && !isLeapSecond(t.year, t.month, t.day, t.hour as number, t.minute as number)) {
    return fail(
      'leap-second',
      `${s.slice(st.timeStart, i + 2)} is not a leap second (23:59:60 on a day of the published list)`,
      i,
    );
  }
  t.second = second;
  st.pointer = i + 2;
  return null;
}

/** [secfrac], secfrac = "." 1*9DIGIT */
function secfrac(st: Scanner): PwidErr | null {
  const s = st.input;
  if (s.charCodeAt(st.pointer) !== DOT) return null;
  const from = st.pointer + 1;
  let j = from;
  while (j < s.length && j - from < 10 && isDigit(s.charCodeAt(j))) j++;
  if (j === from) return fail('secfrac', 'a "." after the second is followed by 1 to 9 digits', from);
  if (j - from > 9) return fail('secfrac', 'the fraction of a second has at most 9 digits', from + 9);
  (st.time as TimeFields).fraction = s.slice(from, j);
  st.pointer = j;
  return null;
}

/** The closing "Z" (any case); the early tools' "_" form may end without it, the time is UTC all the same. */
function timeZone(st: Scanner): PwidErr | null {
  const s = st.input;
  const i = st.pointer;
  const z = s.charCodeAt(i);
  if (isZ(z)) {
    if (z !== 90) st.timeCanonical = false;
    st.pointer = i + 1;
    return null;
  }
  if (st.timeUnderscore && (i === s.length || z === COLON)) {
    st.timeCanonical = false;
    return null;
  }
  const t = st.time as TimeFields;
  const what = t.hour === null ? '"T" and a time, or "Z"' : t.minute === null ? '":" and the minute, or "Z"' : '"Z"';
  return fail('time-zone', `the archival-time ends with ${what}`, i);
}

/** "00" to "99": two-digit fields without a number-to-string conversion each time. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const pad2 = (n: number): string => TWO_DIGITS[n] ?? (n < 10 ? `0${n}` : `${n}`);
const pad4 = (n: number): string =>
  n >= 1000 && n < 10000 && Number.isInteger(n)
    ? (TWO_DIGITS[Math.floor(n / 100)] as string) + (TWO_DIGITS[n % 100] as string)
    : `${n}`.padStart(4, '0');

/** The draft-07 form of an archival-time, with exactly the fields present: `2016-01-22T11:20Z`. */
export function formatArchivalTime(t: ArchivalTime): string {
  let s = `${pad4(t.year)}-${pad2(t.month)}-${pad2(t.day)}`;
  if (t.hour !== null) {
    s += `T${pad2(t.hour)}`;
    if (t.minute !== null) {
      s += `:${pad2(t.minute)}`;
      if (t.second !== null) {
        s += `:${pad2(t.second)}`;
        if (t.fraction !== null) s += `.${t.fraction}`;
      }
    }
  }
  return `${s}Z`;
}

/**
 * The Wayback timestamp: the digits present, never zero-padded (Wayback picks the nearest capture),
 * at most 14 (the fraction of a second has no place in it).
 */
export function waybackTimestamp(t: ArchivalTime): string {
  let s = `${pad4(t.year)}${pad2(t.month)}${pad2(t.day)}`;
  if (t.hour !== null) s += pad2(t.hour);
  if (t.minute !== null) s += pad2(t.minute);
  if (t.second !== null) s += pad2(t.second);
  return s;
}

/** The HTTP date for a Memento `Accept-Datetime` header (RFC 7089 §2.1.1), missing fields as 0. */
export function acceptDatetime(t: ArchivalTime): string {
  // HTTP dates have no leap second: 23:59:60 is sent as 23:59:59
  const d = new Date(Date.UTC(2000, t.month - 1, t.day, t.hour ?? 0, t.minute ?? 0, Math.min(t.second ?? 0, 59)));
  d.setUTCFullYear(t.year);
  return d.toUTCString();
}
