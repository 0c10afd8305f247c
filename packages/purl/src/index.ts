export { PURL_ERROR_CODES, type PurlErrorCode } from './codes.ts';
export { comparePurl } from './compare.ts';
export { formatPurl } from './format.ts';
export { PURL_HOST_ALIASES, PURL_HOSTS } from './grammar.ts';
export { normalizeEscapes, normalizePurl } from './normalize.ts';
export { isPurlUrl, type PurlComponents, parsePurl } from './parse.ts';
export { type PurlIdentifier, purlScheme } from './scheme.ts';
