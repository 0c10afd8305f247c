import { type Err, err, type PidError } from '@pidgate/core';
import type { ArkErrorCode } from './codes.ts';
import {
  BETANUMERIC,
  COLON,
  HASH,
  HOST_CHAR,
  HYPHEN,
  hasClass,
  isAlpha,
  isArkLabelAt,
  isDigit,
  isHex,
  isInert,
  isWhitespace,
  MODERN_CHAR,
  PCHAR,
  PERCENT,
  PERIOD,
  QUESTION,
  SCHEME_CHAR,
  SLASH,
  SOURCE_CHAR,
} from './grammar.ts';

/** What follows the ARK proper: nothing, one of the inflections, or (modern) a URI query. */
export const Tail = {
  None: 0,
  /** "?": a brief metadata record (§6). */
  Brief: 1,
  /** "??": metadata and a commitment statement (§6). */
  Support: 2,
  /** "?info": draft-42's inflection. */
  Info: 3,
  /** Any other "?..." (modern only: a URI query, dropped in normalization). */
  Query: 4,
} as const;
export type Tail = (typeof Tail)[keyof typeof Tail];

/** A scan error: one of `ARK_ERROR_CODES`. */
export type ArkErr = Err<PidError<ArkErrorCode>>;

/**
 * Where the parts of an ARK lie in the input: offsets only, so that normalization can run
 * without building a record. `[http://NMAH/]ark:[/]NAAN/Name[Qualifier][?inflection]`.
 */
export interface ArkSpans {
  readonly ok: true;
  /** Index of the "ark:" label (0 when there is no URL prefix). */
  labelStart: number;
  /** Index just after "ark:" or "ark:/". */
  labelEnd: number;
  /** The NMAH (hostport), or -1 when there is none. */
  hostStart: number;
  hostEnd: number;
  /** The NMAH written after the label, as in §2.6's `ark:sneezy.dopey.com/12025/...`. */
  labelHost: boolean;
  naanStart: number;
  naanEnd: number;
  /** Does the NAAN hold hyphens (§2.6: ignored; modern: U+2010..U+2015 and whitespace too), dropped in normalization? */
  naanInert: boolean;
  /** Name and Qualifier: from just after the NAAN's closing "/" up to the "?" or the end. */
  bodyStart: number;
  bodyEnd: number;
  /** The Name as written: its first non-structural character up to the next structural one. */
  nameStart: number;
  nameEnd: number;
  tail: Tail;
}

/**
 * The scanner's state for one call (whatwg-url style): the input, the profile, the position of the step
 * being run, and the spans found so far. Created by `scanArk` for each input; nothing is shared.
 */
interface ArkScan extends ArkSpans {
  readonly input: string;
  readonly modern: boolean;
  /** The position in `input` of the next character to read. */
  p: number;
}

function newScan(input: string, modern: boolean): ArkScan {
  return {
    ok: true,
    input,
    modern,
    p: 0,
    labelStart: 0,
    labelEnd: 0,
    hostStart: -1,
    hostEnd: -1,
    labelHost: false,
    naanStart: 0,
    naanEnd: 0,
    naanInert: false,
    bodyStart: 0,
    bodyEnd: 0,
    nameStart: 0,
    nameEnd: 0,
    tail: Tail.None,
  };
}

/**
 * Scan an ARK: the spans of its parts, or the first error. One pass over the input, one step per part of
 * `[scheme://NMAH[/path]/]ark:[/][NMAH/]NAAN/Name[Qualifier][inflection]`, each reading and advancing
 * the state created here. Validation only: normalization is `normalize.ts`'s.
 */
export function scanArk(input: string, modern: boolean): ArkSpans | ArkErr {
  const st = newScan(input, modern);
  return (
    urlPrefixStep(st) ??
    labelStep(st) ??
    labelHostStep(st) ??
    naanStep(st) ??
    nameStep(st) ??
    qualifierStep(st) ??
    inflectionStep(st) ??
    st
  );
}

function badEscape(s: string, i: number): boolean {
  return i + 2 >= s.length || !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2));
}

const pctError = (i: number): ArkErr => err('pct-encoded', 'a %-encoded octet is "%" followed by two hex digits', i);

/**
 * Where the NMAH starts: just after `scheme://` (RFC 3986 scheme), or 0 when the string starts with a
 * bare hostname and "/" (draft-42 §5.2's `n2t.net/ark:67531/metadc107835?info`, typed into a browser);
 * -1 when neither.
 */
