/**
 * Genome assembly accessions: `GCA_` (INSDC, GenBank) or `GCF_` (RefSeq), nine digits and a version
 * (ENA "Accession Numbers": GCA_[0-9]{9}.[0-9]+; NCBI Assembly: GCF_ the RefSeq copy of a GCA_).
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, exactAt } from './engine.ts';
import { ENA_URLS } from './sra.ts';

/** Every error code of the assembly parser. */
export const GENOME_ERROR_CODES = [
  'genome-label', // bare, or an NCBI Datasets/Assembly or ENA page URL
  'genome-prefix', // GCA_ or GCF_
  'genome-digits', // nine digits
  'genome-version', // ".version", required
  'genome-trailing', // after the accession in a URL: one "/" at most
] as const;
export type GenomeErrorCode = (typeof GENOME_ERROR_CODES)[number];
export type GenomeIdentifier = AccessionIdentifier<'genome'>;

const isPrefix = (s: string, i: number): boolean => exactAt(s, i, 'GCA_') || exactAt(s, i, 'GCF_');

const genome = accessionScheme({
  name: 'genome',
  priority: 57,
  kinds: ['label', 'prefix', 'digits', 'version', 'trailing'],
  curies: ['insdc.gca:'],
  urls: [
    'www.ncbi.nlm.nih.gov/datasets/genome/',
    'www.ncbi.nlm.nih.gov/assembly/',
    'ncbi.nlm.nih.gov/datasets/genome/',
    'ncbi.nlm.nih.gov/assembly/',
    ...ENA_URLS,
    'identifiers.org/insdc.gca:',
  ],
  written: 'GCF_000001405.40 or https://www.ncbi.nlm.nih.gov/datasets/genome/GCF_000001405.40/',
  shape: (s, i) => exactAt(s, i, 'GC') && s.charCodeAt(i + 3) === 95,
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return { kind: 'prefix', message: 'an assembly accession starts with GCA_ or GCF_', offset: start };
    }
    return digitsRule(s, start + 4, end, { min: 9, exact: 9, version: 'required', what: 'GCA_ or GCF_' });
  },
  resolver: { template: 'https://www.ncbi.nlm.nih.gov/datasets/genome/{id}/' },
  docs: {
    title: 'Genome assembly accession (GenBank GCA_, RefSeq GCF_)',
    specification: 'ENA "Accession Numbers": GCA_[0-9]{9}.[0-9]+; NCBI Assembly GCF_',
    page: 'docs/specs/accession.md',
    example: 'GCF_000001405.38',
  },
});

export const genomeScheme = genome.scheme;
export const parseGenome = genome.parse;
export const normalizeGenome = genome.normalize;
export const formatGenome = genome.format;
export const compareGenome = genome.compare;
