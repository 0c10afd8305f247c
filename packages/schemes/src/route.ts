/**
 * The first look a registry takes at a string before asking recognizers: which of this package's schemes
 * could possibly claim it, as a set of bits. Each rule below is a necessary condition of one scheme's
 * `recognize`, read off its recognizer (so a scheme whose bit is clear would have said no): the answer
 * is a superset of the schemes that recognize the string, most often exactly one. `route.test.ts` holds
 * every rule to the recognizers. Char-code tests and one Map lookup: no regular expressions, nothing
 * but the label and the URL host is read, and nothing is allocated except for an http(s) URL's host.
 */
import { bareHostEnd } from '@pidgate/ark';
import { ARXIV_HOSTS } from '@pidgate/arxiv';
import { httpSchemeLength, isDigit, isAlpha as isLetter, wordAt } from '@pidgate/core';
import { DOI_PROXY_HOSTS } from '@pidgate/doi';
import { HANDLE_PROXY_HOSTS, numericPrefixLength, spacesAt } from '@pidgate/handle';
import { MAX_BARE_ISBN } from '@pidgate/isbn';
import { ORCID_HOSTS } from '@pidgate/orcid';
import { PMCID_URLS, PMID_URLS } from '@pidgate/pubmed';
import { PURL_HOSTS } from '@pidgate/purl';
import { builtinReplayHosts } from '@pidgate/pwid/scheme';
import { URN_RESOLVER_PREFIXES } from '@pidgate/urn';

/** One bit per scheme of `@pidgate/schemes`. */
export const SCHEME_BIT = {
  pwid: 1,
  doi: 2,
  handle: 4,
  purl: 8,
  orcid: 16,
  arxiv: 32,
  ark: 64,
  pmid: 128,
  pmcid: 256,
  pdi: 512,
  isbn: 1024,
  issn: 2048,
  urn: 4096,
} as const;

const { pwid: PWID, doi: DOI, handle: HANDLE, orcid: ORCID, arxiv: ARXIV, ark: ARK } = SCHEME_BIT;
const { pmid: PMID, pmcid: PMCID, pdi: PDI, isbn: ISBN, issn: ISSN, urn: URN } = SCHEME_BIT;

const COLON = 58;
const DOT = 46;
const SLASH = 47;
const SPACE = 32;
const HYPHEN = 45;

/** RFC 3986 scheme characters after the first: ALPHA / DIGIT / "+" / "-" / "." (as the ARK recognizer reads them). */
const isSchemeChar = (c: number): boolean => isLetter(c) || isDigit(c) || c === 43 || c === HYPHEN || c === DOT;

/**
 * A word of up to `MAX_WORD` letters and hyphens as a number, case folded: 5 bits a character
 * (a-z 1-26, "-" 27), so that the label tables are looked up without making a string.
 */
const MAX_WORD = 6;
function wordKey(word: string): number {
  let key = 0;
  for (let i = 0; i < word.length; i++) key = key * 32 + letterValue(word.charCodeAt(i));
  return key;
}
const letterValue = (c: number): number => (c === HYPHEN ? 27 : (c | 0x20) - 96);

const table = (entries: Record<string, number>): ReadonlyMap<number, number> =>
  new Map(Object.entries(entries).map(([word, bits]) => [wordKey(word), bits]));

/**
 * Labels followed by ":" (`doi:`, `urn:`, `ARK:`, `PMCID:`, ...): the schemes that read them. `urn`, `hdl` and
 * `info` look one step further (`urnRoute`, `handleRoute`, `infoRoute`).
 */
const COLON_LABELS = table({
  ark: ARK,
  pwid: PWID,
  pdi: PDI,
  doi: DOI,
  orcid: ORCID,
  arxiv: ARXIV,
  pmid: PMID,
  pmcid: PMCID,
  isbn: ISBN,
  issn: ISSN,
  'issn-l': ISSN,
});
/** Words followed by a digit: `PMC1234567`, `ISBN13:`, `ISBN-10 `. */
const DIGIT_LABELS = table({ pmc: PMCID, isbn: ISBN, 'isbn-': ISBN });
/** Words followed by a space: `ISBN 0-…`, `ISSN 0259-000X`, `ISSN-L 0259-000X`. */
const SPACE_LABELS = table({ isbn: ISBN, issn: ISSN, 'issn-l': ISSN });
const URN_KEY = wordKey('urn');
const HDL_KEY = wordKey('hdl');
const INFO_KEY = wordKey('info');

