/**
 * BioProject accessions: `PRJ`, the archive that registered it (N NCBI, E ENA, D DDBJ), one letter and
 * digits (ENA "Accession Numbers": PRJ(E|D|N)[A-Z][0-9]+; NCBI PRJNA, ENA PRJEB, DDBJ PRJDB).
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, exactAt, isUpper, upperIn } from './engine.ts';
import { ENA_URLS } from './sra.ts';

/** Every error code of the BioProject parser. */
export const BIOPROJECT_ERROR_CODES = [
  'bioproject-label', // bare, bioproject:, or a BioProject/ENA page URL
  'bioproject-prefix', // PRJ, then N, E or D, then a letter
  'bioproject-digits', // one or more digits
  'bioproject-trailing', // after the accession in a URL: one "/" at most
] as const;
export type BioprojectErrorCode = (typeof BIOPROJECT_ERROR_CODES)[number];
export type BioprojectIdentifier = AccessionIdentifier<'bioproject'>;

const isPrefix = (s: string, i: number): boolean =>
  exactAt(s, i, 'PRJ') && upperIn(s, i + 3, 'NED') && isUpper(s.charCodeAt(i + 4));

const bioproject = accessionScheme({
  name: 'bioproject',
  priority: 52,
  kinds: ['label', 'prefix', 'digits', 'trailing'],
  curies: ['bioproject:'],
  urls: [
    ...ENA_URLS,
    'www.ncbi.nlm.nih.gov/bioproject/',
    'ncbi.nlm.nih.gov/bioproject/',
    'identifiers.org/bioproject:',
  ],
  written: 'PRJNA224116, bioproject:PRJNA224116 or https://www.ncbi.nlm.nih.gov/bioproject/PRJNA224116',
  shape: (s, i) => exactAt(s, i, 'PRJ'),
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return {
        kind: 'prefix',
        message:
          'a BioProject accession starts with PRJ, then N, E or D, then a letter (upper case): PRJNA, PRJEB, PRJDB',
        offset: start,
      };
    }
    return digitsRule(s, start + 5, end, { min: 1, version: 'none', what: 'the prefix' });
  },
  resolver: { template: 'https://www.ncbi.nlm.nih.gov/bioproject/{id}' },
  docs: {
    title: 'BioProject accession (NCBI, ENA, DDBJ)',
    specification: 'ENA "Accession Numbers": PRJ(E|D|N)[A-Z][0-9]+',
    page: 'docs/specs/accession.md',
    example: 'PRJNA224116',
  },
});

export const bioprojectScheme = bioproject.scheme;
export const parseBioproject = bioproject.parse;
export const normalizeBioproject = bioproject.normalize;
export const formatBioproject = bioproject.format;
export const compareBioproject = bioproject.compare;
