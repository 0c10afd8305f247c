import { type Err, err, isDigit, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import type { UrnNamespace } from './types.ts';

/** An ISBN (ISO 2108) with a verified check digit. */
export interface Isbn {
  /** As written, less hyphens and spaces, `X` in upper case: 10 or 13 characters. */
  readonly digits: string;
  /** The ISBN-13 (an ISBN-10 gets the `978` prefix and a new check digit). */
  readonly isbn13: string;
  /** The ISBN-10, or null for a `979` ISBN-13 that has none. */
  readonly isbn10: string | null;
}

const DIGIT_0 = 48;

/** ISBN-10 check character of 9 digits: weights 10..2, mod 11; 10 is written `X`. */
export function isbn10CheckDigit(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * (nine.charCodeAt(i) - DIGIT_0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** ISBN-13 (EAN-13) check digit of 12 digits: weights 1, 3, 1, 3 ..., mod 10. */
export function isbn13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * (twelve.charCodeAt(i) - DIGIT_0);
  return String((10 - (sum % 10)) % 10);
}

/** The ISBN-13 of a valid ISBN-10 (digits only). */
export function isbn10To13(isbn10: string): string {
  const twelve = `978${isbn10.slice(0, 9)}`;
  return twelve + isbn13CheckDigit(twelve);
}

/** The ISBN-10 of a valid `978` ISBN-13, or null (`979` ISBNs have none). */
export function isbn13To10(isbn13: string): string | null {
  if (!isbn13.startsWith('978')) return null;
  const nine = isbn13.slice(3, 12);
  return nine + isbn10CheckDigit(nine);
}

/**
 * Parse an ISBN as written, with or without hyphens or spaces between its digits, without a prefix:
 * `0-395-36341-1`, `978 0 395 36341 6`, `039536341X`. Verifies the check digit. Never throws.
 */
export function parseIsbnNumber(text: string): Result<Isbn, PidError<UrnErrorCode>> {
  const r = isbnDigits(text);
  if (!r.ok) return r;
  const digits = r.value;
  return digits.length === 10
    ? { ok: true, value: { digits, isbn13: isbn10To13(digits), isbn10: digits } }
    : { ok: true, value: { digits, isbn13: digits, isbn10: isbn13To10(digits) } };
}

/**
 * The reading of one ISBN (one per call): what `readIsbn` found, enough for every later step without
 * keeping the digits (ISO 2108: the check sums are weighted sums of the digit values).
 */
interface IsbnReading {
  /** Digits (and the "X") seen. */
  count: number;
  /** Hyphens and spaces seen. */
  separators: number;
  /** The check character was written as a lower-case "x". */
  lowerX: boolean;
  /** The character before the one being read was a separator (true at the start: none may lead). */
  afterSeparator: boolean;
  /** The values weighted 10, 9, 8 ... (ISBN-10: a multiple of 11). */
  sum10: number;
  /** The values weighted 1, 3, 1, 3 ... (ISBN-13: a multiple of 10). */
  sum13: number;
  /** The first three digits as a number (an ISBN-13's prefix). */
  prefix: number;
  /** The value of the last digit read (the check digit; "X" is 10). */
  last: number;
}

type IsbnErr = Err<PidError<UrnErrorCode>>;

/** Validate an ISBN as written; its digits without separators, "X" upper case, check digit verified. */
function isbnDigits(text: string, spaces = true): Result<string, PidError<UrnErrorCode>> {
  const r: IsbnReading = {
    count: 0,
    separators: 0,
    lowerX: false,
    afterSeparator: true,
    sum10: 0,
    sum13: 0,
    prefix: 0,
    last: 0,
  };
  const e =
    readIsbn(text, spaces, r) ?? lengthStep(text, r) ?? (r.count === 10 ? isbn10Step(text, r) : isbn13Step(text, r));
  return e ?? { ok: true, value: r.separators === 0 && !r.lowerX ? text : withoutSeparators(text) };
}

/** Read the digits, separators and check character, in one pass. */
function readIsbn(text: string, spaces: boolean, r: IsbnReading): IsbnErr | null {
  for (let i = 0; i < text.length; i++) {
    const e = characterStep(text, i, spaces, r);
    if (e) return e;
  }
  if (text.length > 0 && r.afterSeparator) {
    return err('isbn-separator', 'a hyphen or space only separates digits of an ISBN', text.length - 1);
  }
  return null;
}

/** One character: a digit, a hyphen or (outside URNs) a space between digits, or an ISBN-10's final "X". */
function characterStep(text: string, i: number, spaces: boolean, r: IsbnReading): IsbnErr | null {
  const c = text.charCodeAt(i);
  if (isDigit(c)) {
    if (r.count === 13) return err('isbn-length', 'an ISBN has 10 or 13 digits', i);
    addValue(r, c - DIGIT_0);
  } else if (c === 45 || (c === 32 && spaces)) {
    if (r.afterSeparator) return err('isbn-separator', 'a hyphen or space only separates digits of an ISBN', i);
    r.separators++;
    r.afterSeparator = true;
  } else if ((c === 88 || c === 120) && r.count === 9) {
    if (i + 1 < text.length) {
      return err('isbn-character', 'an "X" is only the check character at the end of an ISBN-10', i);
    }
    if (c === 120) r.lowerX = true;
    addValue(r, 10);
  } else {
    return err('isbn-character', `character ${JSON.stringify(text[i])} is not allowed in an ISBN`, i);
  }
  return null;
}

/** The next digit value (10 for "X"), added to both weighted sums. */
function addValue(r: IsbnReading, v: number): void {
  const k = r.count++;
  r.sum10 += (10 - k) * v;
  r.sum13 += (k % 2 === 0 ? 1 : 3) * v;
  if (k < 3) r.prefix = r.prefix * 10 + v;
  r.last = v;
  r.afterSeparator = false;
}

/** ISO 2108: an ISBN has 10 digits (ISBN-10) or 13 (ISBN-13). */
function lengthStep(text: string, r: IsbnReading): IsbnErr | null {
  if (r.count === 10 || r.count === 13) return null;
  return err('isbn-length', `an ISBN has 10 or 13 digits, not ${r.count}`, text.length);
}

/** ISBN-10 check: the ten values weighted 10..1 sum to a multiple of 11. */
function isbn10Step(text: string, r: IsbnReading): IsbnErr | null {
  if (r.sum10 % 11 === 0) return null;
  const check = (11 - ((r.sum10 - r.last) % 11)) % 11; // the first nine weighted 10..2
  const expected = check === 10 ? 'X' : String(check);
  return err('isbn-check-digit', `the ISBN-10 check digit should be ${expected}`, text.length - 1);
}

/** ISBN-13: the prefix 978 or 979, and the thirteen values weighted 1, 3, 1 ... sum to a multiple of 10. */
function isbn13Step(text: string, r: IsbnReading): IsbnErr | null {
  if (r.prefix !== 978 && r.prefix !== 979)
    return err('isbn-prefix', 'an ISBN-13 starts with the prefix 978 or 979', 0);
  if (r.sum13 % 10 === 0) return null;
  const expected = (10 - ((r.sum13 - r.last) % 10)) % 10; // the first twelve; the last is weighted 1
  return err('isbn-check-digit', `the ISBN-13 check digit should be ${expected}`, text.length - 1);
}

/** The digits of a validated ISBN without its separators, "X" upper case. */
function withoutSeparators(text: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 32 || c === 120) {
      out += text.slice(run, i);
      if (c === 120) out += 'X';
      run = i + 1;
    }
  }
  return out + text.slice(run);
}

/**
 * `urn:isbn:` (RFC 8254 §4, replacing RFC 3187). The NSS is an ISBN-10 or ISBN-13, hyphens
 * allowed between digits. Lexical form: hyphens removed, `X` upper case, ISBN-10 kept as ISBN-10
 * (`urn:isbn:0395363411`); standard form: the ISBN-13 (`urn:isbn:9780395363416`).
 */
export const isbnNamespace: UrnNamespace = {
  nid: 'isbn',
  errorCodes: ['isbn-character', 'isbn-separator', 'isbn-length', 'isbn-prefix', 'isbn-check-digit'],
  checks: 'ISBN-10 or ISBN-13 (978/979), hyphens only between digits, check digit (mod 11 / mod 10)',
  equivalence: 'hyphens removed, "X" upper case; standard level: the ISBN-13',
  normalize(nss) {
    return isbnDigits(nss, false);
  },
  standard(digits) {
    return digits.length === 10 ? isbn10To13(digits) : digits;
  },
};
