import {
  type Err,
  err,
  isHexCode,
  type PidError,
  type Result,
  type SchemeOptions,
  shiftError,
  upperEscapes,
} from '@pidgate/core';
import type { UrnErrorCode } from './codes.ts';
import { COLON, EQUALS, HASH, HYPHEN, isAlphanum, isPchar, PERCENT, PLUS, QUESTION, SLASH } from './grammar.ts';
import { NAMESPACES } from './namespaces/index.ts';
import type { UrnNamespace } from './namespaces/types.ts';
import { findResolverPrefix, urnFromResolverUrl } from './resolvers.ts';

/** A URN as written (RFC 8141 §2): the parts, not normalized. */
export interface UrnComponents {
  readonly nid: string;
  readonly nss: string;
  /** r-component, without its `?+`; null when absent. */
  readonly rComponent: string | null;
  /** q-component, without its `?=`; null when absent. */
  readonly qComponent: string | null;
  /** f-component, without its `#`; null when absent. */
  readonly fComponent: string | null;
  /** The URL before the URN when it was read from a resolver URL (`https://nbn-resolving.org/`); else absent. */
  readonly resolver?: string;
}

type Stop = (s: string, c: number, i: number) => boolean;

/**
 * Scan `pchar / "/" [/ "?"]` characters from `start` until `stop` says so.
 * Returns the end index, or an error at the first character that is not allowed.
 */
function scan(
  s: string,
  start: number,
  stop: Stop,
  allowQuestion: boolean,
  code: UrnErrorCode,
  what: string,
): number | Err<PidError<UrnErrorCode>> {
  let i = start;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (stop(s, c, i)) break;
    if (isPchar(c) || c === SLASH || (allowQuestion && c === QUESTION)) continue;
    if (c === PERCENT) {
      if (i + 2 >= s.length || !isHexCode(s.charCodeAt(i + 1)) || !isHexCode(s.charCodeAt(i + 2))) {
        return err('pct-encoded', 'a percent-escape must be "%" followed by two hex digits', i);
      }
      i += 2;
      continue;
    }
    return err(code, `character ${JSON.stringify(s[i])} is not allowed in the ${what}`, i);
  }
  return i;
}

/** `scan` specialized for the NSS (the hot path): `pchar / "/"` up to "?" or "#". */
function scanNss(s: string, start: number): number | Err<PidError<UrnErrorCode>> {
  let i = start;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isPchar(c) || c === SLASH) continue;
    if (c === QUESTION || c === HASH) break;
    if (c === PERCENT) {
      if (i + 2 >= s.length || !isHexCode(s.charCodeAt(i + 1)) || !isHexCode(s.charCodeAt(i + 2))) {
        return err('pct-encoded', 'a percent-escape must be "%" followed by two hex digits', i);
      }
      i += 2;
      continue;
    }
    return err('nss-character', `character ${JSON.stringify(s[i])} is not allowed in the NSS`, i);
  }
  return i;
}

const atQStartOrHash: Stop = (s, c, i) =>
  c === HASH || (c === QUESTION && i + 1 < s.length && s.charCodeAt(i + 1) === EQUALS);
const isHash: Stop = (_s, c) => c === HASH;
const never: Stop = () => false;

/** The URN's parts when it has nothing after the NSS (the common case): one object, one shape. */
function assignedName(nid: string, nss: string): UrnComponents {
  return { nid, nss, rComponent: null, qComponent: null, fComponent: null };
}

/** "urn:" in any case. */
function hasUrnLabel(s: string): boolean {
  return (
    s.length >= 4 &&
    (s.charCodeAt(0) | 0x20) === 117 && // "u" / "U"
    (s.charCodeAt(1) | 0x20) === 114 && // "r" / "R"
    (s.charCodeAt(2) | 0x20) === 110 && // "n" / "N"
    s.charCodeAt(3) === COLON
  );
}

