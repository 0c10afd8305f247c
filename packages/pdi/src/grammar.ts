/**
 * Character classes of draft-mallery-urn-pdi-00 §1.2.4 as one lookup table: no regular
 * expressions, so nothing can backtrack. Every scan in this package is a char-code loop.
 */
import { hexValue, isHexCode } from '@pidgate/core';
export const ALPHA = 1; // alpha    = %x41-5A / %x61-7A
export const DIGIT = 2; // digit    = %x30-39
export const OTHER = 4; // other    = "(" / ")" / "-" / ":" / ";" / "$" / "_" / "!" / "'"
export const RESERVED = 8; // reserved = "%" / "." / "," / "/" / "#" / "*" / "@" / "=" / "?" / "+"
export const HEX = 16; // hex      = digit / "A".."F" / "a".."f"

/** The classes of each ASCII code (bits of ALPHA, DIGIT, OTHER, RESERVED, HEX); read it for codes below 128. */
export const CLASSES = new Uint8Array(128);
const table = CLASSES;
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let bits = 0;
  if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) bits |= ALPHA;
  if (ch >= '0' && ch <= '9') bits |= DIGIT;
  if ("()-:;$_!'".includes(ch)) bits |= OTHER;
  if ('%.,/#*@=?+'.includes(ch)) bits |= RESERVED;
  if ((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'F') || (ch >= 'a' && ch <= 'f')) bits |= HEX;
  table[c] = bits;
}

/** True when the char code belongs to one of the classes in `mask`. */
export function is(c: number, mask: number): boolean {
  return c < 128 && ((table[c] as number) & mask) !== 0;
}

// alpha, digit and hex are the toolkit's classes (one definition for every package).
export { isAlpha, isDigit, isDigits, isHexCode as isHex } from '@pidgate/core';
/** `trans` less `reserved`: what a unique-id holds unescaped (alpha / digit / other). */
export const isUniqueIdChar = (c: number): boolean => is(c, ALPHA | DIGIT | OTHER);
/** `alpha-hyphen-digits`: a document-series component or a format token. */
export const isAlphaHyphenDigit = (c: number): boolean => is(c, ALPHA | DIGIT) || c === HYPHEN;
/**
 * What a position item (an element name, an origin position) holds unescaped: `urn-chars` less
 * `reserved`, and less "(" and ")", which delimit a 2-dim coordinate.
 */
export const isPositionChar = (c: number): boolean => c !== LPAREN && c !== RPAREN && isUniqueIdChar(c);

export const PERCENT = 37; // "%"
export const DOT = 46; // "."
export const COMMA = 44; // ","
export const SLASH = 47; // "/"
export const HASH = 35; // "#"
export const STAR = 42; // "*"  wildcard = "*"
export const AT = 64; // "@"
export const EQUALS = 61; // "="
export const HYPHEN = 45; // "-"
export const COLON = 58; // ":"
export const LPAREN = 40; // "("
export const RPAREN = 41; // ")"

/** The code of the escape `%XY` at `i` (assumes it is well formed). */
export function escapeAt(s: string, i: number): number {
  return hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
}

/** True when `s[i]` is "%" followed by two hex digits before `end`. */
export function isEscapeAt(s: string, i: number, end: number): boolean {
  return i + 2 < end && isHexCode(s.charCodeAt(i + 1)) && isHexCode(s.charCodeAt(i + 2));
}

/**
 * §3.6.4: decode the escapes whose character `decode` accepts (the characters the field may
 * hold unescaped, never a reserved one) and lowercase the hex digits of the others. One pass.
 */
export function normalizeEscapes(s: string, decode: (c: number) => boolean): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  for (; i !== -1; i = s.indexOf('%', i + 3)) {
    const c = escapeAt(s, i);
    if (decode(c)) out += s.slice(last, i) + String.fromCharCode(c);
    else if (isUpperHexAt(s, i + 1) || isUpperHexAt(s, i + 2))
      out += s.slice(last, i) + s.slice(i, i + 3).toLowerCase();
    else continue; // already canonical: copied with the next change, or at the end
    last = i + 3;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** True when `s[i]` is one of the hex digits A-F. */
function isUpperHexAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 65 && c <= 70;
}

/** True when `field` is the wildcard "*" (a length and a code compared: no string comparison on the hot path). */
export function isWildcard(field: string | null): boolean {
  return field !== null && field.length === 1 && field.charCodeAt(0) === STAR;
}

/** A run of digits without its superfluous leading zeros, keeping at least `min` digits. */
export function stripZeros(digits: string, min = 1): string {
  let i = 0;
  while (i < digits.length - min && digits.charCodeAt(i) === 48) i++;
  return i === 0 ? digits : digits.slice(i);
}

/** Compare two digit runs as integers of any length: negative, zero or positive. */
export function compareDigits(a: string, b: string): number {
  const x = stripZeros(a);
  const y = stripZeros(b);
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `s.toLowerCase()`, or `s` itself when it has no capital letter and no non-ASCII character: no allocation then. */
export function lowerCase(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c >= 128) return s.toLowerCase();
  }
  return s;
}

/** `s` lowercased (ASCII), or `s` itself when it has no capital letter: no allocation in the usual case. */
export function lower(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return s.toLowerCase();
  }
  return s;
}