function authorityStart(s: string): number {
  const n = s.length;
  if (n === 0 || !isAlpha(s.charCodeAt(0))) return bareHostEnd(s) > 0 ? 0 : -1;
  let i = 1;
  while (i < n && hasClass(s.charCodeAt(i), SCHEME_CHAR)) i++;
  if (i + 2 >= n || s.charCodeAt(i) !== 58 || s.charCodeAt(i + 1) !== SLASH || s.charCodeAt(i + 2) !== SLASH) {
    return bareHostEnd(s) > 0 ? 0 : -1;
  }
  return i + 3;
}

/**
 * The index of the "/" after a hostname that starts the string without a scheme (`n2t.net/...`), or -1:
 * a letter or digit (RFC 1123: a host name starts with one), then letters, digits, "-" and at least one
 * inner "." (so that `urn:...` or a lone word never passes), then an optional ":port". Where an ARK's
 * label may follow (`findLabelAfterPrefix`); `@pidgate/schemes` routes on it.
 */
export function bareHostEnd(s: string): number {
  const n = s.length;
  const first = s.charCodeAt(0);
  if (!isAlpha(first) && !isDigit(first)) return -1;
  let i = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === PERIOD) {
      if (i === 0 || s.charCodeAt(i - 1) === PERIOD) return -1;
      dot = true;
    } else if (!isAlpha(c) && !isDigit(c) && c !== HYPHEN) break;
  }
  if (!dot || s.charCodeAt(i - 1) === PERIOD) return -1;
  if (i < n && s.charCodeAt(i) === COLON) {
    const port = ++i;
    while (i < n && isDigit(s.charCodeAt(i))) i++;
    if (i === port) return -1;
  }
  return i < n && s.charCodeAt(i) === SLASH ? i : -1;
}

/**
 * Index of the "ark:" label after a URL prefix `scheme://host[/path]/`, or -1. No validation:
 * the label must start a path segment, before any "?" or "#".
 */
export function findLabelAfterPrefix(s: string): number {
  let i = authorityStart(s);
  if (i < 0) return -1;
  const n = s.length;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) break;
    if (c === QUESTION || c === HASH) return -1;
  }
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH && isArkLabelAt(s, i + 1)) return i + 1;
    if (c === QUESTION || c === HASH) return -1;
  }
  return -1;
}

const labelError = (): ArkErr =>
  err('ark-label', 'an ARK contains the label "ark:", at the start or after a URL prefix', 0);

/**
 * §2 and §2.1, the URL prefix `scheme://NMAH[/path]/` before the label, when the input does not start
 * with the label: validates the NMAH and the path while looking for the label, in one pass. Leaves `p`
 * at the label. A prefix with no label is an `ark-label` error whatever else is wrong in it: on a
 * validation error, `findLabelAfterPrefix` tells which of the two to report.
 */
function urlPrefixStep(st: ArkScan): ArkErr | null {
  if (isArkLabelAt(st.input, 0)) return null;
  const hostStart = authorityStart(st.input);
  if (hostStart < 0) return labelError();
  st.p = hostStart;
  st.hostStart = hostStart;
  const problem = nmahStep(st) ?? urlPathStep(st);
  if (problem === null) return null;
  return problem.error.code !== 'ark-label' && findLabelAfterPrefix(st.input) < 0 ? labelError() : problem;
}

/** §2.1, the NMAH of a URL prefix: a hostname or hostport, up to the "/" that ends it. */
function nmahStep(st: ArkScan): ArkErr | null {
  const s = st.input;
  const n = s.length;
  let i = st.p;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) break;
    if (c === PERCENT) {
      if (badEscape(s, i)) return pctError(i);
      i += 2;
    } else if (!hasClass(c, HOST_CHAR)) {
      return err('nmah-host', `character ${JSON.stringify(s[i])} is not allowed in a hostname (NMAH)`, i);
    }
  }
  if (i >= n) return labelError();
  st.hostEnd = i;
  st.p = i;
  if (i === st.hostStart) return err('nmah-host', 'the NMAH (hostname) before the ARK label is empty', i);
  return null;
}

/**
 * §2.1, the URL path between the NMAH and the label: path characters and "/", up to the first "/"
 * followed by the label (the one `findLabelAfterPrefix` finds).
 */
