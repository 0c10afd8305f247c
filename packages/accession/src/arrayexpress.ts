/**
 * ArrayExpress accessions (EMBL-EBI, now in BioStudies): `E-` for an experiment or `A-` for an array
 * design, a four-letter code naming where it came from (MTAB, MEXP, GEOD, AFFY, …), "-" and a number
 * ("ArrayExpress accession codes": E-XXXX-n, A-XXXX-n).
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, isUpper, upperIn } from './engine.ts';

/** Every error code of the ArrayExpress parser. */
export const ARRAYEXPRESS_ERROR_CODES = [
  'arrayexpress-label', // bare, arrayexpress:, or a BioStudies/ArrayExpress page URL
  'arrayexpress-prefix', // E- or A-, four upper-case letters, "-"
  'arrayexpress-digits', // one or more digits
  'arrayexpress-trailing', // after the accession in a URL: one "/" at most
] as const;
export type ArrayexpressErrorCode = (typeof ARRAYEXPRESS_ERROR_CODES)[number];
export type ArrayexpressIdentifier = AccessionIdentifier<'arrayexpress'>;

const isPrefix = (s: string, i: number): boolean =>
  upperIn(s, i, 'EA') &&
  s.charCodeAt(i + 1) === 45 &&
  isUpper(s.charCodeAt(i + 2)) &&
  isUpper(s.charCodeAt(i + 3)) &&
  isUpper(s.charCodeAt(i + 4)) &&
  isUpper(s.charCodeAt(i + 5)) &&
  s.charCodeAt(i + 6) === 45;

const arrayexpress = accessionScheme({
  name: 'arrayexpress',
  priority: 58,
  kinds: ['label', 'prefix', 'digits', 'trailing'],
  curies: ['arrayexpress:', 'arrayexpress.platform:'],
  urls: [
    'www.ebi.ac.uk/biostudies/arrayexpress/studies/',
    'www.ebi.ac.uk/biostudies/studies/',
    'www.ebi.ac.uk/arrayexpress/experiments/',
    'www.ebi.ac.uk/arrayexpress/arrays/',
    'identifiers.org/arrayexpress:',
    'identifiers.org/arrayexpress.platform:',
  ],
  written: 'E-MTAB-424, arrayexpress:E-MTAB-424 or https://www.ebi.ac.uk/biostudies/arrayexpress/studies/E-MTAB-424',
  shape: (s, i) => upperIn(s, i, 'EA') && s.charCodeAt(i + 1) === 45,
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return {
        kind: 'prefix',
        message:
          'an ArrayExpress accession is E- (experiment) or A- (array), four upper-case letters, "-" and a number',
        offset: start,
      };
    }
    return digitsRule(s, start + 7, end, { min: 1, version: 'none', what: 'the code' });
  },
  resolver: { template: 'https://www.ebi.ac.uk/biostudies/arrayexpress/studies/{id}' },
  docs: {
    title: 'ArrayExpress accession (experiments E-, array designs A-)',
    specification: 'EMBL-EBI "ArrayExpress accession codes": E-XXXX-n, A-XXXX-n',
    page: 'docs/specs/accession.md',
    example: 'E-MTAB-424',
  },
});

export const arrayexpressScheme = arrayexpress.scheme;
export const parseArrayexpress = arrayexpress.parse;
export const normalizeArrayexpress = arrayexpress.normalize;
export const formatArrayexpress = arrayexpress.format;
export const compareArrayexpress = arrayexpress.compare;
