/**
 * Software Heritage identifiers (SWHIDs, ISO/IEC 18670): `swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2`,
 * a core identifier (`swh`, scheme version `1`, an object type, forty lower-case hex digits) and optional
 * qualifiers `;origin=…;visit=…;anchor=…;path=…;lines=…` (SWHID specification, §4 Syntax and §6 Qualified
 * identifiers). One file: the codes, the grammar, the signature shape and the scheme's definition.
 */
import {
  compareParsed,
  type DefinedScheme,
  defineScheme,
  err,
  httpSchemeLength,
  type Identifier,
  isDigit,
  isHexCode,
  type PidError,
  type Result,
  type SchemeOptions,
  wordAt,
} from '@pidgate/core';

/** Every error code of the SWHID parser. */
export const SWH_ERROR_CODES = [
  'swh-label', // swh:, or an archive.softwareheritage.org / identifiers.org URL
  'swh-case', // "swh" is written in lower case
  'swh-version', // scheme version 1
  'swh-type', // cnt, dir, rev, rel or snp
  'swh-hash', // forty lower-case hex digits
  'swh-qualifier', // origin, visit, anchor, path, lines or bytes, once each, not both lines and bytes
  'swh-qualifier-value', // each qualifier's value by its rule
  'swh-trailing', // after the SWHID in a URL: one "/" at most
] as const;
export type SwhErrorCode = (typeof SWH_ERROR_CODES)[number];

export type SwhForm = 'swhid' | 'url';
export type SwhObjectType = 'cnt' | 'dir' | 'rev' | 'rel' | 'snp';
/** The qualifiers, in the specification's canonical order (§6.4). */
export const SWH_QUALIFIERS = ['origin', 'visit', 'anchor', 'path', 'lines', 'bytes'] as const;
export type SwhQualifier = (typeof SWH_QUALIFIERS)[number];

/** A SWHID as written: the parts, not normalized. */
export interface SwhComponents {
  readonly form: SwhForm;
  /** `""`, or the URL up to the SWHID (`https://archive.softwareheritage.org/`). */
  readonly label: string;
  readonly type: SwhObjectType;
  /** The forty hex digits. */
  readonly hash: string;
  /** The qualifiers in the order written, values as written (percent-encoding kept). */
  readonly qualifiers: readonly (readonly [SwhQualifier, string])[];
  /** A URL's trailing "/", or "". */
  readonly rest: string;
}

export type SwhIdentifier = Identifier<SwhComponents, 'swh'>;

/** The URLs whose path is a SWHID, without `http(s)://`: Software Heritage's resolver and identifiers.org. */
export const SWH_URLS = ['archive.softwareheritage.org/', 'identifiers.org/'] as const;
const TYPES: readonly SwhObjectType[] = ['cnt', 'dir', 'rev', 'rel', 'snp'];
const HASH = 40;
const CORE = 'swh:1:cnt:'.length + HASH;

/** The label at the start of `s` (a URL followed by `swh:`, or none before `swh:`): its form and length, or null. */
function swhLabel(s: string): { form: SwhForm; length: number } | null {
  const http = httpSchemeLength(s);
  for (const url of SWH_URLS) {
    if (wordAt(s, http, url) && wordAt(s, http + url.length, 'swh:')) return { form: 'url', length: http + url.length };
  }
  return http === 0 && wordAt(s, 0, 'swh:') ? { form: 'swhid', length: 0 } : null;
}

type Failure = PidError<SwhErrorCode>;
const fail = (code: SwhErrorCode, message: string, offset: number): Failure => ({ code, message, offset });

/** The object type at `i` (`cnt`, …), or null. */
function typeAt(s: string, i: number): SwhObjectType | null {
  for (const t of TYPES) if (s.charCodeAt(i) === t.charCodeAt(0) && s.startsWith(t, i)) return t;
  return null;
}

/** The core identifier at `i` (before `end`), of one of `types`: the first rule it breaks, or null. */
function coreError(s: string, i: number, end: number, types: readonly SwhObjectType[]): Failure | null {
  if (!s.startsWith('swh:', i)) {
    return wordAt(s, i, 'swh:')
      ? fail('swh-case', 'a SWHID is written in lower case: "swh:"', i)
      : fail('swh-label', 'a SWHID starts with "swh:"', i);
  }
  if (s.charCodeAt(i + 4) !== 49 || s.charCodeAt(i + 5) !== 58) {
    return fail('swh-version', 'the scheme version is 1: "swh:1:"', i + 4);
  }
  const type = typeAt(s, i + 6);
  if (type === null || s.charCodeAt(i + 9) !== 58) {
    return fail('swh-type', 'the object type is cnt, dir, rev, rel or snp, then ":"', i + 6);
  }
  if (!types.includes(type)) return fail('swh-qualifier-value', `here the object type is ${types.join(', ')}`, i + 6);
  const start = i + 10;
  for (let k = start; k < start + HASH; k++) {
    const c = s.charCodeAt(k);
    if (k >= end || !isHexCode(c) || (c >= 65 && c <= 70)) {
      return fail('swh-hash', 'the object id is forty lower-case hex digits', k);
    }
  }
  return null;
}

