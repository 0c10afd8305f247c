/**
 * Percent-encoding (RFC 3986 §2.1), one implementation for every package: a strict decoder that returns a
 * result (never throws), the partial decoders and case folds the normalizers need, and one encoder.
 */
import { type Err, err, ok, type PidError, type Result } from '../result.ts';
import { hexValue, isHexCode } from './chars.ts';

/** Why a percent-decoding failed: a `%` not followed by two hex digits, or escapes that are not UTF-8. */
export type PercentErrorCode = 'pct-encoded' | 'pct-utf8';
export type PercentResult = Result<string, PidError<PercentErrorCode>>;

const PERCENT = 37;
const HEX = '0123456789ABCDEF';

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

/** The hex digits of every escape (`%` and two hex digits) in one case; a `%` without them is left as it is. */
function mapEscapeHex(s: string, upper: boolean): string {
  let i = s.indexOf('%');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  while (i !== -1) {
    if (i + 2 >= s.length || !isHexCode(s.charCodeAt(i + 1)) || !isHexCode(s.charCodeAt(i + 2))) {
      i = s.indexOf('%', i + 1);
      continue;
    }
    const hex = s.slice(i + 1, i + 3);
    const mapped = upper ? hex.toUpperCase() : hex.toLowerCase();
    if (mapped !== hex) {
      out += s.slice(last, i + 1) + mapped;
      last = i + 3;
    }
    i = s.indexOf('%', i + 3);
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Uppercase the hex digits of every percent-escape; a malformed `%` is left as it is. */
export function upperEscapes(s: string): string {
  return mapEscapeHex(s, true);
}

/** Lowercase the hex digits of every percent-escape (storage keys); a malformed `%` is left as it is. */
export function lowerEscapes(s: string): string {
  return mapEscapeHex(s, false);
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
    const c = escapeByte(s, i, s.length);
    if (c < 0 || c >= 0x80 || !keep(c)) continue;
    out += s.slice(last, i) + String.fromCharCode(c);
    last = i + 3;
    i += 2;
  }
  return out + s.slice(last);
}

/** The byte an escape at `i` stands for, or -1 when `s[i..i+2]` is not `%` and two hex digits below `to`. */
function escapeByte(s: string, i: number, to: number): number {
  if (i + 2 >= to) return -1;
  const hi = hexValue(s.charCodeAt(i + 1));
  const lo = hexValue(s.charCodeAt(i + 2));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/** The length of the UTF-8 sequence a lead byte starts (1 to 4), or 0 for a byte that cannot lead one. */
function sequenceLength(b: number): number {
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return 2;
  if (b >= 0xe0 && b <= 0xef) return 3;
  if (b >= 0xf0 && b <= 0xf4) return 4;
  return 0;
}

const badUtf8 = (at: number): Err<PidError<PercentErrorCode>> =>
  err('pct-utf8', 'the percent-escapes do not spell UTF-8 characters', at);

/**
 * Percent-decode `s.slice(from, to)` exactly once, the escapes read as UTF-8 bytes (RFC 3986 §2.1, §2.5).
 * Strict: a `%` not followed by two hex digits is `pct-encoded` at its offset; escapes that are not
 * well-formed UTF-8 (a stray continuation byte, a truncated, overlong or surrogate sequence, a code point
 * past U+10FFFF) are `pct-utf8` at the escape that starts the sequence. Decoded escapes are never decoded
 * again (`%2525` is `%25`); characters that stand as they are (non-ASCII too) are kept. Linear; never throws.
 */
export function percentDecode(s: string, from = 0, to = s.length): PercentResult {
  let i = s.indexOf('%', from);
  if (i === -1 || i >= to) return ok(from === 0 && to === s.length ? s : s.slice(from, to));
  let out = '';
  let last = from;
  while (i !== -1 && i < to) {
    out += s.slice(last, i);
    const lead = escapeByte(s, i, to);
    if (lead < 0) return err('pct-encoded', 'a percent-escape is "%" followed by two hex digits', i);
    const n = sequenceLength(lead);
    if (n === 0) return badUtf8(i);
    let cp = n === 1 ? lead : lead & (0xff >> (n + 1));
    for (let k = 1; k < n; k++) {
      const at = i + 3 * k;
      if (s.charCodeAt(at) !== PERCENT) return badUtf8(i);
      const b = escapeByte(s, at, to);
      if (b < 0) return err('pct-encoded', 'a percent-escape is "%" followed by two hex digits', at);
      if ((b & 0xc0) !== 0x80) return badUtf8(i);
      cp = (cp << 6) | (b & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8 (RFC 3629 §3).
    if ((n === 3 && cp < 0x800) || (n === 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff)) {
      return badUtf8(i);
    }
    out += String.fromCodePoint(cp);
    last = i + 3 * n;
    i = s.indexOf('%', last);
  }
  return ok(out + s.slice(last, to));
}

/** Options of `percentEncode`. */
export interface EncodeOptions {
  /** Leave well-formed escapes (`%` and two hex digits) as they are, encoding only a lone `%`. */
  readonly keepEscapes?: boolean;
}

/**
 * Percent-encode every UTF-16 unit `keep` refuses, as the UTF-8 bytes of its character with upper-case
 * hex digits (RFC 3986 §2.1: "should use uppercase"); a surrogate pair is one character (decided by its
 * high half), and a lone surrogate, which has no UTF-8 form, is encoded as U+FFFD. The inverse of
 * `percentDecode` for any `keep` that refuses "%". Linear.
 */
export function percentEncode(s: string, keep: (c: number) => boolean, options: EncodeOptions = {}): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (keep(c)) continue;
    if (c === PERCENT && options.keepEscapes && isHexCode(s.charCodeAt(i + 1)) && isHexCode(s.charCodeAt(i + 2))) {
      continue;
    }
    out += s.slice(last, i);
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else cp = 0xfffd;
    } else if (c >= 0xdc00 && c <= 0xdfff) cp = 0xfffd;
    out += utf8Escapes(cp);
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

function byteEscape(b: number): string {
  return `%${HEX[b >> 4]}${HEX[b & 15]}`;
}

/** The escapes of a code point's UTF-8 bytes. */
function utf8Escapes(cp: number): string {
  if (cp < 0x80) return byteEscape(cp);
  if (cp < 0x800) return byteEscape(0xc0 | (cp >> 6)) + byteEscape(0x80 | (cp & 63));
  if (cp < 0x10000)
    return byteEscape(0xe0 | (cp >> 12)) + byteEscape(0x80 | ((cp >> 6) & 63)) + byteEscape(0x80 | (cp & 63));
  return (
    byteEscape(0xf0 | (cp >> 18)) +
    byteEscape(0x80 | ((cp >> 12) & 63)) +
    byteEscape(0x80 | ((cp >> 6) & 63)) +
    byteEscape(0x80 | (cp & 63))
  );
}
