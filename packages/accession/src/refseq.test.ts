import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { parseRefseq, REFSEQ_ERROR_CODES, type RefseqErrorCode, refseqScheme } from './refseq.ts';

schemeContract(refseqScheme, {
  // idutils' table (NZ_JXSL01000036.1, NM_206454, XM_002113800.1) and RefSeq's prefixes
  valid: [
    'NZ_JXSL01000036.1',
    'NM_206454',
    'XM_002113800.1',
    'NC_000001.11',
    'NP_000483.3',
    'WP_000001234.1',
    'NZ_CAAAAA010000001.1',
    'refseq:NM_206454',
    'https://www.ncbi.nlm.nih.gov/nuccore/NC_000001.11',
    'https://www.ncbi.nlm.nih.gov/protein/NP_000483.3/',
  ],
  invalid: [
    'NM_12345',
    'QQ_123456',
    'NM_123456.',
    'NM_123456.x',
    'NZ_JXS01000036',
    'NZ_JXSL0100003',
    'refseq:nm_123456',
    'NM_123456/',
  ],
  equivalent: [['NM_206454', 'refseq:NM_206454', 'https://www.ncbi.nlm.nih.gov/nuccore/NM_206454']],
  distinct: [['NM_206454', 'NM_206454.1']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'refseq:'),
      fc.constantFrom('NM_', 'NZ_JXSL', 'XP_', 'QQ_', 'NZ_'),
      fc.stringMatching(/^[0-9.]{0,12}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('RefSeq spellings', () => {
  spellings(parseRefseq, 'XM_002113800.1', [
    ['XM_002113800.1', 'bare'],
    ['RefSeq:XM_002113800.1', 'curie'],
    ['ncbi.nlm.nih.gov/nuccore/XM_002113800.1', 'url'],
  ]);
  it('resolves nucleotides to /nuccore/ and proteins to /protein/', () => {
    const url = (s: string) => {
      const r = refseqScheme.parse(s);
      return r.ok ? refseqScheme.resolve(r.value.components) : r.error.code;
    };
    expect(url('NM_206454')).toBe('https://www.ncbi.nlm.nih.gov/nuccore/NM_206454');
    expect(url('NP_000483.3')).toBe('https://www.ncbi.nlm.nih.gov/protein/NP_000483.3');
  });
});

errorTable('RefSeq', parseRefseq, REFSEQ_ERROR_CODES, {
  'refseq-label': ['N_123456', 0],
  'refseq-prefix': ['QQ_123456', 0],
  'refseq-digits': ['NM_12345', 8],
  'refseq-version': ['NM_123456.x', 10],
  'refseq-trailing': ['NM_123456/', 9],
} satisfies Record<RefseqErrorCode, readonly [string, number]>);
