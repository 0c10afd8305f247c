import { type UrnErrorCode, urnScheme } from '@pidgate/urn';

/** The codes of this package's own rules: the labels before a bare ISBN or ISSN. */
export const LABEL_ERROR_CODES = [
  'isbn-label', // "ISBN", "ISBN-10", "ISBN-13" (any case), an optional ":", one space
  'isbn-label-length', // "ISBN-10:" before 10 digits, "ISBN-13:" before 13
  'issn-label', // "ISSN", an optional ":", one space
] as const;
export type LabelErrorCode = (typeof LABEL_ERROR_CODES)[number];

/**
 * Every code an ISBN or ISSN parse can return: the labels', and the URN package's, which checks the
 * number itself (`isbn-check-digit`, `issn-syntax`, …) and `urn:isbn:` / `urn:issn:` strings.
 */
export const ISBN_ERROR_CODES: readonly IsbnErrorCode[] = [...LABEL_ERROR_CODES, ...urnScheme.errorCodes];
export type IsbnErrorCode = LabelErrorCode | UrnErrorCode;

/**
 * The codes of this package's warnings (`Identifier.warnings`): findings about a valid ISBN or ISSN, not errors.
 */
export const ISBN_WARNING_CODES = [
  'isbn-unicode-separator', // a Unicode dash, space or soft hyphen read as "-", " " or nothing (separators.ts)
  'issn-unicode-separator', // the same in an ISSN
  'isbn-unallocated-range', // the registration group or registrant element is in no range the range table allocates
] as const;
export type IsbnWarningCode = (typeof ISBN_WARNING_CODES)[number];
