import { err, type Result } from '@pidgate/core';
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
const isDigit = (c: number) => c >= 48 && c <= 57;

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
export function parseIsbn(text: string): Result<Isbn> {
  const r = isbnDigits(text);
  if (!r.ok) return r;
  const digits = r.value;
  return digits.length === 10
    ? { ok: true, value: { digits, isbn13: isbn10To13(digits), isbn10: digits } }
    : { ok: true, value: { digits, isbn13: digits, isbn10: isbn13To10(digits) } };
}

/** The digit values of the ISBN being validated (module-level scratch space: no allocation per call). */
const values = new Uint8Array(14);

/** Validate an ISBN as written; its digits without separators, "X" upper case, check digit verified. */
function isbnDigits(text: string, spaces = true): Result<string> {
  let count = 0; // digits (and the "X") seen
  let separators = 0;
  let lowerX = false;
  let lastWasSeparator = true; // no separator at the start
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      if (count === 13) return err('isbn-length', 'an ISBN has 10 or 13 digits', i);
      values[count++] = c - DIGIT_0;
      lastWasSeparator = false;
    } else if (c === 45 || (c === 32 && spaces)) {
      if (lastWasSeparator) return err('isbn-separator', 'a hyphen or space only separates digits of an ISBN', i);
      separators++;
      lastWasSeparator = true;
    } else if ((c === 88 || c === 120) && count === 9) {
      if (i + 1 < text.length) {
        return err('isbn-character', 'an "X" is only the check character at the end of an ISBN-10', i);
      }
      if (c === 120) lowerX = true;
      values[count++] = 10;
      lastWasSeparator = false;
    } else {
      return err('isbn-character', `character ${JSON.stringify(text[i])} is not allowed in an ISBN`, i);
    }
  }
  if (text.length > 0 && lastWasSeparator) {
    return err('isbn-separator', 'a hyphen or space only separates digits of an ISBN', text.length - 1);
  }
  if (count !== 10 && count !== 13) return err('isbn-length', `an ISBN has 10 or 13 digits, not ${count}`, text.length);
  if (count === 10) {
    // sum of the ten values weighted 10..1 is a multiple of 11
    let sum = 0;
    for (let k = 0; k < 10; k++) sum += (10 - k) * (values[k] as number);
    if (sum % 11 !== 0) {
      const expected = isbn10CheckDigitOfValues();
      return err('isbn-check-digit', `the ISBN-10 check digit should be ${expected}`, lastDigitOffset(text));
    }
  } else {
    if (values[0] !== 9 || values[1] !== 7 || (values[2] !== 8 && values[2] !== 9)) {
      return err('isbn-prefix', 'an ISBN-13 starts with the prefix 978 or 979', 0);
    }
    // sum of the thirteen values weighted 1, 3, 1, 3 ... is a multiple of 10
    let sum = 0;
    for (let k = 0; k < 13; k++) sum += (k % 2 === 0 ? 1 : 3) * (values[k] as number);
    if (sum % 10 !== 0) {
      let partial = 0;
      for (let k = 0; k < 12; k++) partial += (k % 2 === 0 ? 1 : 3) * (values[k] as number);
      const expected = (10 - (partial % 10)) % 10;
      return err('isbn-check-digit', `the ISBN-13 check digit should be ${expected}`, lastDigitOffset(text));
    }
  }
  return { ok: true, value: separators === 0 && !lowerX ? text : fromValues(count) };
}

/** Character codes of the digits being built (module-level scratch: one flat string per call). */
const CODES10: number[] = Array.from({ length: 10 }, () => 48);
const CODES13: number[] = Array.from({ length: 13 }, () => 48);

/** The digits of the validated ISBN in `values` as one flat string, "X" upper case. */
function fromValues(count: number): string {
  const codes = count === 10 ? CODES10 : CODES13;
  for (let k = 0; k < count; k++) {
    const v = values[k] as number;
    codes[k] = v === 10 ? 88 : 48 + v;
  }
  return String.fromCharCode.apply(null, codes);
}

function isbn10CheckDigitOfValues(): string {
  let sum = 0;
  for (let k = 0; k < 9; k++) sum += (10 - k) * (values[k] as number);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function lastDigitOffset(text: string): number {
  return text.length - 1;
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
