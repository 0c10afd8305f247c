import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorTable, spellings } from './accession.test-helpers.ts';
import { GENOME_ERROR_CODES, type GenomeErrorCode, genomeScheme, parseGenome } from './genome.ts';

schemeContract(genomeScheme, {
  // idutils' table (GCA_000002275.2, GCF_000001405.38) and ENA's example (GCA_123456789.1)
  valid: [
    'GCA_000002275.2',
    'GCF_000001405.38',
    'GCA_123456789.1',
    'insdc.gca:GCA_123456789.1',
    'https://www.ncbi.nlm.nih.gov/datasets/genome/GCF_000001405.40/',
    'https://www.ncbi.nlm.nih.gov/assembly/GCF_000001405.38',
    'https://www.ebi.ac.uk/ena/browser/view/GCA_000002275.2',
  ],
  invalid: [
    'GCA_000002275',
    'GCA_00000227.2',
    'GCA_0000022755.2',
    'GCA_000002275.',
    'GCX_000002275.2',
    'GCA_000002275.2/',
  ],
  equivalent: [['GCF_000001405.38', 'https://www.ncbi.nlm.nih.gov/assembly/GCF_000001405.38/']],
  distinct: [
    ['GCA_000001405.38', 'GCF_000001405.38'],
    ['GCF_000001405.38', 'GCF_000001405.39'],
  ],
  arbitrary: fc
    .tuple(
      fc.constantFrom('', 'insdc.gca:'),
      fc.constantFrom('GCA_', 'GCF_', 'GCX_'),
      fc.stringMatching(/^[0-9.]{0,14}$/),
    )
    .map(([l, p, d]) => l + p + d),
});

describe('assembly spellings', () => {
  spellings(parseGenome, 'GCF_000001405.40', [
    ['GCF_000001405.40', 'bare'],
    ['https://www.ncbi.nlm.nih.gov/datasets/genome/GCF_000001405.40/', 'url'],
  ]);
  it('resolves to NCBI Datasets', () => {
    const r = genomeScheme.parse('GCA_000002275.2');
    expect(r.ok && genomeScheme.resolve(r.value.components)).toBe(
      'https://www.ncbi.nlm.nih.gov/datasets/genome/GCA_000002275.2/',
    );
  });
});

errorTable('assembly', parseGenome, GENOME_ERROR_CODES, {
  'genome-label': ['GA_000002275.2', 0],
  'genome-prefix': ['GCX_000002275.2', 0],
  'genome-digits': ['GCA_00000227.2', 12],
  'genome-version': ['GCA_000002275', 13],
  'genome-trailing': ['GCA_000002275.2/', 15],
} satisfies Record<GenomeErrorCode, readonly [string, number]>);
