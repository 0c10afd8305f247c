import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import {
  ARRAYEXPRESS_ERROR_CODES,
  type ArrayexpressErrorCode,
  arrayexpressScheme,
  parseArrayexpress,
} from './arrayexpress.ts';

schemeContract(arrayexpressScheme, {
  // idutils' table (A-MEXP-1171, A-AFFY-17, E-MEXP-1712, E-MTAB-424, E-MTAB-4020, E-TABM-14, E-FLYC-6)
  valid: [
    'A-MEXP-1171',
    'A-AFFY-17',
    'E-MEXP-1712',
    'E-MTAB-424',
    'E-MTAB-4020',
    'E-TABM-14',
    'E-FLYC-6',
    'E-GEOD-12345',
    'arrayexpress:E-MTAB-424',
    'https://www.ebi.ac.uk/biostudies/arrayexpress/studies/E-MTAB-424',
    'http://www.ebi.ac.uk/arrayexpress/experiments/E-MEXP-1712/',
  ],
  invalid: ['E-MTA-424', 'E-mtab-424', 'E-MTAB-', 'E-MTAB-42x', 'E-MTAB424', 'arrayexpress:X-MTAB-1', 'E-MTAB-424/'],
  equivalent: [['E-MTAB-424', 'arrayexpress:E-MTAB-424', 'www.ebi.ac.uk/biostudies/arrayexpress/studies/E-MTAB-424/']],
  distinct: [['E-MTAB-424', 'A-MTAB-424']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'arrayexpress:'),
      fc.constantFrom('E-MTAB-', 'A-AFFY-', 'E-', 'E-MT-'),
      fc.stringMatching(/^[0-9/x]{0,6}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('ArrayExpress spellings', () => {
  spellings(parseArrayexpress, 'A-AFFY-17', [
    ['A-AFFY-17', 'bare'],
    ['arrayexpress.platform:A-AFFY-17', 'curie'],
    ['https://www.ebi.ac.uk/arrayexpress/arrays/A-AFFY-17', 'url'],
  ]);
  it('resolves to BioStudies, where ArrayExpress lives now', () => {
    const r = arrayexpressScheme.parse('E-MTAB-424');
    expect(r.ok && arrayexpressScheme.resolve(r.value.components)).toBe(
      'https://www.ebi.ac.uk/biostudies/arrayexpress/studies/E-MTAB-424',
    );
  });
});

errorTable('ArrayExpress', parseArrayexpress, ARRAYEXPRESS_ERROR_CODES, {
  'arrayexpress-label': ['X-MTAB-1', 0],
  'arrayexpress-prefix': ['E-MTA-424', 0],
  'arrayexpress-digits': ['E-MTAB-42x', 9],
  'arrayexpress-trailing': ['E-MTAB-424/', 10],
} satisfies Record<ArrayexpressErrorCode, readonly [string, number]>);
