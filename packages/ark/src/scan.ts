import { type Err, err } from '@pidgate/core';
import {
  BETANUMERIC,
  HOST_CHAR,
  HYPHEN,
  hasClass,
  isAlpha,
  isArkLabelAt,
  isDigit,
  isHex,
  isUnicodeHyphen,
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

/**
 * Where the parts of an ARK lie in the input: offsets only, so that normalization can run
 * without building a record. `[http://NMAH/]ark:[/]NAAN/Name[Qualifier][?inflection]`.
 */
export interface ArkSpans {
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
  /** Name and Qualifier: from just after the NAAN's closing "/" up to the "?" or the end. */
  bodyStart: number;
  bodyEnd: number;
  /** The Name as written: its first non-structural character up to the next structural one. */
  nameStart: number;
  nameEnd: number;
  /**
   * The Name and Qualifier are already normalized: no hyphen, %-hex in the profile's case, no structural
   * character first, last or doubled, and (source) at most one suffix and no "/" after a ".".
   */
  clean: boolean;
  tail: Tail;
}

export function newSpans(): ArkSpans {
  return {
    labelStart: 0,
    labelEnd: 0,
    hostStart: -1,
    hostEnd: -1,
    labelHost: false,
    naanStart: 0,
    naanEnd: 0,
    bodyStart: 0,
    bodyEnd: 0,
    nameStart: 0,
    nameEnd: 0,
    clean: false,
    tail: Tail.None,
  };
}

/** Is the hex digit `c` in the wrong case for the profile (source lowercases, modern uppercases)? */
function wrongHexCase(c: number, modern: boolean): boolean {
  return modern ? c >= 97 && c <= 102 : c >= 65 && c <= 70;
}

function badEscape(s: string, i: number): boolean {
  return !isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2));
}

const pctError = (i: number): Err => err('pct-encoded', 'a %-encoded octet is "%" followed by two hex digits', i);

/**
 * Index of the "ark:" label after a URL prefix `scheme://host[/path]/`, or -1. No validation:
 * the label must start a path segment, before any "?" or "#".
 */
export function findLabelAfterPrefix(s: string): number {
  if (!isAlpha(s.charCodeAt(0))) return -1;
  let i = 1;
  while (hasClass(s.charCodeAt(i), SCHEME_CHAR)) i++;
  if (s.charCodeAt(i) !== 58 || s.charCodeAt(i + 1) !== SLASH || s.charCodeAt(i + 2) !== SLASH) return -1;
  i += 3;
  const n = s.length;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) break;
    if (c === QUESTION || c === 35) return -1;
  }
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH && isArkLabelAt(s, i + 1)) return i + 1;
    if (c === QUESTION || c === 35) return -1;
  }
  return -1;
}

/** Validate the URL prefix `scheme://NMAH[/path]/` (§2.1) ending just before `label`. */
function scanPrefix(s: string, label: number, o: ArkSpans): Err | null {
  let i = s.indexOf('://') + 3;
  o.hostStart = i;
  for (; i < label; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) break;
    if (c === PERCENT) {
      if (badEscape(s, i)) return pctError(i);
      i += 2;
    } else if (!hasClass(c, HOST_CHAR)) {
      return err('nmah-host', `character ${JSON.stringify(s[i])} is not allowed in a hostname (NMAH)`, i);
    }
  }
  o.hostEnd = i;
  if (i === o.hostStart) return err('nmah-host', 'the NMAH (hostname) before the ARK label is empty', i);
  for (; i < label; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH || hasClass(c, PCHAR)) continue;
    if (c === PERCENT) {
      if (badEscape(s, i)) return pctError(i);
      i += 2;
      continue;
    }
    return err('nmah-path', `character ${JSON.stringify(s[i])} is not allowed in the URL path before the label`, i);
  }
  return null;
}

/** The NMAH written after the label (`ark:host.name/NAAN/...`): the end of the host, or -1. */
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
 * Scan an ARK into `o`. Returns null when the input is well formed, or the first error.
 * One pass over the input; no allocation unless there is an error.
 */
