import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { BIOPROJECT_ERROR_CODES, type BioprojectErrorCode, bioprojectScheme, parseBioproject } from './bioproject.ts';

schemeContract(bioprojectScheme, {
  // idutils' table (PRJNA224116), ENA's example (PRJEB12345), DDBJ's PRJDB prefix
  valid: [
    'PRJNA224116',
    'PRJEB12345',
    'PRJDB1234',
    'PRJEA12',
    'bioproject:PRJNA224116',
    'https://www.ncbi.nlm.nih.gov/bioproject/PRJNA224116',
    'https://www.ebi.ac.uk/ena/browser/view/PRJEB12345',
    'identifiers.org/bioproject:PRJDB1234/',
  ],
  invalid: ['PRJ', 'PRJXA1', 'PRJNA', 'PRJNA12x', 'PRJN1', 'bioproject:PRJXA1', 'PRJNA1/'],
  equivalent: [['PRJNA224116', 'bioproject:PRJNA224116', 'ncbi.nlm.nih.gov/bioproject/PRJNA224116/']],
  distinct: [['PRJNA224116', 'PRJEB224116']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'bioproject:'),
      fc.constantFrom('PRJNA', 'PRJEB', 'PRJ', 'PRJX'),
      fc.stringMatching(/^[0-9a/]{0,8}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('BioProject spellings', () => {
  spellings(parseBioproject, 'PRJEB12345', [
    ['PRJEB12345', 'bare'],
    ['BioProject:PRJEB12345', 'curie'],
    ['http://www.ebi.ac.uk/ena/data/view/PRJEB12345', 'url'],
  ]);
  it('resolves to NCBI BioProject, which shows every INSDC project', () => {
    const r = bioprojectScheme.parse('PRJEB12345');
    expect(r.ok && bioprojectScheme.resolve(r.value.components)).toBe(
      'https://www.ncbi.nlm.nih.gov/bioproject/PRJEB12345',
    );
  });
});

errorTable('BioProject', parseBioproject, BIOPROJECT_ERROR_CODES, {
  'bioproject-label': ['PJNA1', 0],
  'bioproject-prefix': ['PRJXA1', 0],
  'bioproject-digits': ['PRJNA12x', 7],
  'bioproject-trailing': ['PRJNA1/', 6],
} satisfies Record<BioprojectErrorCode, readonly [string, number]>);
