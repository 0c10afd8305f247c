/**
 * UniProtKB accessions, by UniProt's own regular expression ("Accession numbers", uniprot.org/help/accession_numbers):
 * `[OPQ][0-9][A-Z0-9]{3}[0-9]` or `[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2}`, six or ten characters,
 * written here as a loop over the positions. An isoform (`-2`) or a sequence version (`.3`) may follow.
 */

import { isDigit } from '@pidgate/core';
import { type AccessionIdentifier, accessionScheme, digitAt, digitsEnd, isUpper, upperIn } from './engine.ts';

/** Every error code of the UniProt parser. */
export const UNIPROT_ERROR_CODES = [
  'uniprot-label', // bare, uniprot:, or a uniprot.org entry URL
  'uniprot-character', // a character the accession pattern does not allow at its position
  'uniprot-length', // six or ten characters
  'uniprot-version', // "-isoform" or ".version": digits
  'uniprot-trailing', // after the accession in a URL: one "/" at most
] as const;
export type UniprotErrorCode = (typeof UNIPROT_ERROR_CODES)[number];
export type UniprotIdentifier = AccessionIdentifier<'uniprot'>;

const isUpperOrDigit = (c: number): boolean => isUpper(c) || isDigit(c);

/** The length of the run of upper-case letters and digits from `i`, at most 11. */
function runLength(s: string, i: number): number {
  let k = i;
  while (k < s.length && k - i < 11 && isUpperOrDigit(s.charCodeAt(k))) k++;
  return k - i;
}

/** Does the character at `k` (the `p`-th of the accession) fit the pattern? */
function fits(s: string, start: number, p: number): boolean {
  const c = s.charCodeAt(start + p);
  const opq = upperIn(s, start, 'OPQ');
  if (p === 0) return isUpper(c);
  if (p === 1) return isDigit(c);
  if (opq) return p === 5 ? isDigit(c) : isUpperOrDigit(c);
  // [A-NR-Z][0-9] then one or two blocks of [A-Z][A-Z0-9]{2}[0-9]
  const q = (p - 2) % 4;
  return q === 0 ? isUpper(c) : q === 3 ? isDigit(c) : isUpperOrDigit(c);
}

const uniprot = accessionScheme({
  name: 'uniprot',
  priority: 55,
  kinds: ['label', 'character', 'length', 'version', 'trailing'],
  curies: ['uniprot:'],
  urls: [
    'www.uniprot.org/uniprotkb/',
    'www.uniprot.org/uniprot/',
    'rest.uniprot.org/uniprotkb/',
    'purl.uniprot.org/uniprot/',
    'identifiers.org/uniprot:',
  ],
  written: 'P02833, uniprot:P02833 or https://www.uniprot.org/uniprotkb/P02833',
  // six or ten letters and digits, a letter and a digit first, then the end, an isoform, a version or "/"
  shape(s, i) {
    if (!isUpper(s.charCodeAt(i)) || !digitAt(s, i + 1)) return false;
    const n = runLength(s, i);
    if (n !== 6 && n !== 10) return false;
    const next = s.charCodeAt(i + n);
    return i + n === s.length || next === 45 || next === 46 || next === 47;
  },
  check(s, start, end) {
    const n = runLength(s, start);
    const opq = upperIn(s, start, 'OPQ');
    for (let p = 0, upto = Math.min(Math.max(n, 2), 10); p < upto; p++) {
      if (!fits(s, start, p)) {
        return {
          kind: 'character',
          message: 'a UniProt accession is [OPQ][0-9][A-Z0-9]{3}[0-9] or [A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2}',
          offset: start + p,
        };
      }
    }
    if (n !== 6 && (opq || n !== 10)) {
      return {
        kind: 'length',
        message: opq
          ? 'a UniProt accession that starts with O, P or Q is six characters'
          : 'a UniProt accession is six or ten characters',
        offset: start,
      };
    }
    const after = start + n;
    if (after === end) return null;
    const c = s.charCodeAt(after);
    const v = digitsEnd(s, after + 1, end);
    if ((c !== 45 && c !== 46) || v === after + 1 || v !== end) {
      return {
        kind: 'version',
        message: 'after the accession: an isoform "-2" or a sequence version ".3", nothing else',
        offset: after,
      };
    }
    return null;
  },
  // uniprot.org shows an entry by its accession: an isoform or version is not sent
  resolver: {
    template: 'https://www.uniprot.org/uniprotkb/{id}',
    id: (c) => c.id.slice(0, runLength(c.id, 0)),
  },
  docs: {
    title: 'UniProtKB accession (protein sequences)',
    specification:
      'UniProt "Accession numbers": [OPQ][0-9][A-Z0-9]{3}[0-9] | [A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2}',
    page: 'docs/specs/accession.md',
    example: 'P02833',
  },
});

export const uniprotScheme = uniprot.scheme;
export const parseUniprot = uniprot.parse;
export const normalizeUniprot = uniprot.normalize;
export const formatUniprot = uniprot.format;
export const compareUniprot = uniprot.compare;
