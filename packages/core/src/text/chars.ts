/**
 * Character classes every package shares (RFC 5234 core rules, RFC 3986 §2): one definition each.
 * Char-code tests, no regular expressions; the classes of RFC 3986 are read from one 128-entry table,
 * the digit tests are ranges (they sit in the scanners' innermost loops, where a compare beats a load).
 */

const DIGIT = 1;
const HEXLETTER = 2;
const ALPHA = 4;
const MARK = 8; // "-" / "." / "_" / "~", the rest of `unreserved`
const SUB_DELIM = 16;
const PCHAR_EXTRA = 32; // ":" / "@"

const TABLE = new Uint8Array(128);
function mark(chars: string, flag: number): void {
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    TABLE[c] = (TABLE[c] as number) | flag;
  }
}
mark('0123456789', DIGIT);
mark('ABCDEFabcdef', HEXLETTER);
mark('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', ALPHA);
mark('-._~', MARK);
mark("!$&'()*+,;=", SUB_DELIM);
mark(':@', PCHAR_EXTRA);

function has(c: number, flags: number): boolean {
  return c < 128 && ((TABLE[c] as number) & flags) !== 0;
}

/** DIGIT (RFC 5234 B.1): "0"-"9". */
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** HEXDIG, in either case: "0"-"9", "A"-"F", "a"-"f". (False for NaN, a read past the end.) */
export function isHexCode(c: number): boolean {
  const lower = c | 0x20;
  return (c >= 48 && c <= 57) || (lower >= 97 && lower <= 102);
}

/** The value of a hex digit, or -1 when `c` is not one. */
export function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** ALPHA (RFC 5234 B.1): an ASCII letter. */
export function isAlpha(c: number): boolean {
  return has(c, ALPHA);
}

/** ALPHA / DIGIT. */
export function isAlphaNum(c: number): boolean {
  return has(c, ALPHA | DIGIT);
}

/** RFC 3986 `unreserved`: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export function isUnreservedCode(c: number): boolean {
  return has(c, ALPHA | DIGIT | MARK);
}

/** RFC 3986 `sub-delims`: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=". */
export function isSubDelimCode(c: number): boolean {
  return has(c, SUB_DELIM);
}

/** RFC 3986 `pchar` less pct-encoded: unreserved / sub-delims / ":" / "@". */
export function isPcharCode(c: number): boolean {
  return has(c, ALPHA | DIGIT | MARK | SUB_DELIM | PCHAR_EXTRA);
}

/** True when `s` is not empty and every character is a DIGIT. */
export function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}
