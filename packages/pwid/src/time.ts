import { type Err, err, type Profile } from '@pidgate/core';
import { COLON, DOT, HYPHEN, isDigit, UNDERSCORE } from './grammar.ts';

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

/**
 * What the last successful `scanArchivalTime` call saw besides the fields (module state, so a parse
 * allocates one object less): the index just after the archival-time, and whether the text as written
 * is already the draft-07 canonical form ("T", ":", "Z" in capitals).
 */
export const timeScan = { end: 0, canonical: true };

const PART = 'archival-time';
const fail = (code: string, message: string, offset: number): Err => err(code, message, offset, PART);

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + (b - 48) : -1;
}

// What the last separatorEnd call saw (module state: no closure per call, no allocation).
let sepNotCanonical = false;
let sepLegacy = false;

/**
 * The index after a time separator at `i`: ":" (draft-07), none (2017 drafts: `[":"]`), or "." (the "_"
 * form of early tools); -1 when there is no next field.
 */
function separatorEnd(s: string, i: number, underscore: boolean): number {
  const c = s.charCodeAt(i);
  const next = isDigit(s.charCodeAt(i + 1));
  sepNotCanonical = false;
  sepLegacy = false;
  if (c === COLON && next) return i + 1;
  if (c === DOT && underscore && next) {
    sepNotCanonical = true;
    return i + 1;
  }
  if (isDigit(c)) {
    sepNotCanonical = true;
    sepLegacy = true;
    return i;
  }
  return -1;
}

const isZ = (c: number): boolean => c === 90 || c === 122; // "Z" / "z"
const isT = (c: number): boolean => c === 84 || c === 116; // "T" / "t"

/**
 * Scan an archival-time starting at `start`; linear, no backtracking.
 * `source` also reads the older forms: the 2017 drafts' colon-less times (`T112029Z`) and the
 * `YYYY-MM-DD_hh.mm.ss[Z]` form that early `pwid:` tools wrote. `modern` (IANA) allows hour-only times.
 */
export function scanArchivalTime(s: string, start: number, profile: Profile): ArchivalTime | Err {
  const modern = profile === 'modern';
  // utc-date = utc-year "-" utc-month "-" utc-day
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
  i += 6;

  let canonical = true;
  let legacy = -1; // offset of the first older-form feature, for the modern profile's error
  let hour: number | null = null;
  let minute: number | null = null;
  let second: number | null = null;
  let fraction: string | null = null;
  const c0 = s.charCodeAt(i);
  let underscore = false;
  if (isT(c0) || c0 === UNDERSCORE) {
    if (c0 === UNDERSCORE) {
      underscore = true;
      if (legacy < 0) legacy = i;
    }
    if (c0 !== 84) canonical = false;
    i++;
    // utc-time = utc-hour ":" utc-minute [":" utc-second [secfrac]]
    hour = twoDigits(s, i);
    if (hour < 0) return fail('utc-time', 'the time starts with a 2-digit hour', i);
    if (hour > 23) return fail('utc-hour', `hour ${s.slice(i, i + 2)} is not 00-23`, i);
    i += 2;
    let k = separatorEnd(s, i, underscore);
    if (k >= 0) {
      if (sepNotCanonical) canonical = false;
      if (sepLegacy && legacy < 0) legacy = i;
      i = k;
      minute = twoDigits(s, i);
      if (minute < 0) return fail('utc-minute', 'the minute is 2 digits', i);
      if (minute > 59) return fail('utc-minute', `minute ${s.slice(i, i + 2)} is not 00-59`, i);
      i += 2;
      k = separatorEnd(s, i, underscore);
      if (k >= 0) {
        if (sepNotCanonical) canonical = false;
        if (sepLegacy && legacy < 0) legacy = i;
        i = k;
        second = twoDigits(s, i);
        if (second < 0) return fail('utc-second', 'the second is 2 digits', i);
        if (second > 60) return fail('utc-second', `second ${s.slice(i, i + 2)} is not 00-59`, i);
        if (second === 60 && !isLeapSecond(year, month, day, hour, minute)) {
          return fail(
            'leap-second',
            `${s.slice(start, i + 2)} is not a leap second (23:59:60 on a day of the published list)`,
            i,
          );
        }
        i += 2;
        // secfrac = "." 1*9DIGIT
        if (s.charCodeAt(i) === DOT) {
          const from = i + 1;
          let j = from;
          while (j < s.length && j - from < 10 && isDigit(s.charCodeAt(j))) j++;
          if (j === from) return fail('secfrac', 'a "." after the second is followed by 1 to 9 digits', from);
          if (j - from > 9) return fail('secfrac', 'the fraction of a second has at most 9 digits', from + 9);
          fraction = s.slice(from, j);
          i = j;
        }
      }
    } else if (!modern) {
      // draft-07 requires minutes; the IANA registration allows an hour alone (`T11Z`).
      return fail('utc-minute', 'the time is hh:mm (an hour alone is allowed only in the modern profile)', i);
    }
  }
  // the closing "Z"
  const z = s.charCodeAt(i);
  if (isZ(z)) {
    if (z !== 90) canonical = false;
    i++;
  } else if (underscore && (i === s.length || z === COLON)) {
    // early tools wrote `2016-10-20_22.26.35` without a zone: the time is UTC all the same
    canonical = false;
  } else {
    const what = hour === null ? '"T" and a time, or "Z"' : minute === null ? '":" and the minute, or "Z"' : '"Z"';
    return fail('time-zone', `the archival-time ends with ${what}`, i);
  }
  if (modern && legacy >= 0) {
    return fail('legacy-time-form', 'the modern profile reads only hh:mm:ss times with "T" and "Z"', legacy);
  }
  timeScan.end = i;
  timeScan.canonical = canonical;
  return { year, month, day, hour, minute, second, fraction };
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
