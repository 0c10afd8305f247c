/**
 * GEO accessions (NCBI Gene Expression Omnibus): platforms `GPL…`, samples `GSM…`, series `GSE…` and
 * datasets `GDS…`, each a prefix and a number ("GEO accession numbers", ncbi.nlm.nih.gov/geo/info/overview.html).
 */
import { type AccessionIdentifier, accessionScheme, digitsRule, exactAt } from './engine.ts';

/** Every error code of the GEO parser. */
export const GEO_ERROR_CODES = [
  'geo-label', // bare, geo:, or a GEO page URL
  'geo-prefix', // GPL, GSM, GSE or GDS
  'geo-digits', // the number after the prefix
  'geo-trailing', // after the accession in a URL: one "/" at most
] as const;
export type GeoErrorCode = (typeof GEO_ERROR_CODES)[number];
export type GeoIdentifier = AccessionIdentifier<'geo'>;

const PREFIXES = ['GPL', 'GSM', 'GSE', 'GDS'] as const;
const isPrefix = (s: string, i: number): boolean => PREFIXES.some((p) => exactAt(s, i, p));

const geo = accessionScheme({
  name: 'geo',
  priority: 50,
  kinds: ['label', 'prefix', 'digits', 'trailing'],
  curies: ['geo:'],
  urls: [
    'www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=',
    'ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=',
    'identifiers.org/geo:',
  ],
  written: 'GSE55396, geo:GSE55396 or https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396',
  shape: isPrefix,
  check(s, start, end) {
    if (!isPrefix(s, start)) {
      return {
        kind: 'prefix',
        message: 'a GEO accession starts with GPL, GSM, GSE or GDS (upper case)',
        offset: start,
      };
    }
    return digitsRule(s, start + 3, end, { min: 1, version: 'none', what: 'the prefix' });
  },
  resolver: { template: 'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc={id}' },
  docs: {
    title: 'GEO accession, NCBI Gene Expression Omnibus',
    specification: 'NCBI GEO overview, "GEO accession numbers" (GPL, GSM, GSE, GDS)',
    page: 'docs/specs/accession.md',
    example: 'GSE55396',
  },
});

export const geoScheme = geo.scheme;
export const parseGeo = geo.parse;
export const normalizeGeo = geo.normalize;
export const formatGeo = geo.format;
export const compareGeo = geo.compare;
