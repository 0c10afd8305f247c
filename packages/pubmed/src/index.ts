export { PMCID_ERROR_CODES, PMID_ERROR_CODES, type PmcidErrorCode, type PmidErrorCode } from './codes.ts';
export { comparePmcid, comparePmid } from './compare.ts';
export { formatPmcid, formatPmid } from './format.ts';
export { PMCID_URLS, PMID_URLS } from './grammar.ts';
export { normalizePmcid, normalizePmid } from './normalize.ts';
export { type PubmedComponents, type PubmedForm, parsePmcid, parsePmid, pmcidLabel, pmidLabel } from './parse.ts';
export {
  type PmcidIdentifier,
  type PmidIdentifier,
  type PubmedIdentifier,
  pmcidScheme,
  pmidScheme,
} from './scheme.ts';
