import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { ENSEMBL_ERROR_CODES, type EnsemblErrorCode, ensemblScheme, parseEnsembl } from './ensembl.ts';

schemeContract(ensemblScheme, {
  // idutils' table (ENSG00000012048, ENSMUST00000017290); ensembl.org's stable-ID examples
  valid: [
    'ENSG00000012048',
    'ENSMUST00000017290',
    'ENSG00000139618.15',
    'ENST00000380152',
    'ENSP00000369497',
    'ENSE00001184784',
    'ENSR00000000001',
    'ENSDARG00000002000',
    'ENSCSAVG00000000002',
    'ENSGT00390000003602',
    'ENSFM00250000000104',
    'ensembl:ENSG00000139618',
    'https://www.ensembl.org/id/ENSG00000139618',
    'http://ensembl.org/id/ENST00000380152.7/',
  ],
  invalid: [
    'ENSX00000012048',
    'ENSABCDEG00000017290',
    'ENSG0000001204',
    'ENSG000000120489',
    'ENSG00000012048.',
    'ENSG00000012048.x',
    'ensembl:ensg00000012048',
    'ENSGT00390000003',
  ],
  equivalent: [['ENSG00000139618', 'ensembl:ENSG00000139618', 'https://www.ensembl.org/id/ENSG00000139618/']],
  distinct: [['ENSG00000139618', 'ENSG00000139618.15']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'ensembl:'),
      fc.constantFrom('ENSG', 'ENSMUST', 'ENSGT', 'ENS', 'ENSABCDEFG'),
      fc.stringMatching(/^[0-9.]{0,16}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('Ensembl spellings', () => {
  spellings(parseEnsembl, 'ENSMUST00000017290', [
    ['ENSMUST00000017290', 'bare'],
    ['ensembl:ENSMUST00000017290', 'curie'],
    ['https://identifiers.org/ensembl:ENSMUST00000017290', 'url'],
  ]);
  it('resolves through ensembl.org/id/, the stable ID without its version', () => {
    const r = ensemblScheme.parse('ENSG00000139618.15');
    expect(r.ok && [r.value.normalized, ensemblScheme.resolve(r.value.components)]).toEqual([
      'ENSG00000139618.15',
      'https://www.ensembl.org/id/ENSG00000139618',
    ]);
  });
});

errorTable('Ensembl', parseEnsembl, ENSEMBL_ERROR_CODES, {
  'ensembl-label': ['EN00000012048', 0],
  'ensembl-prefix': ['ENSX00000012048', 0],
  'ensembl-digits': ['ENSG0000001204', 14],
  'ensembl-version': ['ENSG00000012048.x', 16],
  'ensembl-trailing': ['ensembl:ENSG00000012048/', 23],
} satisfies Record<EnsemblErrorCode, readonly [string, number]>);
