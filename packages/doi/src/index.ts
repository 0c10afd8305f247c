export { DOI_ERROR_CODES, type DoiErrorCode } from './codes.ts';
export { compareDoi } from './compare.ts';
export { formatDoi } from './format.ts';
export { DOI_PROXY_HOSTS } from './grammar.ts';
export { normalizeDoi } from './normalize.ts';
export { type DoiComponents, type DoiForm, doiLabel, parseDoi, splitDoi } from './parse.ts';
export { type DoiIdentifier, doiScheme } from './scheme.ts';
