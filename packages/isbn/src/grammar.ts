/** Label and shape tests of written ISBNs and ISSNs; no regular expressions. */
import { bareHostPrefix, httpHostPrefix, isDigit, wordAt } from '@pidgate/core';
import { isUnicodeSeparator } from './separators.ts';

export { isDigit, wordAt };

/**
 * The longest string read as a bare ISBN: 13 digits with a separator after each but the last. A
 * well-formed ISBN-13 has 4 separators (17 characters); longer runs (`978-3-905673-82- 1`) are still
 * claimed, so that they get the ISBN parser's coded error (`isbn-separator`) instead of `unknown-scheme`.
 */
export const MAX_BARE_ISBN = 25;

/**
 * A bare ISBN's shape: a digit first, then only digits, hyphens, spaces (Unicode dashes and spaces too, for
 * the parser to read: `separators.ts`) and an "X", 10 or 13 digits
 * (counting an "X"). Cheap: at most `MAX_BARE_ISBN` characters are looked at. Dates (`2016-01-22`) and other numbers
 * do not have 10 or 13 digits, and are left to other schemes.
 */
export function looksLikeIsbn(s: string): boolean {
  if (s.length < 10 || s.length > MAX_BARE_ISBN || !isDigit(s.charCodeAt(0))) return false;
  let digits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c) || (c | 0x20) === 120) digits++;
    else if (c !== 45 && c !== 32 && !isUnicodeSeparator(c)) return false;
  }
  return digits === 10 || digits === 13;
}

/**
 * A bare ISSN is written with its hyphen: `NNNN-NNNC` (without a label, 8 digits alone are not claimed); a
 * Unicode dash or space there too, for the parser to read (`separators.ts`).
 */
export function looksLikeIssn(s: string): boolean {
  const c = s.charCodeAt(4);
  return (
    s.length === 9 &&
    (c === 45 || isUnicodeSeparator(c)) &&
    isDigit(s.charCodeAt(0)) &&
    isDigit(s.charCodeAt(1)) &&
    isDigit(s.charCodeAt(2)) &&
    isDigit(s.charCodeAt(3)) &&
    isDigit(s.charCodeAt(5))
  );
}

/**
 * An `ISBN` label: `ISBN`, `ISBN-10`, `ISBN-13`, `ISBN10`, `ISBN13` (any case), then `:` and/or one
 * space; `ISBN 10:`, `ISBN 13:` (then an optional space); or `ISBN` / `ISBN-` directly before the number's first digit (`ISBN9780826497529`,
 * `ISBN-9780826497529`, as isbnlib reads them). Its length and the digit count it names (0 for none), or null.
 */
export function isbnLabel(s: string): { length: number; digits: 0 | 10 | 13 } | null {
  if (!wordAt(s, 0, 'isbn')) return null;
  if (s.charCodeAt(4) === 32 && s.charCodeAt(7) === 58) {
    const spaced = countedLabel(s, 5); // `ISBN 13: 978…`: the count after a space needs its ":"
    if (spaced) return spaced;
  }
  const hyphen = s.charCodeAt(4) === 45 ? 1 : 0;
  const counted = countedLabel(s, 4 + hyphen);
  if (counted) return counted;
  const at = 4 + hyphen;
  if (isDigit(s.charCodeAt(at))) return numberedLabel(s, at) ? null : { length: at, digits: 0 };
  if (hyphen) return null;
  const end = labelEnd(s, 4);
  return end > 0 ? { length: end, digits: 0 } : null;
}

/** Two digits and `:` or a space at `i`: a label naming another digit count (`ISBN-12:`), not a number. */
function numberedLabel(s: string, i: number): boolean {
  const c = s.charCodeAt(i + 2);
  return isDigit(s.charCodeAt(i + 1)) && (c === 58 || c === 32);
}

/** `10` or `13` at `i`, then `:` and/or one space: the label of an ISBN-10 or ISBN-13. */
function countedLabel(s: string, i: number): { length: number; digits: 10 | 13 } | null {
  const digits = wordAt(s, i, '13') ? 13 : wordAt(s, i, '10') ? 10 : 0;
  if (digits === 0) return null;
  const end = labelEnd(s, i + 2);
  return end > 0 ? { length: end, digits } : null;
}

/** After a label's word at `i`: `:` and/or one space; where the number starts, or 0 when neither is there. */
function labelEnd(s: string, i: number): number {
  let k = i;
  const colon = s.charCodeAt(k) === 58;
  if (colon) k++;
  if (s.charCodeAt(k) === 32) k++;
  else if (!colon) return 0;
  return k;
}

/**
 * An `ISSN` label: `ISSN` or `ISSN-L` (ISO 3297's linking ISSN, itself an ISSN), any case, then `:` and/or
 * one space: its length, or 0.
 */
export function issnLabel(s: string): number {
  if (!wordAt(s, 0, 'issn')) return 0;
  return labelEnd(s, wordAt(s, 4, '-l') ? 6 : 4);
}

/** The ISSN International Centre's portal, whose `resource/ISSN/` and `resource/ISSN-L/` pages name an ISSN. */
export const ISSN_PORTAL_HOSTS = ['portal.issn.org'] as const;

/**
 * `https://portal.issn.org/resource/ISSN/` or `…/resource/ISSN-L/` (any case, also `http://` or without a
 * scheme, as an address bar shows it), the ISSN portal's page of an ISSN or a linking ISSN: its length, or 0.
 */
export function issnPortalPrefix(s: string): number {
  const host = httpHostPrefix(s, ISSN_PORTAL_HOSTS) || bareHostPrefix(s, ISSN_PORTAL_HOSTS);
  if (host === 0 || !wordAt(s, host, 'resource/issn')) return 0;
  const at = host + 13;
  if (s.charCodeAt(at) === 47) return at + 1;
  return wordAt(s, at, '-l/') ? at + 3 : 0;
}
