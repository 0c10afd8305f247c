import { err, hexValue } from '@pidgate/core';
import type { PwidErr, PwidErrorCode } from './codes.ts';
import {
  AT,
  COLON,
  DOT,
  HASH,
  hasClass,
  isAlpha,
  isDigit,
  isHex,
  LBRACKET,
  PATH,
  PERCENT,
  QUERY,
  QUESTION,
  RBRACKET,
  REG_NAME,
  SCHEME,
  SLASH,
  USERINFO,
} from './grammar.ts';
import { createScanner, type Scanner } from './scanner.ts';

/**
 * draft-07 `uri-string`: an RFC 3986 `URI` in which "[", "]", "?", "#" and "%" are %-encoded.
 * This module turns a uri-string into the URI it names and back, and validates the URI.
 */
const PART = 'archived-item-id';
const fail = (code: PwidErrorCode, message: string, offset: number): PwidErr => err(code, message, offset, PART);

/** The characters the uri-string rule encodes, and their escapes. */
const ENCODED: Record<string, string> = { '%': '%25', '[': '%5B', ']': '%5D', '?': '%3F', '#': '%23' };
/** char code -> the two hex digits (as char codes) of its escape, for the five encoded characters. */
const ENCODED_CODE: (readonly [number, number] | undefined)[] = [];
for (const [ch, esc] of Object.entries(ENCODED))
  ENCODED_CODE[ch.charCodeAt(0)] = [esc.charCodeAt(1), esc.charCodeAt(2)];
/** char code (< 128) -> 1 for the five encoded characters. */
const IS_ENCODED = new Uint8Array(128);
for (const ch of Object.keys(ENCODED)) IS_ENCODED[ch.charCodeAt(0)] = 1;
const isEncoded = (c: number): boolean => c < 128 && IS_ENCODED[c] === 1;

/**
 * At most this many changes are made by concatenating slices (much faster than a buffer for a few);
 * more go through a `Uint16Array`, so that a long run of changes builds no deep rope.
 */
export const FEW_CHANGES = 16;

/** The character an escape at `i` stands for when it is one of the five uri-string escapes, else 0. */
function encodedAt(s: string, i: number): number {
  const v = hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2));
  return v === PERCENT || v === LBRACKET || v === RBRACKET || v === QUESTION || v === HASH ? v : 0;
}

export interface ItemScan {
  /** The URI the uri-string names (the five escapes decoded once). */
  readonly uri: string;
  readonly schemeEnd: number;
  /** The host's span in `uri` (start === end when there is no authority). */
  readonly hostStart: number;
  readonly hostEnd: number;
  /** Where the path ends in `uri`: at the "?" or "#" that starts the query or fragment, else `uri.length`. */
  readonly pathEnd: number;
  /** The scan saw an ASCII upper-case letter in the scheme or the host, %-escapes aside (a fact for normalize.ts). */
  readonly schemeOrHostUpper: boolean;
  /** The URI may hold a "%"; false when it has none (a fact for normalize.ts, so that it searches for none). */
  readonly percent: boolean;
}

/** Map an offset in the decoded URI back to the uri-string it came from. */
function itemOffset(item: string, uriOffset: number): number {
  let i = 0;
  for (let u = 0; u < uriOffset && i < item.length; u++) {
    i += item.charCodeAt(i) === PERCENT && i + 2 < item.length && encodedAt(item, i) !== 0 ? 3 : 1;
  }
  return i;
}

/**
 * uri-string: decode a uri-string into its URI and validate it against RFC 3986 `URI`.
 * `source` reads older items too: a URI written as itself (2017 drafts: `archived-item = URI`),
 * with literal "?", "#", "[", "]" and its own %-escapes. Where both readings apply, draft-07 wins:
 * `%3F` is "?". `modern` accepts only the draft-07 encoding. `item` is the rest of the scanner's input,
 * from its pointer.
 */
