import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PurlErrorCode } from './codes.ts';
import { normalizePurl } from './normalize.ts';
import { parsePurl } from './parse.ts';

/**
 * Are `a` and `b` the same PURL (equal `normalizePurl` keys)? The parse error of the first that is not one.
 * Never throws; linear in the inputs' lengths.
 */
export function comparePurl(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<PurlErrorCode>> {
  return compareParsed(parsePurl, normalizePurl, a, b, options);
}