function urlPathStep(st: ArkScan): ArkErr | null {
  const s = st.input;
  const n = s.length;
  for (let i = st.p; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) {
      if (isArkLabelAt(s, i + 1)) {
        st.p = i + 1;
        return null;
      }
      continue;
    }
    if (hasClass(c, PCHAR)) continue;
    if (c === PERCENT) {
      if (badEscape(s, i)) return pctError(i);
      i += 2;
      continue;
    }
    return err('nmah-path', `character ${JSON.stringify(s[i])} is not allowed in the URL path before the label`, i);
  }
  return labelError();
}

/**
 * §2.2, the label: "ark:" in any case, then an optional "/" (draft-42 writes none). Further slashes and
 * hyphens before the NAAN are read into the label: hyphens are removed before the structural characters
 * are fixed, and initial slashes are removed (§2.7 steps 2 and 3; draft-42 §3.2 steps 6 and 8), so
 * `ark://12345/x` and `ark:-/12345/x` are `ark:12345/x`.
 */
function labelStep(st: ArkScan): ArkErr | null {
  const { input: s, modern } = st;
  st.labelStart = st.p;
  st.p += 4;
  while (st.p < s.length) {
    const c = s.charCodeAt(st.p);
    if (c !== SLASH && !isInert(c, modern)) break;
    st.p++;
  }
  st.labelEnd = st.p;
  return null;
}

/**
 * §2.6's `ark:sneezy.dopey.com/12025/...`: an NMAH written after a label with no "/" and no URL prefix,
 * recognized as a first segment that holds a "." and only hostname characters.
 */
function labelHostStep(st: ArkScan): ArkErr | null {
  if (st.labelStart !== 0 || st.p !== 4) return null;
  const end = labelHostEnd(st.input, st.p);
  if (end > 0) {
    st.hostStart = st.p;
    st.hostEnd = end;
    st.labelHost = true;
    st.p = end + 1;
  }
  return null;
}

/** The end of the NMAH written after the label, or -1 when the segment at `from` is not one. */
function labelHostEnd(s: string, from: number): number {
  let dot = false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) return dot && i > from ? i : -1;
    if (c === PERIOD) dot = true;
    else if (!hasClass(c, HOST_CHAR)) return -1;
  }
  return -1;
}

/**
 * §2.3, the NAAN: 5 or 9 digits (modern: one or more betanumeric characters), then "/". Hyphens in it
 * (modern: U+2010..U+2015 and whitespace too, `isInert`) are read and not counted: §2.6 "hyphens ... are always ignored in ARKs",
 * §2.7 step 2 (draft-42 §3.2 step 6) removes all of them, the NAAN's included.
 */
function naanStep(st: ArkScan): ArkErr | null {
  const { input: s, modern } = st;
  const n = s.length;
  let p = st.p;
  let hyphens = 0;
  st.naanStart = p;
  for (; p < n; p++) {
    const c = s.charCodeAt(p);
    if (c === SLASH || c === QUESTION) break;
    if (modern ? hasClass(c, BETANUMERIC) : isDigit(c)) continue;
    if (isInert(c, modern)) {
      hyphens++;
      continue;
    }
    const what = modern ? 'betanumeric characters (0-9 bcdfghjkmnpqrstvwxz)' : 'digits';
    return err('naan-character', `a NAAN holds only ${what}`, p);
  }
  st.naanEnd = p;
  st.naanInert = hyphens > 0;
  const len = p - st.naanStart - hyphens;
  if (modern ? len === 0 : len !== 5 && len !== 9) {
    const what = modern ? 'at least one character long' : '5 or 9 digits long';
    return err('naan-length', `a NAAN is ${what}`, st.naanStart);
  }
  if (p >= n || s.charCodeAt(p) !== SLASH) {
    return err('naan-unterminated', 'the NAAN must be followed by "/" and the Name', p);
  }
  st.p = p + 1;
  return null;
}

/** §2.5: the structural characters "/" and ".". */
const isStructural = (c: number) => c === SLASH || c === PERIOD;

/**
 * §2.4, the Name: after the "/" and "." that follow the NAAN (§2.5.1: not part of the Name), Name
 * characters up to the next "/" or "." (or "?", or the end). Required.
 */
