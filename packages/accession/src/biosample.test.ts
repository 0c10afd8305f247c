import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { BIOSAMPLE_ERROR_CODES, type BiosampleErrorCode, biosampleScheme, parseBiosample } from './biosample.ts';

schemeContract(biosampleScheme, {
  // idutils' table (SAMN08289383), ENA's example (SAMEA123456), DDBJ's SAMD
  valid: [
    'SAMN08289383',
    'SAMEA123456',
    'SAMD00000001',
    'biosample:SAMN08289383',
    'https://www.ncbi.nlm.nih.gov/biosample/SAMN08289383',
    'https://www.ebi.ac.uk/biosamples/samples/SAMEA123456/',
  ],
  invalid: ['SAM', 'SAMX1', 'SAMN', 'SAMEA', 'SAMN1x', 'biosample:SAMX1', 'SAMN1/'],
  equivalent: [['SAMN08289383', 'biosample:SAMN08289383', 'www.ncbi.nlm.nih.gov/biosample/SAMN08289383']],
  distinct: [['SAMN08289383', 'SAMD08289383']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'biosample:'),
      fc.constantFrom('SAMN', 'SAMEA', 'SAM', 'SAMX'),
      fc.stringMatching(/^[0-9a/]{0,8}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('BioSample spellings', () => {
  spellings(parseBiosample, 'SAMEA123456', [
    ['SAMEA123456', 'bare'],
    ['biosample:SAMEA123456', 'curie'],
    ['https://www.ebi.ac.uk/ena/browser/view/SAMEA123456', 'url'],
  ]);
  it('resolves to NCBI BioSample', () => {
    const r = biosampleScheme.parse('SAMD00000001');
    expect(r.ok && biosampleScheme.resolve(r.value.components)).toBe(
      'https://www.ncbi.nlm.nih.gov/biosample/SAMD00000001',
    );
  });
});

errorTable('BioSample', parseBiosample, BIOSAMPLE_ERROR_CODES, {
  'biosample-label': ['SMN1', 0],
  'biosample-prefix': ['SAMX1', 0],
  'biosample-digits': ['SAMN1x', 5],
  'biosample-trailing': ['SAMN1/', 5],
} satisfies Record<BiosampleErrorCode, readonly [string, number]>);