export function scanUriString(st: Scanner, item: string): ItemScan | PwidErr {
  const base = st.pointer;
  const decode = uriStringEscapes(st, item, base);
  if (typeof decode !== 'number') return decode;
  // nothing decoded: validate the item where it is written in the PWID (`item` is a slice of it)
  const uri = decode === 0 ? item : decodeItem(item, decode);
  const checked = decode === 0 ? checkUriAt(st, base, item) : checkUri(uri);
  if ('ok' in checked) {
    const e = checked.error;
    const at = e.offset === null ? null : base + (uri === item ? e.offset : itemOffset(item, e.offset));
    return err(e.code, e.message, at, PART);
  }
  return checked;
}

/**
 * The escapes of a uri-string: how many stand for one of the five encoded characters, or the error of a
 * malformed one (and, in `modern`, of an unencoded "%", "?", "#", "[" or "]").
 */
function uriStringEscapes(st: Scanner, item: string, base: number): number | PwidErr {
  const profile = st.profile;
  let decode = 0;
  // source reads "?", "#", "[", "]" as themselves: with no "%" there is nothing to decode or refuse
  const from = profile === 'modern' ? 0 : item.indexOf('%');
  for (let i = from < 0 ? item.length : from; i < item.length; i++) {
    const c = item.charCodeAt(i);
    if (c === PERCENT) {
      // the URI may hold a "%" only when the item does (a fact for normalize.ts)
      st.uriPercent = true;
      if (i + 2 >= item.length || !isHex(item.charCodeAt(i + 1)) || !isHex(item.charCodeAt(i + 2))) {
        return fail('pct-encoded', 'a percent-escape is "%" followed by two hex digits', base + i);
      }
      if (encodedAt(item, i) !== 0) {
        decode++;
        i += 2;
        continue;
      }
      if (profile === 'modern') {
        return fail(
          'uri-unencoded-percent',
          'the "%" of a URI escape is itself encoded in a PWID ("%20" is written "%2520")',
          base + i,
        );
      }
    } else if (profile === 'modern' && (c === QUESTION || c === HASH || c === LBRACKET || c === RBRACKET)) {
      return fail(
        'uri-unencoded-character',
        `${JSON.stringify(item[i])} is %-encoded in a PWID (${ENCODED[item[i] as string]})`,
        base + i,
      );
    }
  }
  return decode;
}

/** The URI of a valid uri-string with `count` (> 0) escapes of the five encoded characters: those decoded. */
function decodeItem(item: string, count: number): string {
  if (count <= FEW_CHANGES) {
    let out = '';
    let last = 0;
    for (let i = item.indexOf('%'); i !== -1; i = item.indexOf('%', i + 3)) {
      const v = encodedAt(item, i);
      if (v === 0) continue;
      out += item.slice(last, i) + String.fromCharCode(v);
      last = i + 3;
    }
    return out + item.slice(last);
  }
  const out = new Uint16Array(item.length);
  let o = 0;
  for (let i = 0; i < item.length; i++) {
    const c = item.charCodeAt(i);
    const v = c === PERCENT ? encodedAt(item, i) : 0;
    if (v !== 0) {
      out[o++] = v;
      i += 2;
    } else {
      out[o++] = c;
    }
  }
  return codesToString(out, o);
}

/** Validate an RFC 3986 `URI` (absolute, fragment allowed). Offsets are into `uri`. */
export function checkUri(uri: string): ItemScan | PwidErr {
  const st = createScanner(uri, 'source');
  st.uriPercent = uri.indexOf('%') !== -1;
  return checkUriAt(st, 0, uri);
}

/**
 * URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ], written in the scanner's input from `start`
 * to its end (scanning the PWID itself, not a slice of it, is faster). Offsets are into `uri`.
 */
function checkUriAt(st: Scanner, start: number, uri: string): ItemScan | PwidErr {
  st.uriStart = start;
  st.pointer = start;
  st.hostStart = start;
  st.hostEnd = start;
  const e = scheme(st) ?? hierPart(st) ?? path(st) ?? queryAndFragment(st);
  if (e !== null) return e;
  return {
    uri,
    schemeEnd: st.schemeEnd - start,
    hostStart: st.hostStart - start,
    hostEnd: st.hostEnd - start,
    pathEnd: st.pathEnd - start,
    schemeOrHostUpper: st.schemeOrHostUpper,
    percent: st.uriPercent,
  };
}

