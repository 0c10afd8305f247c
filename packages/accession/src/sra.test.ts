import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { parseSra, SRA_ERROR_CODES, type SraErrorCode, sraScheme } from './sra.ts';

schemeContract(sraScheme, {
  // idutils' table (SRX3529244, SRR6437777) and ENA's examples (ERP123456, ERS123456, ERX123456, ERR123456, ERZ123456)
  valid: [
    'SRX3529244',
    'SRR6437777',
    'ERP123456',
    'ERS123456',
    'ERX123456',
    'ERR123456',
    'ERZ123456',
    'DRA000001',
    'insdc.sra:SRR6437777',
    'https://www.ebi.ac.uk/ena/browser/view/ERR123456',
    'http://www.ebi.ac.uk/ena/data/view/SRR6437777',
    'https://www.ncbi.nlm.nih.gov/sra/SRX3529244/',
  ],
  invalid: ['SRR12345', 'SRRX', 'SRR1234567x', 'insdc.sra:SRQ123456', 'insdc.sra:srr123456', 'SRR123456/'],
  equivalent: [['SRR6437777', 'insdc.sra:SRR6437777', 'https://www.ebi.ac.uk/ena/browser/view/SRR6437777/']],
  distinct: [['SRR6437777', 'ERR6437777']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'insdc.sra:', 'https://www.ebi.ac.uk/ena/browser/view/'),
      fc.constantFrom('SRR', 'ERX', 'DRZ', 'SRQ', 'SR'),
      fc.stringMatching(/^[0-9a/]{0,9}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('SRA spellings', () => {
  spellings(parseSra, 'ERR123456', [
    ['ERR123456', 'bare'],
    ['INSDC.SRA:ERR123456', 'curie'],
    ['https://www.ebi.ac.uk/ena/browser/view/ERR123456', 'url'],
    ['https://identifiers.org/insdc.sra:ERR123456', 'url'],
  ]);
  it('resolves to the ENA browser, which shows every INSDC archive', () => {
    const r = sraScheme.parse('DRR000001');
    expect(r.ok && sraScheme.resolve(r.value.components)).toBe('https://www.ebi.ac.uk/ena/browser/view/DRR000001');
  });
  it('leaves an ENA page of another accession to its scheme', () => {
    expect(sraScheme.recognize('https://www.ebi.ac.uk/ena/browser/view/PRJEB12345')).toBe(false);
  });
});

errorTable('SRA', parseSra, SRA_ERROR_CODES, {
  'sra-label': ['SRQ123456', 0],
  'sra-prefix': ['insdc.sra:SRQ123456', 10],
  'sra-digits': ['SRR12345', 8],
  'sra-trailing': ['SRR123456/', 9],
} satisfies Record<SraErrorCode, readonly [string, number]>);
