import { shapeContract } from '@pidgate/core/testing';
import {
  comparePmcid,
  comparePmid,
  formatPmcid,
  formatPmid,
  normalizePmcid,
  normalizePmid,
  parsePmcid,
  parsePmid,
} from './index.ts';
import { pmcidScheme, pmidScheme } from './scheme.ts';

shapeContract(
  'pmid',
  { parse: parsePmid, normalize: normalizePmid, format: formatPmid, compare: comparePmid },
  {
    scheme: pmidScheme,
    valid: [
      'PMID: 12345',
      'pmid:12345',
      'https://pubmed.ncbi.nlm.nih.gov/12345/',
      'https://www.ncbi.nlm.nih.gov/pubmed/12345',
      'https://europepmc.org/article/MED/12345',
    ],
    equivalent: [
      // NLM prints "PMID: 12345"; PubMed's URL of the same record is /12345/
      ['PMID: 12345', 'https://pubmed.ncbi.nlm.nih.gov/12345/'],
      ['PMID:12345', 'pmid: 12345'],
      ['https://www.ncbi.nlm.nih.gov/pubmed/12345', 'https://europepmc.org/article/MED/12345'],
    ],
    distinct: [['PMID: 12345', 'PMID: 12346']],
    invalid: ['12345', 'PMID: 012345', 'PMID: 123456789', 'PMID: 12345x'],
  },
);

shapeContract(
  'pmcid',
  { parse: parsePmcid, normalize: normalizePmcid, format: formatPmcid, compare: comparePmcid },
  {
    scheme: pmcidScheme,
    valid: [
      'PMC1234567',
      'pmc1234567',
      'PMCID: PMC1234567',
      'https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/',
      'http://www.ncbi.nlm.nih.gov/pmc/PMC2631623',
    ],
    equivalent: [
      // PubMed Central writes PMC and the number; its article URLs carry the same PMCID
      ['PMC1234567', 'https://www.ncbi.nlm.nih.gov/pmc/articles/PMC1234567/'],
      ['pmc1234567', 'PMCID: PMC1234567'],
      ['https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/', 'https://europepmc.org/articles/PMC1234567'],
    ],
    distinct: [['PMC1234567', 'PMC1234568']],
    invalid: ['1234567', 'PMC0123', 'PMCID: 1234567', 'PMC1234567x'],
  },
);
