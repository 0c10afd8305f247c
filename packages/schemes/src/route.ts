/**
 * The first look a registry takes at a string before asking recognizers: which of this package's schemes
 * could possibly claim it, as a set of bits. The tables are derived from the schemes' definitions
 * (`route` of each `defineScheme()`: labels, URL hosts, a label after any URL prefix, bare shapes), each a
 * necessary condition of the scheme's `recognize` (so a scheme whose bit is clear would have said no):
 * the answer is a superset of the schemes that recognize the string, most often exactly one.
 * `route.test.ts` holds every rule to the recognizers. Char-code tests and one Map lookup: no regular
 * expressions, nothing but the label, the URL host and a bare string's shape is read, and nothing is
 * allocated except for an http(s) URL's host.
 */
import {
  type DefinedScheme,
  httpSchemeLength,
  isDigit,
  isAlpha as isLetter,
  isSurroundingSpace,
  wordAt,
} from '@pidgate/core';
import { MAX_SCHEMES, intersect as wideIntersect, minus as wideMinus, union as wideUnion } from './bitset.ts';
import { schemes } from './list.ts';

type Name = (typeof schemes)[number]['name'];

/**
 * While the schemes fit 31 bits, every set is a small integer and the 32-bit operators are used as they
 * are (one-line functions the compiler inlines); past that, bitset.ts's (measured: the wide functions on
 * every routing step cost a quarter of `possibleSchemes`' time).
 */
const NARROW = schemes.length <= 31;
const union: (a: number, b: number) => number = NARROW ? (a, b) => a | b : wideUnion;
const intersect: (a: number, b: number) => number = NARROW ? (a, b) => a & b : wideIntersect;
const minus: (a: number, b: number) => number = NARROW ? (a, b) => a & ~b : wideMinus;

/** The most schemes one bit each can route (`bitset.ts`: sets of up to 52 bits). */
export const MAX_ROUTED_SCHEMES = MAX_SCHEMES;

/** One bit per scheme of `@pidgate/schemes`, in the order of the list. */
export const SCHEME_BIT: Readonly<Record<Name, number>> = bitsOf(schemes);

function bitsOf(list: readonly DefinedScheme[]): Record<Name, number> {
  if (list.length > MAX_ROUTED_SCHEMES) {
    throw new Error(
      `route.ts gives each scheme one bit of a 52-bit set: ${list.length} schemes are more than ${MAX_ROUTED_SCHEMES}`,
    );
  }
  const bits: Record<string, number> = {};
  list.forEach((s, i) => {
    bits[s.name] = 2 ** i;
  });
  return bits as Record<Name, number>;
}

const COLON = 58;
const DOT = 46;
const SLASH = 47;
const SPACE = 32;
const HYPHEN = 45;

/** RFC 3986 scheme characters after the first: ALPHA / DIGIT / "+" / "-" / "." (as the ARK recognizer reads them). */
const isSchemeChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 43 || c === HYPHEN || c === DOT;

/**
 * A word of up to `MAX_WORD` letters and hyphens as a number, case folded: 5 bits a character (30 bits: a small
 * integer, never a heap number)
 * (a-z 1-26, "-" 27), so that the label tables are looked up without making a string.
 */
const MAX_WORD = 6;
/**
 * Longer words (up to `MAX_LONG_WORD`) label a few schemes before ":" (`wikidata:`, `openalex:`): looked up
 * by the lower-cased word, only when such a word is followed by ":".
 */
const MAX_LONG_WORD = 10;
const letterValue = (c: number): number => (c === HYPHEN ? 27 : (c | 0x20) - 96);
function wordKey(word: string): number {
  let key = 0;
  for (let i = 0; i < word.length; i++) key = key * 32 + letterValue(word.charCodeAt(i));
  return key;
}

/** What follows a label's word: the schemes of the label alone, and those of a longer label (`urn:doi:`). */
interface LabelEntry {
  bits: number;
  /** The text after the ":" (and any spaces) of a longer label, and its scheme's bit. */
  readonly more: [text: string, bit: number][];
}