/** NID = (alphanum) 0*30(ldh) (alphanum), then ":". Returns the index of that ":", or the error. */
function scanNid(s: string): number | Err<PidError<UrnErrorCode>> {
  const nidStart = 4;
  const n = s.length;
  let i = nidStart;
  for (; i < n && i - nidStart <= 32; i++) {
    const c = s.charCodeAt(i);
    if (c === COLON) break;
    if (!isAlphanum(c) && c !== HYPHEN)
      return err('nid-character', 'the NID holds only letters, digits and hyphens', i);
  }
  const nidLength = i - nidStart;
  if (nidLength > 32) return err('nid-length', 'the NID is at most 32 characters long', nidStart + 32);
  if (i >= n || s.charCodeAt(i) !== COLON) {
    return err('nid-unterminated', 'the NID must be followed by ":" and the NSS', i);
  }
  if (nidLength < 2) return err('nid-length', 'the NID is at least 2 characters long', nidStart);
  if (s.charCodeAt(nidStart) === HYPHEN) return err('nid-hyphen', 'the NID cannot start with a hyphen', nidStart);
  if (s.charCodeAt(i - 1) === HYPHEN) return err('nid-hyphen', 'the NID cannot end with a hyphen', i - 1);
  return i;
}

/** NSS = pchar *(pchar / "/"), from `nssStart`. Returns its end, or the error. */
function scanNssPart(s: string, nssStart: number): number | Err<PidError<UrnErrorCode>> {
  if (nssStart >= s.length) return err('nss-empty', 'the NSS is empty', nssStart);
  const first = s.charCodeAt(nssStart);
  if (first === QUESTION || first === HASH) return err('nss-empty', 'the NSS is empty', nssStart);
  if (first === SLASH) return err('nss-leading-slash', 'the NSS cannot start with "/"', nssStart);
  return scanNss(s, nssStart);
}

/**
 * What follows the NSS at `i` (< s.length): rq-components = [ "?+" r-component ] [ "?=" q-component ],
 * then [ "#" f-component ]. Every read is inside the string.
 */
function parseComponents(
  s: string,
  nid: string,
  nss: string,
  from: number,
): Result<UrnComponents, PidError<UrnErrorCode>> {
  const n = s.length;
  let i = from;
  let rComponent: string | null = null;
  let qComponent: string | null = null;
  let fComponent: string | null = null;
  if (i + 1 < n && s.charCodeAt(i) === QUESTION && s.charCodeAt(i + 1) === PLUS) {
    const start = i + 2;
    if (start >= n || atQStartOrHash(s, s.charCodeAt(start), start)) {
      return err('r-component-empty', 'an r-component follows "?+" and is not empty', start);
    }
    const first = s.charCodeAt(start);
    if (first === SLASH || first === QUESTION) {
      return err('r-component-start', 'an r-component begins with a pchar, not "/" or "?"', start);
    }
    const end = scan(s, start, atQStartOrHash, true, 'r-component-character', 'r-component');
    if (typeof end !== 'number') return end;
    rComponent = s.slice(start, end);
    i = end;
  }
  if (i + 1 < n && s.charCodeAt(i) === QUESTION && s.charCodeAt(i + 1) === EQUALS) {
    const start = i + 2;
    if (start >= n || s.charCodeAt(start) === HASH) {
      return err('q-component-empty', 'a q-component follows "?=" and is not empty', start);
    }
    const first = s.charCodeAt(start);
    if (first === SLASH || first === QUESTION) {
      return err('q-component-start', 'a q-component begins with a pchar, not "/" or "?"', start);
    }
    const end = scan(s, start, isHash, true, 'q-component-character', 'q-component');
    if (typeof end !== 'number') return end;
    qComponent = s.slice(start, end);
    i = end;
  }
  if (i < n && s.charCodeAt(i) === QUESTION) {
    return err('bare-question-mark', 'a "?" after the NSS must start "?+" (r-component) or "?=" (q-component)', i);
  }
  if (i < n && s.charCodeAt(i) === HASH) {
    const start = i + 1;
    const end = scan(s, start, never, true, 'f-component-character', 'f-component');
    if (typeof end !== 'number') return end;
    fComponent = s.slice(start, end);
  }
  return { ok: true, value: { nid, nss, rComponent, qComponent, fComponent } };
}