/**
 * An RFC 3987 IRI or absolute path as a qualifier's value (§4): no ";" (written %3B), every "%" starting
 * %HH, no space, control character or character an IRI never holds; the index of the first bad one, or -1.
 */
function escapedError(s: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      if (!isHexCode(s.charCodeAt(i + 1)) || !isHexCode(s.charCodeAt(i + 2)) || i + 2 >= end) return i;
      i += 2;
    } else if (
      c <= 32 ||
      c === 127 ||
      c === 59 ||
      c === 34 ||
      c === 60 ||
      c === 62 ||
      c === 92 ||
      c === 94 ||
      c === 96 ||
      c === 123 ||
      c === 124 ||
      c === 125
    ) {
      return i;
    }
  }
  return -1;
}

/** `N` or `N-M`, digits (line numbers start at `first`). */
function rangeError(s: string, start: number, end: number, first: number): number {
  let i = start;
  for (let part = 0; part < 2; part++) {
    const from = i;
    let zero = true;
    while (i < end && isDigit(s.charCodeAt(i))) {
      if (s.charCodeAt(i) !== 48) zero = false;
      i++;
    }
    if (i === from || (first === 1 && zero)) return from;
    if (i === end) return -1;
    if (part === 0 && s.charCodeAt(i) === 45) i++;
    else return i;
  }
  return i;
}

/** The value of `key` from `start` to `end`: the offset of the first bad character, or -1. */
function valueError(key: SwhQualifier, s: string, start: number, end: number): Failure | null {
  const bad = (offset: number, message: string) => fail('swh-qualifier-value', message, offset);
  if (start === end) return bad(start, `${key}= has a value`);
  switch (key) {
    case 'origin': {
      // an IRI: a scheme (a letter, then letters, digits, "+", "-", ".") and ":"
      let i = start;
      const isLetter = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
      if (!isLetter(s.charCodeAt(i))) return bad(i, 'origin= is an IRI: a scheme such as https: first');
      while (i < end && (isLetter(s.charCodeAt(i)) || isDigit(s.charCodeAt(i)) || '+-.'.includes(s.charAt(i)))) i++;
      if (s.charCodeAt(i) !== 58 || i >= end) return bad(i, 'origin= is an IRI: a scheme such as https: first');
      const at = escapedError(s, start, end);
      return at < 0 ? null : bad(at, 'origin= writes ";" as %3B and "%" as %25, and holds no space');
    }
    case 'path': {
      if (s.charCodeAt(start) !== 47) return bad(start, 'path= is an absolute path: it starts with "/"');
      const at = escapedError(s, start, end);
      return at < 0 ? null : bad(at, 'path= writes ";" as %3B and "%" as %25, and holds no space');
    }
    case 'visit':
    case 'anchor': {
      const types: readonly SwhObjectType[] = key === 'visit' ? ['snp'] : ['dir', 'rev', 'rel', 'snp'];
      const core = coreError(s, start, end, types);
      if (core) return { ...core, code: 'swh-qualifier-value' };
      return end - start === CORE ? null : bad(start + CORE, `${key}= is a core SWHID and nothing else`);
    }
    case 'lines':
    case 'bytes': {
      const at = rangeError(s, start, end, key === 'lines' ? 1 : 0);
      return at < 0
        ? null
        : bad(at, `${key}= is a number or two joined by "-"${key === 'lines' ? ', lines counted from 1' : ''}`);
    }
  }
}

/**
 * Parse a SWHID: `swh:1:<type>:<40 hex>` and its qualifiers, or either after
 * `https://archive.softwareheritage.org/` or `https://identifiers.org/`. Never throws; linear.
 */