/** The label tables: words followed by ":", by a digit (`PMC#`) and by a space (`ISBN `). */
interface LabelTables {
  readonly colon: Map<number, LabelEntry>;
  /** Words of 7 to `MAX_LONG_WORD` letters followed by ":", by the word in lower case. */
  readonly long: Map<string, LabelEntry>;
  readonly digit: Map<number, number>;
  readonly space: Map<number, number>;
}

function labelWord(label: string, scheme: string): number {
  const ok = label.length > 0 && label.length <= MAX_WORD && [...label].every((c) => /[a-z-]/.test(c));
  if (!ok) throw new Error(`${scheme}: a label's word is 1 to ${MAX_WORD} lower-case letters and hyphens: "${label}"`);
  return wordKey(label);
}

function entryOf(table: Map<number, LabelEntry>, key: number): LabelEntry {
  let entry = table.get(key);
  if (entry === undefined) {
    entry = { bits: 0, more: [] };
    table.set(key, entry);
  }
  return entry;
}

function longEntryOf(table: Map<string, LabelEntry>, word: string): LabelEntry {
  let entry = table.get(word);
  if (entry === undefined) {
    entry = { bits: 0, more: [] };
    table.set(word, entry);
  }
  return entry;
}

/** The label tables of the schemes' `route.labels`. */
function labelTables(list: readonly DefinedScheme[]): LabelTables {
  const tables: LabelTables = { colon: new Map(), long: new Map(), digit: new Map(), space: new Map() };
  list.forEach((s, i) => {
    const bit = 2 ** i;
    for (const written of s.route.labels ?? []) {
      const label = written.toLowerCase();
      const last = label.charAt(label.length - 1);
      if (last === '#' || last === ' ') {
        const table = last === '#' ? tables.digit : tables.space;
        const key = labelWord(label.slice(0, -1), s.name);
        table.set(key, union(table.get(key) ?? 0, bit));
        continue;
      }
      const colon = label.indexOf(':');
      if (colon < 0) throw new Error(`${s.name}: a label ends in ":", " " or "#": "${written}"`);
      const word = label.slice(0, colon);
      const long = word.length > MAX_WORD && word.length <= MAX_LONG_WORD && /^[a-z-]+$/.test(word);
      const entry = long ? longEntryOf(tables.long, word) : entryOf(tables.colon, labelWord(word, s.name));
      const rest = label.slice(colon + 1);
      if (rest === '') entry.bits = union(entry.bits, bit);
      else entry.more.push([rest, bit]);
    }
  });
  return tables;
}

const LABELS = labelTables(schemes);

/** The schemes whose label may follow any URL prefix as a path segment (ARK), with their labels. */
const SEGMENTS = schemes.flatMap((s, i) =>
  s.route.segment === undefined ? [] : [{ bit: 2 ** i, ...s.route.segment }],
);
const SEGMENT_BITS = SEGMENTS.reduce((bits, s) => union(bits, s.bit), 0);

/** The bare-shape tests of strings that start with a digit, and with a word that is no label. */
const BARE_DIGITS = schemes.flatMap((s, i) =>
  s.route.bareDigits === undefined ? [] : [{ bit: 2 ** i, test: s.route.bareDigits }],
);
const BARE_WORDS = schemes.flatMap((s, i) =>
  s.route.bareWord === undefined ? [] : [{ bit: 2 ** i, test: s.route.bareWord }],
);

interface HostTable {
  /** Lower-case host → its schemes, and those of a path that starts so (`hdl.handle.net/10.`). */
  readonly entries: ReadonlyMap<string, LabelEntry>;
  readonly longest: number;
}

let hostTable: HostTable | null = null;

