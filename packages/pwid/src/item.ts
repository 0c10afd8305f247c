import { type Err, err, type Profile } from '@pidgate/core';
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

/**
 * draft-07 `uri-string`: an RFC 3986 `URI` in which "[", "]", "?", "#" and "%" are %-encoded.
 * This module turns a uri-string into the URI it names and back, and validates the URI.
 */
const PART = 'archived-item-id';
const fail = (code: string, message: string, offset: number): Err => err(code, message, offset, PART);

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
const FEW_CHANGES = 16;

function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

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
  /**
   * The URI is its own normalized uri-string: no upper case in its scheme or host, and none of "%", "?",
   * "#", "[", "]" (so nothing to decode, re-case or encode).
   */
  readonly clean: boolean;
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
 * Decode a uri-string into its URI and validate it against RFC 3986 `URI`.
 * `source` reads older items too: a URI written as itself (2017 drafts: `archived-item = URI`),
 * with literal "?", "#", "[", "]" and its own %-escapes. Where both readings apply, draft-07 wins:
 * `%3F` is "?". `modern` accepts only the draft-07 encoding. `pwid`, when given, is the whole PWID:
 * `item` is `pwid.slice(base)`.
 */
export function scanUriString(item: string, base: number, profile: Profile, pwid?: string): ItemScan | Err {
  let decode = 0; // how many escapes stand for one of the five encoded characters
  // source reads "?", "#", "[", "]" as themselves: with no "%" there is nothing to decode or refuse
  const from = profile === 'modern' ? 0 : item.indexOf('%');
  for (let i = from < 0 ? item.length : from; i < item.length; i++) {
    const c = item.charCodeAt(i);
    if (c === PERCENT) {
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
  // nothing decoded: validate the item where it is written in the PWID (`item` is a slice of it)
  const uri = decode === 0 ? item : decodeItem(item, decode);
  const checked = decode === 0 && pwid !== undefined ? checkUriAt(pwid, base, item) : checkUri(uri);
  if (typeof checked === 'object' && 'ok' in checked) {
    const e = checked.error;
    const at = e.offset === null ? null : base + (uri === item ? e.offset : itemOffset(item, e.offset));
    return err(e.code, e.message, at, PART);
  }
  return checked;
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
export function checkUri(uri: string): ItemScan | Err {
  return checkUriAt(uri, 0, uri);
}

/**
 * `checkUri` of `uri`, which is written in `s` from `start` to its end (scanning `s` itself, not a slice
 * of it, is faster). Offsets, in the result and in errors, are into `uri`.
 */
function checkUriAt(s: string, start: number, uri: string): ItemScan | Err {
  const n = s.length;
  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  const c0 = s.charCodeAt(start);
  if (!isAlpha(c0)) return err('uri-scheme', 'the archived URI starts with a scheme (a letter)', 0);
  // clean: no upper case in scheme or host, and none of "%", "?", "#", "[", "]" (see ItemScan)
  let clean = c0 >= 97;
  let i = start + 1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (!hasClass(c, SCHEME)) break;
    if (c <= 90 && c >= 65) clean = false;
  }
  if (s.charCodeAt(i) !== COLON) {
    return err('uri-scheme', 'the scheme of the archived URI is letters, digits, "+", "-", "." then ":"', i - start);
  }
  const schemeEnd = i;
  i++;
  let hostStart = i;
  let hostEnd = i;
  // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
  if (s.charCodeAt(i) === SLASH && s.charCodeAt(i + 1) === SLASH) {
    i += 2;
    // the common authority, a reg-name host of plain characters and an optional port, in one pass
    let h = i;
    let c = 0;
    for (; h < n; h++) {
      c = s.charCodeAt(h);
      if (!hasClass(c, REG_NAME)) break;
      if (c <= 90 && c >= 65) clean = false;
    }
    let end = h;
    if (h < n && c === COLON) {
      end = h + 1;
      while (end < n && isDigit(s.charCodeAt(end))) end++;
    }
    const stop = end < n ? s.charCodeAt(end) : SLASH;
    if (stop === SLASH || stop === QUESTION || stop === HASH) {
      hostStart = i;
      hostEnd = h;
      i = end;
    } else {
      const e = checkAuthority(s, start, i);
      if (typeof e === 'object') return e;
      hostStart = authorityHostStart;
      hostEnd = authorityHostEnd;
      if (!authorityClean) clean = false;
      i = e;
    }
  }
  return checkPathQuery(s, start, i, uri, schemeEnd, hostStart, hostEnd, clean);
}

// What the last successful checkAuthority call saw besides the authority's end (module state, no allocation).
let authorityHostStart = 0;
let authorityHostEnd = 0;
let authorityClean = true;

/** authority = [ userinfo "@" ] host [ ":" port ], from `i` of `s` (the URI starts at `start`): its end, or an error. */
function checkAuthority(s: string, start: number, i: number): number | Err {
  const n = s.length;
  let clean = true;
  let hostEnd: number;
  let end = i;
  let at = -1;
  for (; end < n; end++) {
    const c = s.charCodeAt(end);
    if (c === SLASH || c === QUESTION || c === HASH) break;
    if (c === AT && at < 0) at = end;
  }
  // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
  if (at >= 0) {
    clean = false; // it may hold escapes (rare enough not to look)
    const bad = scanChars(s, i, at, USERINFO);
    if (bad >= 0) return charError(s, bad, 'userinfo', start);
    i = at + 1;
  }
  const hostStart = i;
  if (s.charCodeAt(i) === LBRACKET) {
    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    clean = false;
    const close = s.indexOf(']', i);
    if (close < 0 || close >= end) return err('uri-host', 'an IP-literal host is closed by "]"', i - start);
    if (!isIpLiteral(s, i + 1, close)) {
      return err('uri-host', 'the IP-literal host is not an IPv6 address nor an IPvFuture', i + 1 - start);
    }
    i = close + 1;
    hostEnd = i;
    if (i < end && s.charCodeAt(i) !== COLON) return err('uri-host', 'an IP-literal host ends at "]"', i - start);
  } else {
    // reg-name = *( unreserved / pct-encoded / sub-delims ); IPv4address is a reg-name too
    let h = i;
    for (; h < end; h++) {
      const c = s.charCodeAt(h);
      if (hasClass(c, REG_NAME)) {
        if (c <= 90 && c >= 65) clean = false;
        continue;
      }
      if (c === COLON) break;
      if (c === PERCENT && h + 2 < end && isHex(s.charCodeAt(h + 1)) && isHex(s.charCodeAt(h + 2))) {
        clean = false;
        h += 2;
        continue;
      }
      // the first bad character before the port's ":" (a later ":" ends the host all the same)
      let colon = h + 1;
      while (colon < end && s.charCodeAt(colon) !== COLON) colon++;
      return charError(s, scanChars(s, i, colon, REG_NAME), 'host', start);
    }
    i = h;
    hostEnd = h;
  }
  // port = *DIGIT
  if (i < end) {
    for (let p = i + 1; p < end; p++) {
      if (!isDigit(s.charCodeAt(p))) return err('uri-port', 'the port is digits', p - start);
    }
  }
  authorityHostEnd = hostEnd;
  authorityHostStart = hostStart;
  authorityClean = clean;
  return end;
}

/** path, query and fragment of a URI from `i` of `s` (the URI starts at `start`), then the scan's result. */
function checkPathQuery(
  s: string,
  start: number,
  i: number,
  uri: string,
  schemeEnd: number,
  hostStart: number,
  hostEnd: number,
  clean: boolean,
): ItemScan | Err {
  const n = s.length;
  // path: *( pchar / "/" )
  let j = i;
  for (; j < n; j++) {
    const c = s.charCodeAt(j);
    if (hasClass(c, PATH)) continue;
    if (c === QUESTION || c === HASH) break;
    if (c === PERCENT && isEscape(s, j)) {
      clean = false;
      j += 2;
      continue;
    }
    return charError(s, j, 'path', start);
  }
  // query = *( pchar / "/" / "?" ), fragment = *( pchar / "/" / "?" )
  let inFragment = false;
  if (j < n) {
    clean = false;
    inFragment = s.charCodeAt(j) === HASH;
    for (j++; j < n; j++) {
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
      return charError(s, j, inFragment ? 'fragment' : 'query', start);
    }
  }
  return { uri, schemeEnd: schemeEnd - start, hostStart: hostStart - start, hostEnd: hostEnd - start, clean };
}

function isEscape(s: string, i: number): boolean {
  return i + 2 < s.length && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2));
}

