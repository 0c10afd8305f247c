import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { compareGeo, GEO_ERROR_CODES, type GeoErrorCode, geoScheme, parseGeo } from './geo.ts';

schemeContract(geoScheme, {
  // idutils' table (GPL9, GSM888, GSE55396, GDS1234) and GEO's overview
  valid: [
    'GPL9',
    'GSM888',
    'GSE55396',
    'GDS1234',
    'geo:GSE55396',
    'GEO:GSE55396',
    'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396',
    'ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GPL9/',
    'https://identifiers.org/geo:GDS1234',
  ],
  invalid: ['GSE', 'GSEX', 'GSE12a', 'geo:GXE1', 'geo:gse1', 'geo:GSE1/', 'https://identifiers.org/geo:GSE1/x'],
  equivalent: [['GSE55396', 'geo:GSE55396', 'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396/']],
  distinct: [['GSE55396', 'GSM55396']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'geo:', 'https://identifiers.org/geo:'),
      fc.constantFrom('GSE', 'GPL', 'GSM', 'GDS', 'G'),
      fc.stringMatching(/^[0-9a/.]{0,8}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('GEO spellings', () => {
  spellings(parseGeo, 'GSE55396', [
    ['GSE55396', 'bare'],
    ['geo:GSE55396', 'curie'],
    ['http://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE55396', 'url'],
    ['https://identifiers.org/geo:GSE55396', 'url'],
  ]);
  it('resolves to the GEO accession page', () => {
    const r = geoScheme.parse('geo:GSM888');
    expect(r.ok && geoScheme.resolve(r.value.components)).toBe(
      'https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSM888',
    );
    expect(compareGeo('GSE1', 'geo:GSE1')).toEqual({ ok: true, value: true });
  });
  it('does not claim lower-case or other G words', () => {
    for (const s of ['gse1', 'GSX1', 'Gene1', 'GS1']) expect(geoScheme.recognize(s), s).toBe(false);
  });
});

errorTable('GEO', parseGeo, GEO_ERROR_CODES, {
  'geo-label': ['GXE1', 0],
  'geo-prefix': ['geo:GXE1', 4],
  'geo-digits': ['GSE12a', 5],
  'geo-trailing': ['geo:GSE1/', 8],
} satisfies Record<GeoErrorCode, readonly [string, number]>);