/** The host of each of a list's `host/path` URL prefixes. */
const hostsOf = (prefixes: readonly string[]): string[] => prefixes.map((p) => p.slice(0, p.indexOf('/')));

/** The schemes that read an http(s) URL by its host, and their hosts (lower case). */
function urlHosts(): readonly (readonly [number, readonly string[]])[] {
  return [
    [PWID, [...builtinReplayHosts().hosts]],
    [DOI, [...DOI_PROXY_HOSTS, ...HANDLE_PROXY_HOSTS]],
    [HANDLE, HANDLE_PROXY_HOSTS],
    [SCHEME_BIT.purl, PURL_HOSTS],
    [ORCID, ORCID_HOSTS],
    [ARXIV, ARXIV_HOSTS],
    [PMID, hostsOf(PMID_URLS)],
    [PMCID, hostsOf(PMCID_URLS)],
    [URN, hostsOf(URN_RESOLVER_PREFIXES)],
  ];
}

interface HostTable {
  /** Lower-case host → its schemes, ARK's bit included (an ARK may follow any URL prefix). */
  readonly bits: ReadonlyMap<string, number>;
  readonly longest: number;
}

let hostTable: HostTable | null = null;

/** Built on the first http(s) URL a registry sees: a list without one never pays for it. */
function hosts(): HostTable {
  if (hostTable !== null) return hostTable;
  const bits = new Map<string, number>();
  for (const [bit, names] of urlHosts()) {
    for (const name of names) {
      const host = name.toLowerCase();
      bits.set(host, (bits.get(host) ?? ARK) | bit);
    }
  }
  hostTable = { bits, longest: Math.max(...[...bits.keys()].map((h) => h.length)) };
  return hostTable;
}

/**
 * http(s)://HOST/: the schemes of that host, or ARK alone for any other host (ARK reads `ark:` after any
 * URL prefix); none when no "/" follows the host (every URL rule needs one). The host is lowered with
 * `toLowerCase`, as the PWID and URN recognizers do (the others compare ASCII only, a narrower match).
 * On a known host, ARK stays only if an `ark:` segment follows, and DOI on the Handle proxy only under `10.`.
 */
function hostRoute(s: string, start: number): number {
  const slash = s.indexOf('/', start);
  if (slash < 0) return 0;
  const known = hosts();
  // `toLowerCase` never shortens a string: a host longer than every known one is none of them
  if (slash - start > known.longest) return ARK;
  let bits = known.bits.get(s.slice(start, slash).toLowerCase()) ?? ARK;
  if (bits === ARK) return ARK;
  if (bits & HANDLE) bits = (bits & ~(DOI | HANDLE)) | handleRoute(s, slash + 1);
  return arkSegmentFrom(s, slash) ? bits : bits & ~ARK;
}

/**
 * Does a path segment starting `ark:` (any case) follow `from` (the "/" after a URL's host), before any
 * "?" or "#"? Where ARK's recognizer looks for its label after a URL prefix.
 */
function arkSegmentFrom(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH && wordAt(s, i + 1, 'ark:')) return true;
    if (c === 63 || c === 35) return false; // "?", "#"
  }
  return false;
}

/**
 * After `scheme://` (at `from`): the "/" that ends the host, or -1 when a "?" or "#" (or the end) comes
 * first; then whether an `ark:` segment follows it.
 */
function arkAfterUrlPrefix(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SLASH) return arkSegmentFrom(s, i);
    if (c === 63 || c === 35) return false;
  }
  return false;
}

/** After `urn:`: PWID, PDI and DOI have NIDs of their own; every other NID is the URN scheme's alone. */
function urnRoute(s: string): number {
  if (wordAt(s, 4, 'pwid:')) return PWID | URN;
  if (wordAt(s, 4, 'pdi:')) return PDI | URN;
  if (wordAt(s, 4, 'doi:')) return DOI | URN;
  return URN;
}

/** A handle from `at`: a DOI's when it starts with `10.` (the DOI directory), else a Handle's alone. */
function handleRoute(s: string, at: number): number {
  return tenDotAt(s, at) ? DOI | HANDLE : HANDLE;
}