export function scanArk(s: string, modern: boolean, o: ArkSpans): Err | null {
  const n = s.length;
  o.hostStart = -1;
  o.hostEnd = -1;
  o.labelHost = false;
  let label = 0;
  if (!isArkLabelAt(s, 0)) {
    label = findLabelAfterPrefix(s);
    if (label < 0) return err('ark-label', 'an ARK contains the label "ark:", at the start or after a URL prefix', 0);
    const e = scanPrefix(s, label, o);
    if (e) return e;
  }
  o.labelStart = label;
  let p = label + 4;
  if (s.charCodeAt(p) === SLASH) p++;
  o.labelEnd = p;
  if (label === 0 && p === 4) {
    const end = labelHostEnd(s, p);
    if (end > 0) {
      o.hostStart = p;
      o.hostEnd = end;
      o.labelHost = true;
      p = end + 1;
    }
  }

  // §2.3 NAAN: 5 or 9 digits (modern: betanumeric), enclosed in "/".
  o.naanStart = p;
  const naanClass = modern ? BETANUMERIC : 0;
  for (; p < n; p++) {
    const c = s.charCodeAt(p);
    if (c === SLASH || c === QUESTION) break;
    if (modern ? !hasClass(c, naanClass) : !isDigit(c)) {
      const what = modern ? 'betanumeric characters (0-9 bcdfghjkmnpqrstvwxz)' : 'digits';
      return err('naan-character', `a NAAN holds only ${what}`, p);
    }
  }
  o.naanEnd = p;
  const len = p - o.naanStart;
  if (modern ? len === 0 : len !== 5 && len !== 9) {
    const what = modern ? 'at least one character long' : '5 or 9 digits long';
    return err('naan-length', `a NAAN is ${what}`, o.naanStart);
  }
  if (p >= n || s.charCodeAt(p) !== SLASH) {
    return err('naan-unterminated', 'the NAAN must be followed by "/" and the Name', p);
  }

  // §2.4-§2.6 Name and Qualifier.
  p++;
  o.bodyStart = p;
  const cls = modern ? MODERN_CHAR : SOURCE_CHAR;
  let nameStart = -1;
  let nameEnd = -1;
  let clean = true;
  let afterStructural = true;
  let dots = 0;
  for (; p < n; p++) {
    const c = s.charCodeAt(p);
    if (c === SLASH || c === PERIOD) {
      if (nameStart >= 0 && nameEnd < 0) nameEnd = p;
      if (afterStructural || (c === SLASH && dots > 0 && !modern)) clean = false;
      if (c === PERIOD) dots++;
      afterStructural = true;
      continue;
    }
    if (c === QUESTION) break;
    afterStructural = false;
    if (hasClass(c, cls)) {
      if (nameStart < 0) nameStart = p;
      continue;
    }
    if (c === HYPHEN || (modern && isUnicodeHyphen(c))) {
      if (nameStart < 0) nameStart = p;
      clean = false;
      continue;
    }
    if (c === PERCENT) {
      if (badEscape(s, p)) return pctError(p);
      if (nameStart < 0) nameStart = p;
      if (wrongHexCase(s.charCodeAt(p + 1), modern) || wrongHexCase(s.charCodeAt(p + 2), modern)) clean = false;
      p += 2;
      continue;
    }
    const where = nameEnd < 0 ? 'name' : 'qualifier';
    const repertoire = modern ? '"= ~ * + @ _ $"' : '"= # * + @ _ $"';
    return err(
      `${where}-character`,
      `character ${JSON.stringify(String.fromCodePoint(s.codePointAt(p) as number))} is not allowed in an ARK ${where === 'name' ? 'Name' : 'Qualifier'} (letters, digits, ${repertoire} and the reserved "% - . /"; other octets must be %-encoded)`,
      p,
    );
  }
  o.clean = clean && !afterStructural && (modern || dots <= 1);
  o.bodyEnd = p;
  if (nameStart < 0) return err('name-empty', 'the Name after the NAAN is required', o.bodyStart);
  o.nameStart = nameStart;
  o.nameEnd = nameEnd < 0 ? p : nameEnd;

  // §6 inflections "?" and "??"; draft-42 "?info"; modern: any URI query.
  o.tail = Tail.None;
  if (p < n) {
    const rest = n - p;
    if (rest === 1) o.tail = Tail.Brief;
    else if (rest === 2 && s.charCodeAt(p + 1) === QUESTION) o.tail = Tail.Support;
    else if (rest === 5 && s.startsWith('info', p + 1)) o.tail = Tail.Info;
    else if (!modern) {
      return err('inflection', 'an ARK may end only in the inflection "?", "??" or "?info"', p);
    } else {
      for (let i = p + 1; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c === SLASH || c === QUESTION || hasClass(c, PCHAR)) continue;
        if (c === PERCENT) {
          if (badEscape(s, i)) return pctError(i);
          i += 2;
          continue;
        }
        return err('query-character', `character ${JSON.stringify(s[i])} is not allowed in a URI query`, i);
      }
      o.tail = Tail.Query;
    }
  }
  return null;
}
