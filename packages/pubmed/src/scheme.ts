import { type DefinedScheme, defineScheme, type Identifier } from '@pidgate/core';
import { PMCID_ERROR_CODES, PMID_ERROR_CODES, type PmcidErrorCode, type PmidErrorCode } from './codes.ts';
import { formatPmcid, formatPmid } from './format.ts';
import { PMCID_URLS, PMID_URLS } from './grammar.ts';
import { normalizePmcid, normalizePmid } from './normalize.ts';
import { type PubmedComponents, parsePmcid, parsePmid, pmcidLabel, pmidLabel } from './parse.ts';

export type PubmedIdentifier = Identifier<PubmedComponents, 'pmid' | 'pmcid'>;
export type PmidIdentifier = Identifier<PubmedComponents, 'pmid'>;
export type PmcidIdentifier = Identifier<PubmedComponents, 'pmcid'>;

/** PubMed identifiers (PMIDs): `PMID: 12345` and PubMed URLs. */
export const pmidScheme: DefinedScheme<PubmedComponents, 'pmid', PmidErrorCode> = defineScheme({
  name: 'pmid',
  priority: 13,
  errorCodes: PMID_ERROR_CODES,
  recognize: (input: string) => pmidLabel(input) !== null,
  parse: parsePmid,
  normalize: normalizePmid,
  format: formatPmid,
  // the URL prefixes themselves (`host/path`), as `pmidLabel` reads them: another scheme's page on an NCBI host
  // (GEO, BioProject, RefSeq) is not routed here
  route: { labels: ['pmid:'], hosts: PMID_URLS },
  resolver: { template: 'https://pubmed.ncbi.nlm.nih.gov/{id}/', id: (c) => c.number },
  docs: {
    title: 'PMID, PubMed identifier',
    specification: 'NLM PubMed',
    page: 'docs/specs/pubmed.md',
    example: 'PMID: 12082125',
  },
});

/** PubMed Central identifiers (PMCIDs): `PMC1234567`, `PMCID: PMC1234567` and PMC URLs. */
export const pmcidScheme: DefinedScheme<PubmedComponents, 'pmcid', PmcidErrorCode> = defineScheme({
  name: 'pmcid',
  priority: 14,
  errorCodes: PMCID_ERROR_CODES,
  recognize: (input: string) => pmcidLabel(input) !== null,
  parse: parsePmcid,
  normalize: normalizePmcid,
  format: formatPmcid,
  route: { labels: ['pmcid:', 'pmc#'], hosts: PMCID_URLS },
  resolver: { template: 'https://pmc.ncbi.nlm.nih.gov/articles/{id}/', id: (c) => normalizePmcid(c) },
  docs: {
    title: 'PMCID, PubMed Central identifier',
    specification: 'NLM PubMed Central',
    page: 'docs/specs/pubmed.md',
    example: 'PMC2631623',
  },
});
