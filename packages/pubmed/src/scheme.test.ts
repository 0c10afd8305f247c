import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pmcidScheme, pmidScheme } from './scheme.ts';

schemeContract(pmidScheme, {
  valid: [
    'PMID: 12345',
    'PMID:12345',
    'pmid:12345',
    'https://pubmed.ncbi.nlm.nih.gov/12345/',
    'https://pubmed.ncbi.nlm.nih.gov/31452104',
    'http://www.ncbi.nlm.nih.gov/pubmed/12345?dopt=Abstract',
  ],
  invalid: [
    'PMID:',
    'PMID: 012345',
    'PMID: 123456789',
    'PMID: 12a',
    'PMID:  12345',
    'PMID: 12345/',
    'https://pubmed.ncbi.nlm.nih.gov/12345/x',
  ],
  equivalent: [
    ['PMID: 12345', 'pmid:12345', 'https://pubmed.ncbi.nlm.nih.gov/12345/', 'http://www.ncbi.nlm.nih.gov/pubmed/12345'],
  ],
  distinct: [['PMID: 12345', 'PMID: 12346']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('PMID:', 'PMID: ', 'https://pubmed.ncbi.nlm.nih.gov/'),
      fc.array(fc.constantFrom(...'0123456789/?#a '.split('')), { maxLength: 12 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

schemeContract(pmcidScheme, {
  valid: [
    'PMC1234567',
    'pmc1234567',
    'PMCID: PMC1234567',
    'PMCID:PMC1234567',
    'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/',
    'https://pmc.ncbi.nlm.nih.gov/articles/PMC10000001/',
  ],
  invalid: ['PMC0123', 'PMCID: 1234567', 'PMC1234567x', 'PMCID:', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1/x'],
  equivalent: [
    [
      'PMC1234567',
      'pmc1234567',
      'PMCID: PMC1234567',
      'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/',
      'https://pmc.ncbi.nlm.nih.gov/articles/pmc1234567',
    ],
  ],
  distinct: [['PMC1234567', 'PMC1234568']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('PMC', 'PMCID: PMC', 'https://pmc.ncbi.nlm.nih.gov/articles/PMC'),
      fc.array(fc.constantFrom(...'0123456789/?#a '.split('')), { maxLength: 12 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

describe('PMID and PMCID', () => {
  it('normalize to pmid:N and PMCN', () => {
    const a = pmidScheme.parse('https://pubmed.ncbi.nlm.nih.gov/12345/');
    const b = pmcidScheme.parse('PMCID: pmc1234567');
    expect([a.ok && a.value.normalized, b.ok && b.value.normalized]).toEqual(['pmid:12345', 'PMC1234567']);
  });

  it('do not claim a bare number', () => {
    expect(pmidScheme.recognize('12345')).toBe(false);
    expect(pmcidScheme.recognize('12345')).toBe(false);
  });
});
