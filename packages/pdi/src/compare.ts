import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PdiErrorCode } from './codes.ts';
import { normalizePdi } from './normalize.ts';
import { parsePdi } from './parse.ts';

/**
 * Are `a` and `b` the same PDI (equal `normalizePdi` keys, §3.6.4)? The parse error of the first that is
 * not one. A wildcard is compared as written, not matched: `matches` does that. Never throws; linear time.
 */
export function comparePdi(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<PdiErrorCode>> {
  return compareParsed(parsePdi, normalizePdi, a, b, options);
}
