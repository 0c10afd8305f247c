export { ISBN_ERROR_CODES, type IsbnErrorCode, LABEL_ERROR_CODES, type LabelErrorCode } from './codes.ts';
export { formatNumber } from './format.ts';
export { isbnLabel, issnLabel, looksLikeIsbn, looksLikeIssn, MAX_BARE_ISBN } from './grammar.ts';
export { asUrn } from './normalize.ts';
export {
  type IsbnComponents,
  type IssnComponents,
  type NumberForm,
  parseIsbnText,
  parseIssnText,
  recognizeIsbn,
  recognizeIssn,
} from './parse.ts';
export { type IsbnIdentifier, type IssnIdentifier, isbnScheme, issnScheme } from './scheme.ts';
