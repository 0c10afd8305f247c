/** Percent-encoding helpers shared by the scheme packages (RFC 3986 §2.1). */

/** True when the char code is an ASCII hex digit. */
export function isHexCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/**
 * The index of the first malformed percent-escape (`%` not followed by two hex digits), or -1.
 */
export function findBadEscape(s: string, from = 0, to = s.length): number {
  for (let i = s.indexOf('%', from); i !== -1 && i < to; i = s.indexOf('%', i + 1)) {
    if (i + 2 >= to || !isHexCode(s.charCodeAt(i + 1)) || !isHexCode(s.charCodeAt(i + 2))) return i;
    i += 2;
  }
  return -1;
}

function mapEscapeHex(s: string, upper: boolean): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  for (; i !== -1; i = s.indexOf('%', i + 3)) {
    const hex = s.slice(i + 1, i + 3);
    const mapped = upper ? hex.toUpperCase() : hex.toLowerCase();
    if (mapped !== hex) {
      out += s.slice(last, i + 1) + mapped;
      last = i + 3;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Uppercase the hex digits of every percent-escape (assumes escapes are well formed). */
export function upperEscapes(s: string): string {
  return mapEscapeHex(s, true);
}

/** Lowercase the hex digits of every percent-escape (assumes escapes are well formed). */
export function lowerEscapes(s: string): string {
  return mapEscapeHex(s, false);
}

/** RFC 3986 `unreserved`: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export function isUnreservedCode(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 45 ||
    c === 46 ||
    c === 95 ||
    c === 126
  );
}

/** RFC 3986 `sub-delims`: "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=". */
export function isSubDelimCode(c: number): boolean {
  return c === 33 || c === 36 || (c >= 38 && c <= 44) || c === 59 || c === 61;
}

/** RFC 3986 `pchar` less pct-encoded: unreserved / sub-delims / ":" / "@". */
export function isPcharCode(c: number): boolean {
  return isUnreservedCode(c) || isSubDelimCode(c) || c === 58 || c === 64;
}

/**
 * Decode the escapes whose decoded character passes `keep`, leaving the others as they are.
 * Escapes of bytes >= 0x80 are left encoded (they are parts of UTF-8 sequences).
 */
export function decodeEscapesWhere(s: string, keep: (c: number) => boolean): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  for (; i !== -1; i = s.indexOf('%', i + 1)) {
    const c = Number.parseInt(s.slice(i + 1, i + 3), 16);
    if (Number.isNaN(c) || c >= 0x80 || !keep(c)) continue;
    out += s.slice(last, i) + String.fromCharCode(c);
    last = i + 3;
    i += 2;
  }
  return out + s.slice(last);
}
