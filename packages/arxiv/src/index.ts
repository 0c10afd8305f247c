export { ARXIV_ERROR_CODES, type ArxivErrorCode } from './codes.ts';
export { compareArxiv } from './compare.ts';
export { formatArxiv } from './format.ts';
export { ARCHIVES, ARXIV_HOSTS, OLD_ARCHIVES } from './grammar.ts';
export { arxivArticle, normalizeArxiv } from './normalize.ts';
export { type ArxivComponents, type ArxivForm, arxivLabel, parseArxiv } from './parse.ts';
export { type ArxivIdentifier, arxivScheme } from './scheme.ts';