/**
 * Parse an RFC 8141 namestring, its syntax only: no namespace's rules, no resolver URL (`parseUrn` adds
 * them). Never throws; linear in the input's length.
 */
export function parseUrnSyntax(s: string): Result<UrnComponents, PidError<UrnErrorCode>> {
  if (!hasUrnLabel(s)) return err('urn-label', 'a URN starts with "urn:"', 0);
  const nidEnd = scanNid(s);
  if (typeof nidEnd !== 'number') return nidEnd;
  const nssEnd = scanNssPart(s, nidEnd + 1);
  if (typeof nssEnd !== 'number') return nssEnd;
  const nid = s.slice(4, nidEnd);
  const nss = s.slice(nidEnd + 1, nssEnd);
  if (nssEnd === s.length) return { ok: true, value: assignedName(nid, nss) };
  return parseComponents(s, nid, nss, nssEnd);
}

/** Does the string start with "urn:" (any case)? */
export function isUrnLabel(input: string): boolean {
  return (
    input.length >= 4 &&
    (input.charCodeAt(0) | 0x20) === 117 && // u
    (input.charCodeAt(1) | 0x20) === 114 && // r
    (input.charCodeAt(2) | 0x20) === 110 && // n
    input.charCodeAt(3) === 58
  );
}

/** Does the string hold an ASCII capital letter? (A NID is ASCII: letters, digits and hyphens.) */
function hasUpperAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/** A URN read with its namespace's rules: its parts, and the lexical forms its key is made of. */
export interface UrnReading {
  /** The URN as written: the input, or the URN a resolver URL carries. */
  readonly text: string;
  readonly components: UrnComponents;
  /** The NID in lower case. */
  readonly nid: string;
  /** The NSS, %-hex in upper case (RFC 8141 §3.1), in its namespace's lexical form where pidgate has its module. */
  readonly nss: string;
  /** The module of the NID, if pidgate has one. */
  readonly namespace: UrnNamespace | undefined;
}

/**
 * Read a URN, or a resolver URL that carries one: RFC 8141 first, then the module of the NID (a Map lookup
 * on the lower-cased NID) validates the NSS and gives its lexical form. Never throws; linear time.
 */
export function readUrn(input: string): Result<UrnReading, PidError<UrnErrorCode>> {
  let text = input;
  let shift = 0;
  let resolver: string | undefined;
  if (!isUrnLabel(input)) {
    const at = findResolverPrefix(input);
    if (at) {
      resolver = input.slice(0, at.prefixEnd);
      text = urnFromResolverUrl(input, at);
      shift = at.prefixEnd;
    }
  }
  const parsed = parseUrnSyntax(text);
  if (!parsed.ok) return shift === 0 ? parsed : shiftError(parsed, shift);
  const c = parsed.value;
  const nid = hasUpperAscii(c.nid) ? c.nid.toLowerCase() : c.nid;
  let nss = upperEscapes(c.nss);
  const namespace = NAMESPACES.get(nid);
  if (namespace) {
    const r = namespace.normalize(nss);
    if (!r.ok) return shiftError(r, shift + 5 + c.nid.length);
    nss = r.value;
  }
  const components: UrnComponents = resolver === undefined ? c : { ...c, resolver };
  return { ok: true, value: { text, components, nid, nss, namespace } };
}

/**
 * Parse a URN, or the URL of a public URN resolver that carries one, into its parts as written: RFC 8141
 * syntax, then the rules of the NID's namespace where pidgate has its module (an ISBN's check digit, a
 * UUID's form, …). Never throws; linear in the input's length. The URN rules are the same in both profiles.
 */
export function parseUrn(input: string, _options?: SchemeOptions): Result<UrnComponents, PidError<UrnErrorCode>> {
  const read = readUrn(input);
  return read.ok ? { ok: true, value: read.value.components } : read;
}