/** scheme ":", scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
function scheme(st: Scanner): PwidErr | null {
  const { input: s, uriStart: start } = st;
  if (!isAlpha(s.charCodeAt(start))) return err('uri-scheme', 'the archived URI starts with a scheme (a letter)', 0);
  let up = s.charCodeAt(start) < 97;
  let i = start + 1;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!hasClass(c, SCHEME)) break;
    if (c <= 90 && c >= 65) up = true;
  }
  if (s.charCodeAt(i) !== COLON) {
    return err('uri-scheme', 'the scheme of the archived URI is letters, digits, "+", "-", "." then ":"', i - start);
  }
  st.schemeEnd = i;
  st.schemeOrHostUpper = up;
  st.pointer = i + 1;
  st.hostStart = i + 1;
  st.hostEnd = i + 1;
  return null;
}

/** hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty: the authority, if any. */
function hierPart(st: Scanner): PwidErr | null {
  const { input: s, pointer } = st;
  if (s.charCodeAt(pointer) !== SLASH || s.charCodeAt(pointer + 1) !== SLASH) return null;
  st.pointer = pointer + 2;
  return plainAuthority(st) ? null : authority(st);
}

/**
 * The common authority, a reg-name host of plain characters and an optional port, read in one pass:
 * true when the authority is that (and it has been read), false to read it with `authority`.
 */
function plainAuthority(st: Scanner): boolean {
  const { input: s, pointer } = st;
  const n = s.length;
  let h = pointer;
  let c = 0;
  let up = false;
  for (; h < n; h++) {
    c = s.charCodeAt(h);
    if (!hasClass(c, REG_NAME)) break;
    if (c <= 90 && c >= 65) up = true;
  }
  let end = h;
  if (h < n && c === COLON) {
    end = h + 1;
    while (end < n && isDigit(s.charCodeAt(end))) end++;
  }
  const stop = end < n ? s.charCodeAt(end) : SLASH;
  if (stop !== SLASH && stop !== QUESTION && stop !== HASH) return false;
  if (up) st.schemeOrHostUpper = true;
  st.hostStart = pointer;
  st.hostEnd = h;
  st.pointer = end;
  return true;
}

/** authority = [ userinfo "@" ] host [ ":" port ], up to the first "/", "?" or "#". */
function authority(st: Scanner): PwidErr | null {
  const { input: s } = st;
  let end = st.pointer;
  let at = -1;
  for (; end < s.length; end++) {
    const c = s.charCodeAt(end);
    if (c === SLASH || c === QUESTION || c === HASH) break;
    if (c === AT && at < 0) at = end;
  }
  const e = userinfo(st, at) ?? host(st, end) ?? port(st, end);
  if (e !== null) return e;
  st.pointer = end;
  return null;
}

/** [ userinfo "@" ], userinfo = *( unreserved / pct-encoded / sub-delims / ":" ); `at` is the "@" or -1. */
function userinfo(st: Scanner, at: number): PwidErr | null {
  if (at < 0) return null;
  const bad = scanChars(st.input, st.pointer, at, USERINFO);
  if (bad >= 0) return charError(st.input, bad, 'userinfo', st.uriStart);
  st.pointer = at + 1;
  return null;
}

/** host = IP-literal / IPv4address / reg-name, before `end`. */
function host(st: Scanner, end: number): PwidErr | null {
  st.hostStart = st.pointer;
  return st.input.charCodeAt(st.pointer) === LBRACKET ? ipLiteral(st, end) : regName(st, end);
}

/** IP-literal = "[" ( IPv6address / IPvFuture ) "]" */
function ipLiteral(st: Scanner, end: number): PwidErr | null {
  const { input: s, uriStart: start } = st;
  const i = st.pointer;
  const close = s.indexOf(']', i);
  if (close < 0 || close >= end) return err('uri-host', 'an IP-literal host is closed by "]"', i - start);
  if (!isIpLiteral(s, i + 1, close)) {
    return err('uri-host', 'the IP-literal host is not an IPv6 address nor an IPvFuture', i + 1 - start);
  }
  for (let k = i + 1; k < close; k++) {
    const c = s.charCodeAt(k);
    if (c <= 90 && c >= 65) st.schemeOrHostUpper = true;
  }
  st.hostEnd = close + 1;
  st.pointer = close + 1;
  if (close + 1 < end && s.charCodeAt(close + 1) !== COLON) {
    return err('uri-host', 'an IP-literal host ends at "]"', close + 1 - start);
  }
  return null;
}