/** Built on the first URL a registry sees (the replay hosts are made then): a list without one never pays for it. */
function hosts(): HostTable {
  if (hostTable !== null) return hostTable;
  const entries = new Map<string, LabelEntry>();
  schemes.forEach((s, i) => {
    const list = s.route.hosts;
    for (const written of typeof list === 'function' ? list() : (list ?? [])) {
      const slash = written.indexOf('/');
      const host = (slash < 0 ? written : written.slice(0, slash)).toLowerCase();
      const entry = entries.get(host) ?? { bits: 0, more: [] };
      entries.set(host, entry);
      const path = slash < 0 ? '' : written.slice(slash + 1).toLowerCase();
      if (path === '') entry.bits = union(entry.bits, 2 ** i);
      else entry.more.push([path, 2 ** i]);
    }
  });
  hostTable = { entries, longest: Math.max(...[...entries.keys()].map((h) => h.length)) };
  return hostTable;
}

/** The entry's schemes: those of the label or host alone, and those whose longer text stands at `at`. */
function entryBits(entry: LabelEntry, s: string, at: number): number {
  let bits = entry.bits;
  const more = entry.more;
  for (let i = 0; i < more.length; i++) {
    const [text, bit] = more[i] as [string, number];
    if (wordAt(s, at, text)) bits = union(bits, bit);
  }
  return bits;
}

/**
 * http(s)://HOST/: the schemes of that host, or the segment schemes (ARK) alone for any other host (ARK
 * reads `ark:` after any URL prefix); none when no "/" follows the host (every URL rule needs one). The
 * host is lowered with `toLowerCase`, as the PWID and URN recognizers do (the others compare ASCII only, a
 * narrower match). On a known host, a segment scheme stays only if its label follows as a path segment.
 */
function hostRoute(s: string, start: number): number {
  const slash = s.indexOf('/', start);
  if (slash < 0) return 0;
  const known = hosts();
  // `toLowerCase` never shortens a string: a host longer than every known one is none of them
  if (slash - start > known.longest) return SEGMENT_BITS;
  const entry = known.entries.get(s.slice(start, slash).toLowerCase());
  if (entry === undefined) return SEGMENT_BITS;
  return union(entryBits(entry, s, slash + 1), segmentsFrom(s, slash));
}

/**
 * The segment schemes whose label starts a path segment after `from` (the "/" after a URL's host), before
 * any "?" or "#": where ARK's recognizer looks for its label after a URL prefix.
 */
function segmentsFrom(s: string, from: number): number {
  let bits = 0;
  for (let k = 0; k < SEGMENTS.length; k++) {
    const segment = SEGMENTS[k] as (typeof SEGMENTS)[number];
    for (let i = from; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === SLASH && wordAt(s, i + 1, segment.label)) {
        bits = union(bits, segment.bit);
        break;
      }
      if (c === 63 || c === 35) break; // "?", "#"
    }
  }
  return bits;
}

/** After `scheme://` (at `from`): the segment schemes whose label follows the host as a path segment. */
function segmentsAfterUrlPrefix(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) return segmentsFrom(s, i);
    if (c === 63 || c === 35) return 0;
  }
  return 0;
}

/** A label followed by ":": its schemes, and those of a longer label after any spaces (`hdl: 10.…`). */
function colonRoute(s: string, key: number, colon: number): number {
  const entry =
    key >= 0
      ? LABELS.colon.get(key)
      : colon <= MAX_LONG_WORD && LABELS.long.size > 0
        ? LABELS.long.get(s.slice(0, colon).toLowerCase())
        : undefined;
  if (entry === undefined) return 0;
  if (entry.more.length === 0) return entry.bits;
  let at = colon + 1;
  while (s.charCodeAt(at) === SPACE) at++;
  return entryBits(entry, s, at);
}

/** The schemes whose bare shape a word (ending at `end`) that is no label may start. */
function bareWordRoute(s: string, end: number): number {
  let bits = 0;
  for (let i = 0; i < BARE_WORDS.length; i++) {
    const bare = BARE_WORDS[i] as (typeof BARE_WORDS)[number];
    if (bare.test(s, end)) bits = union(bits, bare.bit);
  }
  return bits;
}