/** The error for the character at `i` of `s`, where the URI starts at `start`. */
function charError(s: string, i: number, where: string, start: number): Err {
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
    s += String.fromCharCode.apply(null, buf.subarray(i, Math.min(i + 8192, length)) as unknown as number[]);
  }
  return s;
}

function upperHexEscapes(s: string): string {
  let first = -1;
  let count = 0;
  for (let i = s.indexOf('%'); i !== -1; i = s.indexOf('%', i + 3)) {
    if (isLowerHex(s.charCodeAt(i + 1)) || isLowerHex(s.charCodeAt(i + 2))) {
      if (first < 0) first = i;
      count++;
    }
  }
  if (first < 0) return s;
  if (count <= FEW_CHANGES) {
    let out = '';
    let last = 0;
    for (let i = first; i !== -1; i = s.indexOf('%', i + 3)) {
      if (!isLowerHex(s.charCodeAt(i + 1)) && !isLowerHex(s.charCodeAt(i + 2))) continue;
      out += s.slice(last, i + 1) + s.slice(i + 1, i + 3).toUpperCase();
      last = i + 3;
    }
    return out + s.slice(last);
  }
  const out = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  for (let i = first; i !== -1; i = s.indexOf('%', i + 3)) {
    if (isLowerHex(out[i + 1] as number)) out[i + 1] = (out[i + 1] as number) - 32;
    if (isLowerHex(out[i + 2] as number)) out[i + 2] = (out[i + 2] as number) - 32;
  }
  return codesToString(out, s.length);
}

const isLowerHex = (c: number): boolean => c >= 97 && c <= 102;

function hasUpper(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/**
 * RFC 3986 §6.2.2 case normalization of the URI: scheme and host lowercased, %-escape hex uppercased;
 * userinfo, port, path, query and fragment kept as they are.
 */
export function normalizeUri(scan: ItemScan): string {
  const { uri, schemeEnd, hostStart, hostEnd } = scan;
  let out = uri;
  if (hasUpper(uri, 0, schemeEnd) || hasUpper(uri, hostStart, hostEnd)) {
    out =
      uri.slice(0, schemeEnd).toLowerCase() +
      uri.slice(schemeEnd, hostStart) +
      uri.slice(hostStart, hostEnd).toLowerCase() +
      uri.slice(hostEnd);
  }
  return upperHexEscapes(out);
}

/** The normalized uri-string of an item: its URI case-normalized, then encoded by the draft-07 rule. */
export function normalizeUriString(scan: ItemScan): string {
  return scan.clean ? scan.uri : encodeUriString(normalizeUri(scan));
}
