import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { IsbnErrorCode } from './codes.ts';
import { normalizeIsbn, normalizeIssn } from './normalize.ts';
import { parseIsbn, parseIssn } from './parse.ts';

/**
 * Are `a` and `b` the same ISBN (equal `normalizeIsbn` keys)? An ISBN-10 and its ISBN-13 are not the same
 * string of the standard (their URNs' `standard` key groups them). The parse error of the first that is not
 * an ISBN. Never throws; linear in the inputs' lengths.
 */
export function compareIsbn(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<IsbnErrorCode>> {
  return compareParsed(parseIsbn, normalizeIsbn, a, b, options);
}

/** Are `a` and `b` the same ISSN (equal `normalizeIssn` keys)? The parse error of the first that is not one. */
export function compareIssn(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<IsbnErrorCode>> {
  return compareParsed(parseIssn, normalizeIssn, a, b, options);
}