export function parseSwh(input: string, _options?: SchemeOptions): Result<SwhComponents, PidError<SwhErrorCode>> {
  const label = swhLabel(input);
  if (!label)
    return err(
      'swh-label',
      'a SWHID is written swh:1:cnt:<40 hex digits> (or its archive.softwareheritage.org URL)',
      0,
    );
  const start = label.length;
  let end = input.length;
  let rest = '';
  if (label.form === 'url' && input.charCodeAt(end - 1) === 47) {
    end--;
    rest = '/';
  }
  const core = coreError(input, start, end, TYPES);
  if (core) return { ok: false, error: core };
  const type = typeAt(input, start + 6) as SwhObjectType;
  const qualifiers: [SwhQualifier, string][] = [];
  let i = start + CORE;
  if (i < end && input.charCodeAt(i) !== 59) {
    return label.form === 'url' && input.charCodeAt(i) === 47
      ? err('swh-trailing', 'nothing but one "/" may follow the SWHID in a URL', i)
      : err('swh-hash', 'the object id is forty hex digits, then ";" and a qualifier or the end', i);
  }
  let seen = 0;
  while (i < end) {
    // at a ";"
    const keyStart = i + 1;
    let eq = keyStart;
    while (eq < end && input.charCodeAt(eq) !== 61 && input.charCodeAt(eq) !== 59) eq++;
    const key = SWH_QUALIFIERS.find((q) => q.length === eq - keyStart && input.startsWith(q, keyStart));
    if (key === undefined || input.charCodeAt(eq) !== 61) {
      return err('swh-qualifier', 'a qualifier is origin=, visit=, anchor=, path=, lines= or bytes=', keyStart);
    }
    const bit = 1 << SWH_QUALIFIERS.indexOf(key);
    const fragments = (1 << 4) | (1 << 5);
    if ((seen & bit) !== 0 || ((bit & fragments) !== 0 && (seen & fragments) !== 0)) {
      return err('swh-qualifier', 'each qualifier is given once, and lines= and bytes= not both', keyStart);
    }
    seen |= bit;
    let valueEnd = eq + 1;
    while (valueEnd < end && input.charCodeAt(valueEnd) !== 59) valueEnd++;
    const bad = valueError(key, input, eq + 1, valueEnd);
    if (bad) return { ok: false, error: bad };
    qualifiers.push([key, input.slice(eq + 1, valueEnd)]);
    i = valueEnd;
  }
  return {
    ok: true,
    value: {
      form: label.form,
      label: input.slice(0, start),
      type,
      hash: input.slice(start + 10, start + CORE),
      qualifiers,
      rest,
    },
  };
}

/** The core SWHID: `swh:1:<type>:<hash>`. */
export function coreSwhid(c: Pick<SwhComponents, 'type' | 'hash'>): string {
  return `swh:1:${c.type}:${c.hash}`;
}

/**
 * The canonical form and equivalence key: the core SWHID and its qualifiers in the specification's
 * canonical order (origin, visit, anchor, path, lines or bytes; §6.4): two SWHIDs with the same
 * qualifiers in another order are equivalent (§6.3).
 */
export function normalizeSwh(c: Pick<SwhComponents, 'type' | 'hash' | 'qualifiers'>, _options?: SchemeOptions): string {
  let out = coreSwhid(c);
  for (const q of SWH_QUALIFIERS) {
    const found = c.qualifiers.find(([k]) => k === q);
    if (found) out += `;${q}=${found[1]}`;
  }
  return out;
}

/** Serialize the parts as written: `parseSwh(formatSwh(c))` gives `c` back. */
export function formatSwh(c: SwhComponents, _options?: SchemeOptions): string {
  return `${c.label}${coreSwhid(c)}${c.qualifiers.map(([k, v]) => `;${k}=${v}`).join('')}${c.rest}`;
}

/** Are `a` and `b` the same SWHID, in the same context? The first parse error when either is not one. */
export function compareSwh(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<SwhErrorCode>> {
  return compareParsed(parseSwh, normalizeSwh, a, b, options);
}

/** SWHIDs: the label `swh:` (the identifier's own scheme), and Software Heritage's and identifiers.org's URLs. */
export const swhScheme: DefinedScheme<SwhComponents, 'swh', SwhErrorCode> = defineScheme({
  name: 'swh',
  priority: 41,
  errorCodes: SWH_ERROR_CODES,
  recognize: (input: string) => swhLabel(input) !== null,
  parse: parseSwh,
  normalize: normalizeSwh,
  format: formatSwh,
  route: { labels: ['swh:'], hosts: SWH_URLS.map((u) => `${u}swh:`) },
  resolver: { template: 'https://archive.softwareheritage.org/{id}', id: (c) => normalizeSwh(c) },
  docs: {
    title: 'SWHID, Software Heritage identifier',
    specification: 'SWHID specification v1.2 (ISO/IEC 18670), §4 Syntax, §6 Qualified identifiers',
    page: 'docs/specs/swh.md',
    example: 'swh:1:cnt:94a9ed024d3859793618152ea559a168bbcbb5e2',
  },
});
