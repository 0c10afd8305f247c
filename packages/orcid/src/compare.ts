import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { OrcidErrorCode } from './codes.ts';
import { normalizeOrcid } from './normalize.ts';
import { parseOrcid } from './parse.ts';

/**
 * Are `a` and `b` the same ORCID iD (equal `normalizeOrcid` keys)? The parse error of the first that is not one.
 * Never throws; linear in the inputs' lengths.
 */
export function compareOrcid(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<OrcidErrorCode>> {
  return compareParsed(parseOrcid, normalizeOrcid, a, b, options);
}
