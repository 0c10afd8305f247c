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

describe('inveniosoftware/idutils tests/test_idutils.py, PMID and PMCID cases', () => {
  // idutils normalizes a PMID to the bare number; we keep the label (docs/specs/pubmed.md,
  // "Differences from idutils"): the same PMID.
  it.each([
    ['pmid:12082125', 'pmid:12082125'],
    ['https://pubmed.ncbi.nlm.nih.gov/12082125', 'pmid:12082125'],
    ['https://pubmed.ncbi.nlm.nih.gov/12082125/', 'pmid:12082125'],
    // idutils' to_url landing page
    ['http://pubmed.ncbi.nlm.nih.gov/12082125', 'pmid:12082125'],
  ])('%s is %s', (input, expected) => {
    const r = pmidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    ['PMC2631623', 'PMC2631623'],
    // idutils' to_url landing page: /pmc/ and the PMCID, without /articles/
    ['http://www.ncbi.nlm.nih.gov/pmc/PMC2631623', 'PMC2631623'],
    ['https://www.ncbi.nlm.nih.gov/pmc/PMC2631623/', 'PMC2631623'],
  ])('%s is %s', (input, expected) => {
    const r = pmcidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('does not read the bare numbers idutils calls PMIDs (12082125, 15626865)', () => {
    for (const n of ['12082125', '15626865']) {
      expect(pmidScheme.recognize(n)).toBe(false);
    }
  });
});

describe("URLs without http(s)://, as a browser's address bar shows them", () => {
  it.each([
    ['pubmed.ncbi.nlm.nih.gov/12082125', 'pmid:12082125'],
    ['www.ncbi.nlm.nih.gov/pubmed/12082125', 'pmid:12082125'],
    ['europepmc.org/article/MED/12082125', 'pmid:12082125'],
  ])('%s is %s', (input, expected) => {
    const r = pmidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    ['pmc.ncbi.nlm.nih.gov/articles/PMC2631623/', 'PMC2631623'],
    ['www.ncbi.nlm.nih.gov/pmc/articles/PMC2631623', 'PMC2631623'],
  ])('%s is %s', (input, expected) => {
    const r = pmcidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('claims no other host or path', () => {
    for (const s of ['pubmed.ncbi.nlm.nih.gov/', 'pubmed.example.org/12082125', 'ncbi.nlm.nih.gov/12082125']) {
      expect(pmidScheme.recognize(s), s).toBe(false);
    }
  });
});

describe('Europe PMC article URLs (europepmc.org/article/SOURCE/ID)', () => {
  it.each([
    ['https://europepmc.org/article/MED/12082125', 'pmid:12082125'],
    ['https://europepmc.org/abstract/MED/12082125', 'pmid:12082125'],
  ])('%s is %s', (input, expected) => {
    const r = pmidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('reads a PMC article URL as its PMCID', () => {
    const r = pmcidScheme.parse('https://europepmc.org/article/PMC/PMC2631623');
    expect(r.ok && r.value.normalized).toBe('PMC2631623');
  });

  it('claims no other Europe PMC source', () => {
    expect(pmidScheme.recognize('https://europepmc.org/article/AGR/12345')).toBe(false);
    expect(pmcidScheme.recognize('https://europepmc.org/article/AGR/12345')).toBe(false);
  });
});
