/**
 * NCBI Reference Sequence accessions: two letters naming the molecule and how it was made (NM_ mRNA,
 * NP_ protein, NC_ chromosome, XM_ predicted mRNA, WP_ non-redundant protein, …), "_", six or more
 * digits and an optional `.version`; `NZ_` and a WGS project's four or six letters for whole-genome
 * shotgun contigs (RefSeq, NAR 2016 44(D1):D733 Table 1; NCBI "RefSeq accession numbers and molecule types").
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, exactAt, isUpper } from './engine.ts';

/** Every error code of the RefSeq parser. */
export const REFSEQ_ERROR_CODES = [
  'refseq-label', // bare, refseq:, or an NCBI nuccore/protein URL
  'refseq-prefix', // one of the RefSeq prefixes, then "_"
  'refseq-digits', // six or more digits (NZ_: eight or more after the project's letters)
  'refseq-version', // ".version": digits
  'refseq-trailing', // after the accession in a URL: one "/" at most
] as const;
export type RefseqErrorCode = (typeof REFSEQ_ERROR_CODES)[number];
export type RefseqIdentifier = AccessionIdentifier<'refseq'>;

/** The RefSeq prefixes (Table 1), proteins last. */
const NUCLEOTIDE = ['AC', 'NC', 'NG', 'NT', 'NW', 'NZ', 'NM', 'NR', 'XM', 'XR'] as const;
const PROTEIN = ['AP', 'NP', 'YP', 'XP', 'WP'] as const;
const isPrefix = (s: string, i: number, list: readonly string[]): boolean =>
  s.charCodeAt(i + 2) === 95 && list.some((p) => exactAt(s, i, p));
const isRefseq = (s: string, i: number): boolean => isPrefix(s, i, NUCLEOTIDE) || isPrefix(s, i, PROTEIN);

const refseq = accessionScheme({
  name: 'refseq',
  priority: 56,
  kinds: ['label', 'prefix', 'digits', 'version', 'trailing'],
  curies: ['refseq:'],
  urls: [
    'www.ncbi.nlm.nih.gov/nuccore/',
    'www.ncbi.nlm.nih.gov/protein/',
    'ncbi.nlm.nih.gov/nuccore/',
    'ncbi.nlm.nih.gov/protein/',
    'identifiers.org/refseq:',
  ],
  written: 'NM_206454, refseq:NM_206454 or https://www.ncbi.nlm.nih.gov/nuccore/NM_206454',
  shape: (s, i) => isUpper(s.charCodeAt(i)) && isUpper(s.charCodeAt(i + 1)) && s.charCodeAt(i + 2) === 95,
  check(s, start, end) {
    if (!isRefseq(s, start)) {
      return {
        kind: 'prefix',
        message: 'a RefSeq accession starts with AC, NC, NG, NT, NW, NZ, NM, NR, XM, XR, AP, NP, YP, XP or WP and "_"',
        offset: start,
      };
    }
    if (!exactAt(s, start, 'NZ')) {
      return digitsRule(s, start + 3, end, { min: 6, version: 'optional', what: 'the prefix' });
    }
    let k = start + 3;
    while (k < end && k - start - 3 < 7 && isUpper(s.charCodeAt(k))) k++;
    if (k - start - 3 !== 4 && k - start - 3 !== 6) {
      return { kind: 'prefix', message: "NZ_ is followed by a WGS project's four or six letters", offset: start + 3 };
    }
    return digitsRule(s, k, end, { min: 8, version: 'optional', what: "the WGS project's letters" });
  },
  // NCBI shows nucleotide records under /nuccore/ and proteins under /protein/
  resolver: {
    template: 'https://www.ncbi.nlm.nih.gov/{id}',
    id: (c) => `${isPrefix(c.id, 0, PROTEIN) ? 'protein' : 'nuccore'}/${c.id}`,
  },
  docs: {
    title: 'RefSeq accession, NCBI Reference Sequence',
    specification:
      'RefSeq accession prefixes (NAR 2016 44(D1):D733, Table 1): XX_ and six or more digits, NZ_ and a WGS project',
    page: 'docs/specs/accession.md',
    example: 'NM_206454',
  },
});

export const refseqScheme = refseq.scheme;
export const parseRefseq = refseq.parse;
export const normalizeRefseq = refseq.normalize;
export const formatRefseq = refseq.format;
export const compareRefseq = refseq.compare;
