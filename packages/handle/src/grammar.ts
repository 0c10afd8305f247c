/**
 * Character tests and label tests shared by the Handle parser and by the schemes built on handles (DOI).
 * No regular expressions: every test is a constant-time look at one position.
 */
import { bareHostPrefix, httpHostPrefix, httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { bareHostPrefix, httpHostPrefix, httpSchemeLength, isDigit, wordAt };
export const SLASH = 47; // "/"
export const DOT = 46; // "."
export const COLON = 58; // ":"
export const PERCENT = 37; // "%"
export const QUESTION = 63; // "?"
export const HASH = 35; // "#"
export const SPACE = 32; // " "

export { isHexCode as isHex } from '@pidgate/core';

/**
 * White space and control characters: never part of a handle or a DOI (RFC 3651 §2.1 and the DOI Handbook
 * §2.5 allow printable/graphic characters only).
 */
export function isSpaceOrControl(c: number): boolean {
  if (c <= 0x20 || c === 0x7f) return true;
  if (c < 0x80) return false;
  return (
    c <= 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The length of `http(s)://HOST/` or of a bare `HOST/` when the host is one of `hosts`, or 0. */
export function proxyPrefix(s: string, hosts: readonly string[]): number {
  return httpHostPrefix(s, hosts) || bareHostPrefix(s, hosts);
}

/** The number of spaces (U+0020) from `i`: the gap a printed label may leave (`hdl: 2027/x`, `DOI: 10.…`). */
export function spacesAt(s: string, i: number): number {
  let k = i;
  while (s.charCodeAt(k) === SPACE) k++;
  return k - i;
}

/**
 * The length of a bare handle's numeric naming authority when `s` starts with one and a "/" follows:
 * digits, optionally divided by "." (`2027/`, `10013/`, `20.500.12345/`), or 0. Looks at the prefix only.
 * Prefixes are written so in citations (idutils reads `10013/epic.10033` as a handle): such a string is a
 * handle without a label; other naming authorities (`cnri.dlib`, `0.NA`) need their `hdl:`.
 */
export function numericPrefixLength(s: string): number {
  if (!isDigit(s.charCodeAt(0))) return 0;
  let i = 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c) && c !== DOT) break;
  }
  return s.charCodeAt(i) === SLASH ? i : 0;
}

/** ASCII letters folded to lower case; every other character, non-ASCII letters included, left alone. */
export function foldAscii(s: string): string {
  let upper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return foldAsciiOnly(s);
    if (c >= 65 && c <= 90) upper = true;
  }
  // all ASCII: the built-in lower-casing folds exactly the ASCII letters
  return upper ? s.toLowerCase() : s;
}

function foldAsciiOnly(s: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      parts.push(s.slice(from, i), String.fromCharCode(c + 32));
      from = i + 1;
    }
  }
  parts.push(s.slice(from));
  return parts.join('');
}

/** The index of the first "?" or "#" at or after `from`, or the length: where a URI's path ends. */
export function pathEnd(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === QUESTION || c === HASH) return i;
  }
  return s.length;
}