/** `10.` at `at`: the DOI directory indicator. */
function tenDotAt(s: string, at: number): boolean {
  return at + 3 <= s.length && s.charCodeAt(at) === 49 && s.charCodeAt(at + 1) === 48 && s.charCodeAt(at + 2) === DOT;
}

/** `info:doi/` (RFC 4452) is a DOI's, `info:hdl/` a Handle's (or a DOI's, under `10.`). */
function infoRoute(s: string): number {
  if (wordAt(s, 5, 'doi/')) return DOI;
  return wordAt(s, 5, 'hdl/') ? handleRoute(s, 9) : 0;
}

function colonRoute(s: string, key: number): number {
  if (key === URN_KEY) return urnRoute(s);
  if (key === HDL_KEY) return handleRoute(s, 4 + spacesAt(s, 4)); // `hdl: 10.…` is a DOI too
  if (key === INFO_KEY) return infoRoute(s);
  return COLON_LABELS.get(key) ?? 0;
}

/**
 * A string that starts with a letter (not http(s)://): read its first word of letters and hyphens, and
 * route on what follows it. ":" ends a label; "." or "/" may end an old-style arXiv archive name
 * (`hep-th/9901001`, `math.GT/0309136`); a digit or a space follows a few labels. Any `scheme://` may
 * be an ARK's URL prefix (looked at further only when another scheme is a candidate too: `pdi://`).
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
  let bits = 0;
  if (next === COLON) bits = colonRoute(s, key);
  else if (next === DOT) bits = ARXIV | bareHostRoute(s);
  else if (next === SLASH) bits = ARXIV;
  else if (isDigit(next)) bits = DIGIT_LABELS.get(key) ?? 0;
  else if (next === SPACE) bits = SPACE_LABELS.get(key) ?? 0;
  const hostStart = urlPrefixEnd(s, end);
  if (hostStart < 0) return bits;
  return bits === 0 || arkAfterUrlPrefix(s, hostStart) ? bits | ARK : bits;
}

/**
 * A URL without `http(s)://`, as a browser's address bar shows it (`doi.org/…`, `hdl.handle.net/…`,
 * `orcid.org/…`, `pubmed.ncbi.nlm.nih.gov/…`): the schemes of its host, read as `hostRoute` reads them
 * after a scheme. ARK is left to `bareHostArk`, which reads any host.
 */
function bareHostRoute(s: string): number {
  return hostRoute(s, 0) & ~ARK;
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

/**
 * A string that starts with a digit: a bare Handle when a "/" follows its run of digits and dots (`2027/x`,
 * and a DOI's `10.1000/182`); besides, `10.` is a bare DOI; `NNNN.` a new-style arXiv id; else its length
 * tells a bare ISSN (9: `NNNN-NNNC`), ORCID iD (16 digits, or 19 with hyphens) and ISBN (10 to
 * `MAX_BARE_ISBN`) apart.
 */
function digitRoute(s: string): number {
  // a "/" is in no bare ISBN or ISSN: their recognizers read digits, "-", " " and "X" only
  return numericPrefixLength(s) > 0 ? HANDLE | (numberRoute(s) & ~(ISBN | ISSN)) : numberRoute(s);
}

function numberRoute(s: string): number {
  if (tenDotAt(s, 0)) return DOI;
  const n = s.length;
  if (n > 4 && s.charCodeAt(4) === DOT) return ARXIV;
  if (n === 9) return ISSN;
  if (n === 16) return isDigit(s.charCodeAt(4)) ? ORCID | ISBN : ISBN; // an ORCID iD's 16 are all digits
  if (n === 19) return ORCID | ISBN;
  return n >= 10 && n <= MAX_BARE_ISBN ? ISBN : 0;
}

/** ARK when a hostname without a scheme starts the string and an `ark:` segment follows (`n2t.net/ark:…`). */
function bareHostArk(s: string): number {
  const slash = bareHostEnd(s);
  return slash > 0 && arkSegmentFrom(s, slash) ? ARK : 0;
}

/** The schemes (`SCHEME_BIT`s) that could recognize `s`: every one that does is among them. */
export function possibleSchemes(s: string): number {
  if (s.length === 0) return 0;
  const c = s.charCodeAt(0);
  if (isDigit(c)) return digitRoute(s) | bareHostArk(s);
  if (!isLetter(c)) return 0;
  const http = httpSchemeLength(s);
  return http > 0 ? hostRoute(s, http) : letterRoute(s) | bareHostArk(s);
}
