import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import { PMCID_ERROR_CODES, PMID_ERROR_CODES, type PmcidErrorCode, type PmidErrorCode } from './codes.ts';
import { formatPmcid, formatPmid } from './format.ts';
import { normalizePmcid, normalizePmid } from './normalize.ts';
import { type PubmedComponents, parsePmcid, parsePmid, pmcidLabel, pmidLabel } from './parse.ts';

export type PubmedIdentifier = Identifier<PubmedComponents, 'pmid' | 'pmcid'>;
export type PmidIdentifier = Identifier<PubmedComponents, 'pmid'>;
export type PmcidIdentifier = Identifier<PubmedComponents, 'pmcid'>;

/** PubMed identifiers (PMIDs): `PMID: 12345` and PubMed URLs. */
export const pmidScheme: Scheme<PubmedComponents, 'pmid', PmidErrorCode> = {
  name: 'pmid',
  priority: 13,
  errorCodes: PMID_ERROR_CODES,
  recognize(input: string): boolean {
    return pmidLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<PmidIdentifier, PidError<PmidErrorCode>> {
    const parsed = parsePmid(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'pmid', input, profile, normalized: normalizePmid(components), components } };
  },
  format: (components) => formatPmid(components),
};

/** PubMed Central identifiers (PMCIDs): `PMC1234567`, `PMCID: PMC1234567` and PMC URLs. */
export const pmcidScheme: Scheme<PubmedComponents, 'pmcid', PmcidErrorCode> = {
  name: 'pmcid',
  priority: 14,
  errorCodes: PMCID_ERROR_CODES,
  recognize(input: string): boolean {
    return pmcidLabel(input) !== null;
  },
  parse(input: string, profile: Profile = 'source'): Result<PmcidIdentifier, PidError<PmcidErrorCode>> {
    const parsed = parsePmcid(input);
    if (!parsed.ok) return parsed;
    const components = parsed.value;
    return { ok: true, value: { scheme: 'pmcid', input, profile, normalized: normalizePmcid(components), components } };
  },
  format: (components) => formatPmcid(components),
};