function nameStep(st: ArkScan): ArkErr | null {
  const { input: s, modern } = st;
  const n = s.length;
  let p = st.p;
  st.bodyStart = p;
  while (p < n && isStructural(s.charCodeAt(p))) p++;
  if (p >= n || s.charCodeAt(p) === QUESTION)
    return err('name-empty', 'the Name after the NAAN is required', st.bodyStart);
  st.nameStart = p;
  const letters = modern ? MODERN_CHAR : SOURCE_CHAR;
  while (p < n) {
    const c = s.charCodeAt(p);
    if (hasClass(c, letters)) {
      p++; // the common case: a letter, a digit or one of the profile's symbols
      continue;
    }
    if (isStructural(c) || c === QUESTION) break;
    const length = characterLength(s, p, modern);
    if (length <= 0) return characterError(st, p, length, 'name');
    p += length;
  }
  st.nameEnd = p;
  st.p = p;
  return null;
}

/** §2.5, the Qualifier: everything after the Name up to any "?": "/" and "." and Name characters. */
function qualifierStep(st: ArkScan): ArkErr | null {
  const { input: s, modern } = st;
  const n = s.length;
  let p = st.p;
  const letters = modern ? MODERN_CHAR : SOURCE_CHAR;
  while (p < n) {
    const c = s.charCodeAt(p);
    if (hasClass(c, letters)) {
      p++; // the common case: a letter, a digit or one of the profile's symbols
      continue;
    }
    if (c === QUESTION) break;
    const length = isStructural(c) ? 1 : characterLength(s, p, modern);
    if (length <= 0) return characterError(st, p, length, 'qualifier');
    p += length;
  }
  st.bodyEnd = p;
  st.p = p;
  return null;
}

/**
 * §2.6, the length of the Name or Qualifier character at `p`: 1 for a letter, a digit, one of
 * "= # * + @ _ $" (modern: "= ~ * + @ _ $") or a hyphen (modern: U+2010..U+2015 and whitespace too,
 * draft-42 §3.1); 3 for a %-escape;
 * 0 for a character not allowed, -1 for a "%" not followed by two hex digits.
 */
function characterLength(s: string, p: number, modern: boolean): number {
  const c = s.charCodeAt(p);
  if (hasClass(c, modern ? MODERN_CHAR : SOURCE_CHAR) || isInert(c, modern)) return 1;
  if (c === PERCENT) return badEscape(s, p) ? -1 : 3;
  return 0;
}

/** The error for the character at `p` that `characterLength` refused. */
function characterError(st: ArkScan, p: number, length: number, part: 'name' | 'qualifier'): ArkErr {
  if (length < 0) return pctError(p);
  const repertoire = st.modern ? '"= ~ * + @ _ $"' : '"= # * + @ _ $"';
  return err(
    `${part}-character`,
    `character ${JSON.stringify(String.fromCodePoint(st.input.codePointAt(p) as number))} is not allowed in an ARK ${part === 'name' ? 'Name' : 'Qualifier'} (letters, digits, ${repertoire} and the reserved "% - . /"; other octets must be %-encoded)`,
    p,
  );
}

/** §6, the inflections "?" and "??", draft-42's "?info"; modern: any other "?..." is a URI query. */
function inflectionStep(st: ArkScan): ArkErr | null {
  const { input: s, p } = st;
  let end = s.length;
  if (st.modern) while (end > p && isWhitespace(s.charCodeAt(end - 1))) end--; // draft-42 §3.1
  const rest = end - p;
  if (rest === 0) st.tail = Tail.None;
  else if (rest === 1) st.tail = Tail.Brief;
  else if (rest === 2 && s.charCodeAt(p + 1) === QUESTION) st.tail = Tail.Support;
  else if (rest === 5 && s.startsWith('info', p + 1)) st.tail = Tail.Info;
  else if (!st.modern) return err('inflection', 'an ARK may end only in the inflection "?", "??" or "?info"', p);
  else return queryStep(st);
  return null;
}

/**
 * modern: a URI query (RFC 3986 §3.4) after the ARK, dropped in normalization. Whitespace in it is
 * dropped with it (draft-42 §3.1, as in the Name).
 */
function queryStep(st: ArkScan): ArkErr | null {
  const s = st.input;
  for (let i = st.p + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH || c === QUESTION || hasClass(c, PCHAR) || isWhitespace(c)) continue;
    if (c === PERCENT) {
      if (badEscape(s, i)) return pctError(i);
      i += 2;
      continue;
    }
    return err('query-character', `character ${JSON.stringify(s[i])} is not allowed in a URI query`, i);
  }
  st.tail = Tail.Query;
  return null;
}
