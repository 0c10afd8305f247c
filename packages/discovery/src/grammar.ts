/**
 * Character classes and small scanners shared by natab, the registry, Maptr and the server.
 * No regular expressions: char-code loops, linear in the input.
 */
import { isAlpha, isDigit, isHexCode } from '@pidgate/core';

export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const HASH = 35;
export const HYPHEN = 45;
export const DOT = 46;
export const SLASH = 47;
export const COLON = 58;
export const OPEN_BRACKET = 91;
export const CLOSE_BRACKET = 93;

// DIGIT and ALPHA are the toolkit's (one definition for every package).
export { isAlpha, isDigit };

export function isWhitespace(c: number): boolean {
  return c === SPACE || c === TAB;
}

/** The betanumeric alphabet of NAANs and NOIDs: `0-9bcdfghjkmnpqrstvwxz` (either case on input). */
const BETANUMERIC = new Uint8Array(128);
for (const ch of '0123456789bcdfghjkmnpqrstvwxzBCDFGHJKMNPQRSTVWXZ') BETANUMERIC[ch.charCodeAt(0)] = 1;

export function isBetanumeric(c: number): boolean {
  return c < 128 && BETANUMERIC[c] === 1;
}

/** The longest NAAN we accept: one DNS label (Maptr queries `NAAN.ark.arpa`). */
export const MAX_NAAN_LENGTH = 63;

/**
 * Index of the first character that cannot be in a NAAN (betanumeric, 1..63 characters),
 * -1 when `s` is a NAAN, or `s.length` when it is empty or too long.
 */
export function findBadNaanChar(s: string): number {
  if (s.length === 0 || s.length > MAX_NAAN_LENGTH) return s.length === 0 ? 0 : MAX_NAAN_LENGTH;
  for (let i = 0; i < s.length; i++) if (!isBetanumeric(s.charCodeAt(i))) return i;
  return -1;
}

/** NAANs compare lowercased (draft-42 normalization; draft-09 NAANs are digits, unchanged). */
export function normalizeNaan(naan: string): string {
  return naan.toLowerCase();
}

/**
 * Characters of a shoulder in a registry `what` (`NAAN/shoulder`): the ARK name characters of both
 * profiles, letters, digits and `= # * + @ _ $ ~`, plus the reserved `% - . /` except `/`.
 */
export function isShoulderCode(c: number): boolean {
  return (
    isAlpha(c) ||
    isDigit(c) ||
    c === 61 || // =
    c === 35 || // #
    c === 42 || // *
    c === 43 || // +
    c === 64 || // @
    c === 95 || // _
    c === 36 || // $
    c === 126 || // ~
    c === 37 || // %
    c === HYPHEN ||
    c === DOT
  );
}

/** LDH: letters, digits, hyphen (RFC 1123 host names). */
function isLdh(c: number): boolean {
  return isAlpha(c) || isDigit(c) || c === HYPHEN;
}

/** A host name: dot-separated LDH labels of 1..63 characters, not starting or ending with "-", at most 253 in all. */
export function isHostName(name: string): boolean {
  // one trailing dot (an absolute name) is allowed
  const s = name.length > 1 && name.charCodeAt(name.length - 1) === DOT ? name.slice(0, -1) : name;
  if (s.length === 0 || s.length > 253) return false;
  let labelStart = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i === s.length ? DOT : s.charCodeAt(i);
    if (c !== DOT) {
      if (!isLdh(c)) return false;
      continue;
    }
    const len = i - labelStart;
    if (len === 0 || len > 63) return false;
    if (s.charCodeAt(labelStart) === HYPHEN || s.charCodeAt(i - 1) === HYPHEN) return false;
    labelStart = i + 1;
  }
  return true;
}

function isIpv6Literal(s: string): boolean {
  if (s.length < 2 || s.length > 45) return false;
  let colons = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === COLON) colons++;
    else if (!(isHexCode(c) || c === DOT)) return false;
  }
  return colons >= 2;
}

export interface HostPort {
  readonly host: string;
  readonly port: number | null;
}

/**
 * Split and check a hostport (`host [":" port]`, `[v6]:port`), as in the NMAH of draft-09 §2.1.
 * Returns null when it is not one.
 */
export function parseHostPort(s: string): HostPort | null {
  let host: string;
  let rest: string;
  if (s.charCodeAt(0) === OPEN_BRACKET) {
    const close = s.indexOf(']');
    if (close === -1) return null;
    host = s.slice(1, close);
    if (!isIpv6Literal(host)) return null;
    rest = s.slice(close + 1);
    if (rest !== '' && rest.charCodeAt(0) !== COLON) return null;
  } else {
    const colon = s.indexOf(':');
    host = colon === -1 ? s : s.slice(0, colon);
    rest = colon === -1 ? '' : s.slice(colon);
    if (!isHostName(host)) return null;
  }
  if (rest === '') return { host, port: null };
  const digits = rest.slice(1);
  if (digits.length === 0 || digits.length > 5) return null;
  for (let i = 0; i < digits.length; i++) if (!isDigit(digits.charCodeAt(i))) return null;
  const port = Number(digits);
  if (port < 1 || port > 65535) return null;
  return { host, port };
}

/** Split text into lines at LF, CRLF or CR, each with the offset of its first character. */
export function* lines(text: string): Generator<{ line: string; offset: number; number: number }> {
  let start = 0;
  let number = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) {
      yield { line: text.slice(start, i), offset: start, number };
      if (c === CR && text.charCodeAt(i + 1) === LF) i++;
      start = i + 1;
      number++;
    }
  }
  if (start < text.length) yield { line: text.slice(start), offset: start, number };
}

/** Split on runs of spaces, tabs and line breaks, dropping empty tokens (like `split(/\s+/)` after trim). */
export function splitWhitespace(s: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const c = i === s.length ? SPACE : s.charCodeAt(i);
    const ws = c === SPACE || c === TAB || c === LF || c === CR || c === 11 || c === 12;
    if (ws) {
      if (start !== -1) tokens.push(s.slice(start, i));
      start = -1;
    } else if (start === -1) start = i;
  }
  return tokens;
}
