import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { HandleErrorCode } from './codes.ts';
import { normalizeHandle } from './normalize.ts';
import { parseHandle } from './parse.ts';

/**
 * Are `a` and `b` the same handle (equal `normalizeHandle` keys)? The parse error of the first that is not one.
 * Never throws; linear in the inputs' lengths.
 */
export function compareHandle(
  a: string,
  b: string,
  options?: SchemeOptions,
): Result<boolean, PidError<HandleErrorCode>> {
  return compareParsed(parseHandle, normalizeHandle, a, b, options);
}
