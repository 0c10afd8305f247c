export { inOrcidBlock, ORCID_BLOCKS } from './blocks.ts';
export { mod11_2 } from './check.ts';
export { ORCID_ERROR_CODES, type OrcidErrorCode } from './codes.ts';
export { compareOrcid } from './compare.ts';
export { formatOrcid } from './format.ts';
export { ORCID_HOSTS } from './grammar.ts';
export { normalizeOrcid } from './normalize.ts';
export { type OrcidComponents, type OrcidForm, orcidLabel, parseOrcid } from './parse.ts';
export { type OrcidIdentifier, orcidScheme } from './scheme.ts';
