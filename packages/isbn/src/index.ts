export { ISBN_ERROR_CODES, type IsbnErrorCode, LABEL_ERROR_CODES, type LabelErrorCode } from './codes.ts';
export { compareIsbn, compareIssn } from './compare.ts';
export { formatIsbn, formatIssn } from './format.ts';
export { isbnLabel, issnLabel, looksLikeIsbn, looksLikeIssn, MAX_BARE_ISBN } from './grammar.ts';
export { asUrn, normalizeIsbn, normalizeIssn } from './normalize.ts';
export {
  type IsbnComponents,
  type IssnComponents,
  type NumberForm,
  parseIsbn,
  parseIssn,
  recognizeIsbn,
  recognizeIssn,
} from './parse.ts';
export { type IsbnIdentifier, type IssnIdentifier, isbnScheme, issnScheme } from './scheme.ts';
