import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { DoiErrorCode } from './codes.ts';
import { normalizeDoi } from './normalize.ts';
import { parseDoi } from './parse.ts';

/**
 * Are `a` and `b` the same DOI (equal `normalizeDoi` keys)? The parse error of the first that is not one.
 * Never throws; linear in the inputs' lengths.
 */
export function compareDoi(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<DoiErrorCode>> {
  return compareParsed(parseDoi, normalizeDoi, a, b, options);
}
