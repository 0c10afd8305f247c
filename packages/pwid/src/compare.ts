import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PwidErrorCode } from './codes.ts';
import { normalizePwid } from './normalize.ts';
import { parsePwid } from './parse.ts';

/**
 * Are `a` and `b` the same PWID (equal `normalizePwid` keys)? The parse error of the first that is not one,
 * read in the profile of `options`. Never throws; linear in the inputs' lengths.
 */
export function comparePwid(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<PwidErrorCode>> {
  return compareParsed(parsePwid, normalizePwid, a, b, options);
}