/** reg-name = *( unreserved / pct-encoded / sub-delims ); IPv4address is a reg-name too. */
function regName(st: Scanner, end: number): PwidErr | null {
  const { input: s } = st;
  let h = st.pointer;
  for (; h < end; h++) {
    const c = s.charCodeAt(h);
    if (hasClass(c, REG_NAME)) {
      if (c <= 90 && c >= 65) st.schemeOrHostUpper = true;
      continue;
    }
    if (c === COLON) break;
    if (c === PERCENT && h + 2 < end && isHex(s.charCodeAt(h + 1)) && isHex(s.charCodeAt(h + 2))) {
      h += 2;
      continue;
    }
    // the first bad character before the port's ":" (a later ":" ends the host all the same)
    let colon = h + 1;
    while (colon < end && s.charCodeAt(colon) !== COLON) colon++;
    return charError(s, scanChars(s, st.pointer, colon, REG_NAME), 'host', st.uriStart);
  }
  st.hostEnd = h;
  st.pointer = h;
  return null;
}

/** [ ":" port ], port = *DIGIT, before `end`. */
function port(st: Scanner, end: number): PwidErr | null {
  for (let p = st.pointer + 1; p < end; p++) {
    if (!isDigit(st.input.charCodeAt(p))) return err('uri-port', 'the port is digits', p - st.uriStart);
  }
  return null;
}

/** The path, whichever hier-part form it is: *( pchar / "/" ). */
function path(st: Scanner): PwidErr | null {
  const { input: s } = st;
  let j = st.pointer;
  for (; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (hasClass(c, PATH)) continue;
    if (c === QUESTION || c === HASH) break;
    if (c === PERCENT && isEscape(s, j)) {
      j += 2;
      continue;
    }
    return charError(s, j, 'path', st.uriStart);
  }
  st.pathEnd = j;
  st.pointer = j;
  return null;
}

/** [ "?" query ] [ "#" fragment ], query = fragment = *( pchar / "/" / "?" ), to the end. */
function queryAndFragment(st: Scanner): PwidErr | null {
  const { input: s } = st;
  let j = st.pointer;
  if (j >= s.length) return null;
  let inFragment = s.charCodeAt(j) === HASH;
  for (j++; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (hasClass(c, QUERY)) continue;
    if (c === PERCENT && isEscape(s, j)) {
      j += 2;
      continue;
    }
    if (c === HASH && !inFragment) {
      inFragment = true;
      continue;
    }
    return charError(s, j, inFragment ? 'fragment' : 'query', st.uriStart);
  }
  st.pointer = j;
  return null;
}

function isEscape(s: string, i: number): boolean {
  return i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2));
}

/** The error for the character at `i` of `s`, where the URI starts at `start`. */
function charError(s: string, i: number, where: string, start: number): PwidErr {
  const c = s.charCodeAt(i);
  if (c === PERCENT) return err('pct-encoded', 'a percent-escape is "%" followed by two hex digits', i - start);
  return err('uri-character', `${JSON.stringify(s[i])} is not allowed in the ${where} of the archived URI`, i - start);
}

const isUserinfoChar = (c: number): boolean => hasClass(c, USERINFO);

/** The index of the first character in [from, to) that is neither in the classes `bits` nor a valid escape, or -1. */
function scanChars(s: string, from: number, to: number, bits: number): number {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (hasClass(c, bits)) continue;
    if (c === PERCENT && i + 2 < to && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    return i;
  }
  return -1;
}

