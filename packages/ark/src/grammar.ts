/**
 * Character classes of draft-kunze-ark-09 §2.6 and of today's ARK spec (draft-42), as lookup tables:
 * no regular expressions, so nothing can backtrack.
 */
import { isAlphaNum, isSubDelimCode, isUnreservedCode } from '@pidgate/core';

/** §2.6: letters, digits and `= # * + @ _ $` (the `source` Name and Qualifier characters). */
export const SOURCE_CHAR = 1;
/** draft-42: letters, digits and `= ~ * + @ _ $` (the `modern` Name and Qualifier characters). */
export const MODERN_CHAR = 2;
/** The betanumeric alphabet `0-9bcdfghjkmnpqrstvwxz`, either case (modern NAAN). */
export const BETANUMERIC = 4;
/** RFC 3986 host characters: unreserved, sub-delims, ":" (port), "[" "]" (IP literal); "%" apart. */
export const HOST_CHAR = 8;
/** RFC 3986 pchar, less pct-encoded: unreserved, sub-delims, ":" and "@". */
export const PCHAR = 16;
/** RFC 3986 URI scheme characters after the first: ALPHA / DIGIT / "+" / "-" / ".". */
export const SCHEME_CHAR = 32;

export const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  const alnum = isAlphaNum(c);
  let f = 0;
  if (alnum || '=#*+@_$'.includes(ch)) f |= SOURCE_CHAR;
  if (alnum || '=~*+@_$'.includes(ch)) f |= MODERN_CHAR;
  if ('0123456789bcdfghjkmnpqrstvwxz'.includes(ch.toLowerCase())) f |= BETANUMERIC;
  const unreserved = isUnreservedCode(c);
  const subDelim = isSubDelimCode(c);
  if (unreserved || subDelim || ch === ':' || ch === '[' || ch === ']') f |= HOST_CHAR;
  if (unreserved || subDelim || ch === ':' || ch === '@') f |= PCHAR;
  if (alnum || '+-.'.includes(ch)) f |= SCHEME_CHAR;
  CLASS[c] = f;
}

export function hasClass(c: number, cls: number): boolean {
  return c < 128 && ((CLASS[c] as number) & cls) !== 0;
}

/** draft-42: U+2010..U+2015 (hyphen .. horizontal bar) may count as hyphens. */
export function isUnicodeHyphen(c: number): boolean {
  return c >= 0x2010 && c <= 0x2015;
}

/** draft-42 §3.1: whitespace that an ARK broken across lines carries (space, tab, line feed, carriage return). */
export function isWhitespace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/**
 * Characters read and dropped wherever they stand in the NAAN, the Name and the Qualifier: the hyphen
 * (§2.6: "always ignored in ARKs"); in `modern` also U+2010..U+2015 and whitespace (draft-42 §3.1:
 * normalization "may include converting hyphen-like characters to hyphens and removing whitespace").
 */
export function isInert(c: number, modern: boolean): boolean {
  return c === HYPHEN || (modern && (isUnicodeHyphen(c) || isWhitespace(c)));
}

// DIGIT, ALPHA and HEXDIG are the toolkit's (one definition for every package).
export { isAlpha, isDigit, isHexCode as isHex } from '@pidgate/core';

/** Is `s[i..i+4)` the label "ark:" in any case? */
export function isArkLabelAt(s: string, i: number): boolean {
  return (
    i + 4 <= s.length && // every read below inside the string (an optimized read past the end deoptimizes)
    (s.charCodeAt(i) | 32) === 97 && // a
    (s.charCodeAt(i + 1) | 32) === 114 && // r
    (s.charCodeAt(i + 2) | 32) === 107 && // k
    s.charCodeAt(i + 3) === 58 // :
  );
}

export const PERCENT = 37; // "%"
export const HYPHEN = 45; // "-"
export const PERIOD = 46; // "."
export const SLASH = 47; // "/"
export const COLON = 58; // ":"
export const QUESTION = 63; // "?"
export const HASH = 35; // "#"
