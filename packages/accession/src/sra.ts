/**
 * Sequence Read Archive accessions, shared by the INSDC archives (NCBI SRA, ENA, DDBJ): the first letter
 * names the archive that took the submission (S, E, D), then `R` and the kind of record (A submission,
 * P study, S sample, X experiment, R run, Z analysis), then six or more digits (ENA, "Accession Numbers").
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, upperIn } from './engine.ts';

/** Every error code of the SRA parser. */
export const SRA_ERROR_CODES = [
  'sra-label', // bare, insdc.sra:, or an SRA/ENA page URL
  'sra-prefix', // [SED]R[APRSXZ]
  'sra-digits', // six or more digits
  'sra-trailing', // after the accession in a URL: one "/" at most
] as const;
export type SraErrorCode = (typeof SRA_ERROR_CODES)[number];
export type SraIdentifier = AccessionIdentifier<'sra'>;

const isPrefix = (s: string, i: number): boolean =>
  upperIn(s, i, 'SED') && s.charCodeAt(i + 1) === 82 && upperIn(s, i + 2, 'APRSXZ');

/** The ENA browser's page URLs, which serve every INSDC accession (shared with BioProject, BioSample and assemblies). */
export const ENA_URLS = ['www.ebi.ac.uk/ena/browser/view/', 'www.ebi.ac.uk/ena/data/view/'] as const;

const sra = accessionScheme({
  name: 'sra',
  priority: 51,
  kinds: ['label', 'prefix', 'digits', 'trailing'],
  curies: ['insdc.sra:'],
  urls: [...ENA_URLS, 'www.ncbi.nlm.nih.gov/sra/', 'ncbi.nlm.nih.gov/sra/', 'identifiers.org/insdc.sra:'],
  written: 'SRR6437777, insdc.sra:SRR6437777 or https://www.ebi.ac.uk/ena/browser/view/SRR6437777',
  shape: isPrefix,
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return {
        kind: 'prefix',
        message: 'an SRA accession starts with S, E or D, then R, then one of A, P, R, S, X, Z (upper case)',
        offset: start,
      };
    }
    return digitsRule(s, start + 3, end, { min: 6, version: 'none', what: 'the prefix' });
  },
  resolver: { template: 'https://www.ebi.ac.uk/ena/browser/view/{id}' },
  docs: {
    title: 'SRA accession, INSDC Sequence Read Archive (NCBI SRA, ENA, DDBJ)',
    specification: 'ENA "Accession Numbers": (E|D|S)R(A|P|S|X|R|Z)[0-9]{6,}',
    page: 'docs/specs/accession.md',
    example: 'SRR6437777',
  },
});

export const sraScheme = sra.scheme;
export const parseSra = sra.parse;
export const normalizeSra = sra.normalize;
export const formatSra = sra.format;
export const compareSra = sra.compare;
