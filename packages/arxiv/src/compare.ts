import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { ArxivErrorCode } from './codes.ts';
import { normalizeArxiv } from './normalize.ts';
import { parseArxiv } from './parse.ts';

/**
 * Are `a` and `b` the same arXiv identifier (equal `normalizeArxiv` keys)? The parse error of the first that is not one.
 * Never throws; linear in the inputs' lengths.
 */
export function compareArxiv(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<ArxivErrorCode>> {
  return compareParsed(parseArxiv, normalizeArxiv, a, b, options);
}
