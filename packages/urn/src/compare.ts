import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { UrnErrorCode } from './codes.ts';
import { normalizeUrn } from './normalize.ts';
import { parseUrn } from './parse.ts';

/**
 * Are `a` and `b` the same URN (RFC 8141 §3.1 and the namespace's lexical equivalence: equal `normalizeUrn`
 * keys)? The parse error of the first that is not one. Never throws; linear in the inputs' lengths.
 */
export function compareUrn(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<UrnErrorCode>> {
  return compareParsed(parseUrn, normalizeUrn, a, b, options);
}
