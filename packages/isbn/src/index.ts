export {
  ISBN_ERROR_CODES,
  ISBN_WARNING_CODES,
  type IsbnErrorCode,
  type IsbnWarningCode,
  LABEL_ERROR_CODES,
  type LabelErrorCode,
} from './codes.ts';
export { compareIsbn, compareIssn } from './compare.ts';
export { formatIsbn, formatIssn } from './format.ts';
export { isbnLabel, issnLabel, looksLikeIsbn, looksLikeIssn, MAX_BARE_ISBN } from './grammar.ts';
export { type HyphenateOptions, hyphenateIsbn } from './hyphenate.ts';
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
export { type IsbnElements, type IsbnRange, isbnRange, RANGE_MESSAGE } from './ranges.ts';
export { type IsbnIdentifier, type IssnIdentifier, isbnScheme, issnScheme } from './scheme.ts';
export { asciiSeparators, isUnicodeSeparator } from './separators.ts';
