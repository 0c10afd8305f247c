/** Labels and character tests of arXiv identifiers; no regular expressions. */
import { httpHostPrefix, httpSchemeLength, isDigit, wordAt } from '@pidgate/core';

export { httpHostPrefix, httpSchemeLength, isDigit, wordAt };

export function isLetter(c: number): boolean {
  return (c | 0x20) >= 97 && (c | 0x20) <= 122;
}

/** The hosts whose /abs/ and /pdf/ paths name an arXiv article. */
export const ARXIV_HOSTS = ['arxiv.org', 'www.arxiv.org', 'export.arxiv.org'] as const;

/** `host/` of one of `ARXIV_HOSTS` at the start of `s`, written without `http(s)://`: its length, or 0. */
export function bareHostPrefix(s: string): number {
  for (const host of ARXIV_HOSTS) {
    if (s.charCodeAt(host.length) === 47 && wordAt(s, 0, host)) return host.length + 1;
  }
  return 0;
}

/**
 * The archives of old-style identifiers (before April 2007), each as written in identifiers: arXiv's
 * archive list, including the archives merged or retired since.
 */
export const OLD_ARCHIVES: ReadonlySet<string> = new Set([
  'acc-phys',
  'adap-org',
  'alg-geom',
  'ao-sci',
  'astro-ph',
  'atom-ph',
  'bayes-an',
  'chao-dyn',
  'chem-ph',
  'cmp-lg',
  'comp-gas',
  'cond-mat',
  'cs',
  'dg-ga',
  'funct-an',
  'gr-qc',
  'hep-ex',
  'hep-lat',
  'hep-ph',
  'hep-th',
  'math',
  'math-ph',
  'mtrl-th',
  'nlin',
  'nucl-ex',
  'nucl-th',
  'patt-sol',
  'physics',
  'plasm-ph',
  'q-alg',
  'q-bio',
  'quant-ph',
  'solv-int',
  'supr-con',
]);

/**
 * Every archive of arXiv's category taxonomy: the old-style archives and those opened since April 2007
 * (`econ`, `eess`, `q-fin`, `stat`), which have new-style identifiers only. An archive prefixed to a
 * new-style identifier (`hep-th/1601.07616`) or named in a category (`[q-bio.CB]`) is one of these.
 */
export const ARCHIVES: ReadonlySet<string> = new Set([...OLD_ARCHIVES, 'econ', 'eess', 'q-fin', 'stat']);

/** The longest archive name, plus a subject class: how far a bare old-style look goes for its "/". */
export const MAX_OLD_PREFIX = 24;

/** A new-style bare identifier begins `NNNN.N` (a cheap look). */
export function looksNew(s: string, i: number): boolean {
  return (
    isDigit(s.charCodeAt(i)) &&
    isDigit(s.charCodeAt(i + 1)) &&
    isDigit(s.charCodeAt(i + 2)) &&
    isDigit(s.charCodeAt(i + 3)) &&
    s.charCodeAt(i + 4) === 46 &&
    isDigit(s.charCodeAt(i + 5))
  );
}

/**
 * An old-style bare identifier begins with a known archive, an optional `.class`, then "/" and a digit
 * (so does a new-style one written after its archive, `hep-th/1601.07616`).
 */
export function looksOld(s: string, i: number): boolean {
  let j = i;
  while (j < s.length && j - i < MAX_OLD_PREFIX && (isLetter(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
  const end = j;
  // the archive must end at "." or "/": most strings fail here, before any allocation
  if (j === i || (s.charCodeAt(j) !== 46 && s.charCodeAt(j) !== 47)) return false;
  if (s.charCodeAt(j) === 46) {
    j++;
    while (j < s.length && j - i < MAX_OLD_PREFIX && (isLetter(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
  }
  return s.charCodeAt(j) === 47 && isDigit(s.charCodeAt(j + 1)) && ARCHIVES.has(s.slice(i, end).toLowerCase());
}