/** IPv6address / IPvFuture (RFC 3986 §3.2.2) between `from` and `to`. */
function isIpLiteral(s: string, from: number, to: number): boolean {
  const c = s.charCodeAt(from);
  if (c === 118 || c === 86) {
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    let i = from + 1;
    while (i < to && isHex(s.charCodeAt(i))) i++;
    if (i === from + 1 || s.charCodeAt(i) !== DOT || i + 1 >= to) return false;
    for (i++; i < to; i++) if (!isUserinfoChar(s.charCodeAt(i))) return false;
    return true;
  }
  return isIpv6(s, from, to);
}

/** IPv6address (RFC 3986 §3.2.2, RFC 4291 §2.2): 8 groups, one "::" standing for one or more, optional IPv4 tail. */
export function isIpv6(s: string, from: number, to: number): boolean {
  let groups = 0;
  let compressed = false;
  let i = from;
  if (s.charCodeAt(i) === COLON) {
    if (s.charCodeAt(i + 1) !== COLON) return false;
    compressed = true;
    i += 2;
    if (i === to) return true;
  }
  while (i < to) {
    const start = i;
    while (i < to && i - start < 5 && isHex(s.charCodeAt(i))) i++;
    const len = i - start;
    if (s.charCodeAt(i) === DOT) {
      // ls32 may be an IPv4address: it counts as two groups and ends the address
      if (!isIpv4(s, start, to)) return false;
      groups += 2;
      i = to;
      break;
    }
    if (len === 0 || len > 4) return false;
    groups++;
    if (i === to) break;
    if (s.charCodeAt(i) !== COLON) return false;
    i++;
    if (s.charCodeAt(i) === COLON) {
      if (compressed) return false;
      compressed = true;
      i++;
      if (i === to) break;
    } else if (i === to) return false;
  }
  return compressed ? groups <= 7 : groups === 8;
}

/** IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet (no leading zeros). */
function isIpv4(s: string, from: number, to: number): boolean {
  let i = from;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (s.charCodeAt(i) !== DOT) return false;
      i++;
    }
    const start = i;
    let v = 0;
    while (i < to && i - start < 3 && isDigit(s.charCodeAt(i))) v = v * 10 + s.charCodeAt(i++) - 48;
    const len = i - start;
    if (len === 0 || v > 255 || (len > 1 && s.charCodeAt(start) === 48)) return false;
  }
  return i === to;
}

/** Encode a URI as a draft-07 uri-string: "%", "[", "]", "?", "#" become escapes. */
export function encodeUriString(uri: string): string {
  let first = -1;
  let count = 0;
  for (let i = 0; i < uri.length; i++) {
    if (isEncoded(uri.charCodeAt(i))) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return uri;
  if (count <= FEW_CHANGES) {
    let out = '';
    let last = 0;
    for (let i = first; i < uri.length; i++) {
      const c = uri.charCodeAt(i);
      if (!isEncoded(c)) continue;
      out += uri.slice(last, i) + (ENCODED[uri[i] as string] as string);
      last = i + 1;
    }
    return out + uri.slice(last);
  }
  const out = new Uint16Array(first + (uri.length - first) * 3);
  for (let k = 0; k < first; k++) out[k] = uri.charCodeAt(k);
  let o = first;
  for (let i = first; i < uri.length; i++) {
    const c = uri.charCodeAt(i);
    const hex = ENCODED_CODE[c];
    if (hex === undefined) {
      out[o++] = c;
    } else {
      out[o++] = PERCENT;
      out[o++] = hex[0] as number;
      out[o++] = hex[1] as number;
    }
  }
  return codesToString(out, o);
}

/** A string of the first `length` UTF-16 code units of `buf`, converted in chunks (linear, no deep ropes). */
export function codesToString(buf: Uint16Array, length: number): string {
  if (length <= 128) {
    let short = '';
    for (let i = 0; i < length; i++) short += String.fromCharCode(buf[i] as number);
    return short;
  }
  let s = '';
  for (let i = 0; i < length; i += 8192) {
    // `apply` reads only `length` and the indices of its array-like: the code units go in without a copy (a spread
    // is several times slower). Typed `number[]` because that is what lib.d.ts declares `apply` to take.
    const units: ArrayLike<number> = buf.subarray(i, Math.min(i + 8192, length));
    s += String.fromCharCode.apply(null, units as number[]);
  }
  return s;
}
