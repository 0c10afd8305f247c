import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { ArkErrorCode } from './codes.ts';
import { normalizeArk } from './normalize.ts';
import { parseArk } from './parse.ts';

/**
 * Are `a` and `b` the same ARK (equal `normalizeArk` keys in the profile of `options`)? The parse error of
 * the first that is not one. Never throws; linear in the inputs' lengths.
 */
export function compareArk(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<ArkErrorCode>> {
  return compareParsed(parseArk, normalizeArk, a, b, options);
}
