/**
 * BioSample accessions: `SAM`, the archive that registered it (N NCBI, E EBI, D DDBJ), an optional letter
 * and digits (ENA "Accession Numbers": SAM(E|D|N)[A-Z]?[0-9]+; SAMN08289383, SAMEA123456, SAMD00000001).
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, exactAt, isUpper, upperIn } from './engine.ts';
import { ENA_URLS } from './sra.ts';

/** Every error code of the BioSample parser. */
export const BIOSAMPLE_ERROR_CODES = [
  'biosample-label', // bare, biosample:, or a BioSample/ENA page URL
  'biosample-prefix', // SAM, then N, E or D, then an optional letter
  'biosample-digits', // one or more digits
  'biosample-trailing', // after the accession in a URL: one "/" at most
] as const;
export type BiosampleErrorCode = (typeof BIOSAMPLE_ERROR_CODES)[number];
export type BiosampleIdentifier = AccessionIdentifier<'biosample'>;

const isPrefix = (s: string, i: number): boolean => exactAt(s, i, 'SAM') && upperIn(s, i + 3, 'NED');

const biosample = accessionScheme({
  name: 'biosample',
  priority: 53,
  kinds: ['label', 'prefix', 'digits', 'trailing'],
  curies: ['biosample:'],
  urls: [
    ...ENA_URLS,
    'www.ncbi.nlm.nih.gov/biosample/',
    'ncbi.nlm.nih.gov/biosample/',
    'www.ebi.ac.uk/biosamples/samples/',
    'identifiers.org/biosample:',
  ],
  written: 'SAMN08289383, biosample:SAMN08289383 or https://www.ncbi.nlm.nih.gov/biosample/SAMN08289383',
  shape: (s, i) => exactAt(s, i, 'SAM'),
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return {
        kind: 'prefix',
        message: 'a BioSample accession starts with SAM, then N, E or D (upper case): SAMN, SAMEA, SAMD',
        offset: start,
      };
    }
    const digits = isUpper(s.charCodeAt(start + 4)) ? start + 5 : start + 4;
    return digitsRule(s, digits, end, { min: 1, version: 'none', what: 'the prefix' });
  },
  resolver: { template: 'https://www.ncbi.nlm.nih.gov/biosample/{id}' },
  docs: {
    title: 'BioSample accession (NCBI, EBI, DDBJ)',
    specification: 'ENA "Accession Numbers": SAM(E|D|N)[A-Z]?[0-9]+',
    page: 'docs/specs/accession.md',
    example: 'SAMN08289383',
  },
});

export const biosampleScheme = biosample.scheme;
export const parseBiosample = biosample.parse;
export const normalizeBiosample = biosample.normalize;
export const formatBiosample = biosample.format;
export const compareBiosample = biosample.compare;