/**
 * A string that starts with a letter (not http(s)://): read its first word of letters and hyphens, and
 * route on what follows it. ":" ends a label; a digit or a space follows a few labels; "." may end a
 * bare host (`doi.org/…`). A bare shape may start with a word too (arXiv's `hep-th/9901001`). Any
 * `scheme://` may be a segment scheme's URL prefix (looked at further only when another scheme is a
 * candidate too: `pdi://`).
 */
function letterRoute(s: string): number {
  const n = s.length;
  let end = 0;
  let key = 0;
  for (; end < n; end++) {
    const c = s.charCodeAt(end);
    if (!isLetter(c) && c !== HYPHEN) break;
    if (end < MAX_WORD) key = key * 32 + letterValue(c);
  }
  const next = end < n ? s.charCodeAt(end) : -1;
  if (end > MAX_WORD) key = -1;
  let bits = bareWordRoute(s, end);
  if (next === COLON) bits = union(bits, colonRoute(s, key, end));
  else if (next === DOT) bits = union(bits, bareHostRoute(s));
  else if (isDigit(next)) bits = union(bits, LABELS.digit.get(key) ?? 0);
  // a Unicode space too (`ISBN\u00A0978…` as copied from a web page): the recognizer decides
  else if (next === SPACE || (next > 0x7f && isSurroundingSpace(next))) bits = union(bits, LABELS.space.get(key) ?? 0);
  const hostStart = urlPrefixEnd(s, end);
  if (hostStart < 0) return bits;
  return bits === 0 ? SEGMENT_BITS : union(bits, segmentsAfterUrlPrefix(s, hostStart));
}

/**
 * A URL without `http(s)://`, as a browser's address bar shows it (`doi.org/…`, `hdl.handle.net/…`,
 * `orcid.org/…`, `pubmed.ncbi.nlm.nih.gov/…`): the schemes of its host, read as `hostRoute` reads them
 * after a scheme. The segment schemes are left to `bareHostSegments`, which reads any host.
 */
function bareHostRoute(s: string): number {
  return minus(hostRoute(s, 0), SEGMENT_BITS);
}

/** Where the host starts when scheme characters from `from` end in "://", else -1. */
function urlPrefixEnd(s: string, from: number): number {
  const n = s.length;
  let i = from;
  while (i < n && isSchemeChar(s.charCodeAt(i))) i++;
  return i + 3 <= n && s.charCodeAt(i) === COLON && s.charCodeAt(i + 1) === SLASH && s.charCodeAt(i + 2) === SLASH
    ? i + 3
    : -1;
}

/** A string that starts with a digit: the schemes whose bare shape it has (`10.…`, `NNNN-NNNC`, …). */
function digitRoute(s: string): number {
  let bits = 0;
  for (let i = 0; i < BARE_DIGITS.length; i++) {
    const bare = BARE_DIGITS[i] as (typeof BARE_DIGITS)[number];
    if (bare.test(s)) bits = union(bits, bare.bit);
  }
  return bits;
}

/** The segment schemes when a hostname without a scheme starts the string and their label follows (`n2t.net/ark:…`). */
function bareHostSegments(s: string): number {
  let bits = 0;
  for (let k = 0; k < SEGMENTS.length; k++) {
    const segment = SEGMENTS[k] as (typeof SEGMENTS)[number];
    const slash = segment.bareHostEnd(s);
    if (slash > 0) bits = union(bits, intersect(segmentsFrom(s, slash), segment.bit));
  }
  return bits;
}

/** The schemes (`SCHEME_BIT`s) that could recognize `s`: every one that does is among them. */
export function possibleSchemes(s: string): number {
  if (s.length === 0) return 0;
  const c = s.charCodeAt(0);
  if (isDigit(c)) return union(digitRoute(s), bareHostSegments(s));
  if (!isLetter(c)) return 0;
  const http = httpSchemeLength(s);
  return http > 0 ? hostRoute(s, http) : union(letterRoute(s), bareHostSegments(s));
}
