/** Label and shape tests of written ISBNs and ISSNs; no regular expressions. */
import { isDigit, wordAt } from '@pidgate/core';

export { isDigit, wordAt };

/** The longest bare ISBN: 13 digits and 4 separators. */
export const MAX_BARE_ISBN = 17;

/**
 * A bare ISBN's shape: a digit first, then only digits, hyphens, spaces and an "X", 10 or 13 digits
 * (counting an "X"). Cheap: at most 17 characters are looked at. Dates (`2016-01-22`) and other numbers
 * do not have 10 or 13 digits, and are left to other schemes.
 */
export function looksLikeIsbn(s: string): boolean {
  if (s.length < 10 || s.length > MAX_BARE_ISBN || !isDigit(s.charCodeAt(0))) return false;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c) || (c | 0x20) === 120) digits++;
    else if (c !== 45 && c !== 32) return false;
  }
  return digits === 10 || digits === 13;
}

/** A bare ISSN is written with its hyphen: `NNNN-NNNC` (without a label, 8 digits alone are not claimed). */
export function looksLikeIssn(s: string): boolean {
  return (
    s.length === 9 &&
    s.charCodeAt(4) === 45 &&
    isDigit(s.charCodeAt(0)) &&
    isDigit(s.charCodeAt(1)) &&
    isDigit(s.charCodeAt(2)) &&
    isDigit(s.charCodeAt(3)) &&
    isDigit(s.charCodeAt(5))
  );
}

/**
 * An `ISBN` label: `ISBN`, `ISBN-10`, `ISBN-13`, `ISBN10`, `ISBN13` (any case), then `:` and/or one
 * space. Its length and the digit count it names (0 for none), or null.
 */
export function isbnLabel(s: string): { length: number; digits: 0 | 10 | 13 } | null {
  if (!wordAt(s, 0, 'isbn')) return null;
  let i = 4;
  let digits: 0 | 10 | 13 = 0;
  if (s.charCodeAt(i) === 45) i++;
  if (wordAt(s, i, '13')) digits = 13;
  else if (wordAt(s, i, '10')) digits = 10;
  if (digits > 0) i += 2;
  else if (i > 4) return null;
  const colon = s.charCodeAt(i) === 58;
  if (colon) i++;
  if (s.charCodeAt(i) === 32) i++;
  else if (!colon) return null;
  return { length: i, digits };
}

/**
 * An `ISSN` label: `ISSN` or `ISSN-L` (ISO 3297's linking ISSN, itself an ISSN), any case, then `:` and/or
 * one space: its length, or 0.
 */
export function issnLabel(s: string): number {
  if (!wordAt(s, 0, 'issn')) return 0;
  let i = wordAt(s, 4, '-l') ? 6 : 4;
  const colon = s.charCodeAt(i) === 58;
  if (colon) i++;
  if (s.charCodeAt(i) === 32) i++;
  else if (!colon) return 0;
  return i;
}
