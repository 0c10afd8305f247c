import { compareParsed, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PmcidErrorCode, PmidErrorCode } from './codes.ts';
import { normalizePmcid, normalizePmid } from './normalize.ts';
import { parsePmcid, parsePmid } from './parse.ts';

/** Are `a` and `b` the same PMID (equal `normalizePmid` keys)? The parse error of the first that is not one. */
export function comparePmid(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<PmidErrorCode>> {
  return compareParsed(parsePmid, normalizePmid, a, b, options);
}

/** Are `a` and `b` the same PMCID (equal `normalizePmcid` keys)? The parse error of the first that is not one. */
export function comparePmcid(a: string, b: string, options?: SchemeOptions): Result<boolean, PidError<PmcidErrorCode>> {
  return compareParsed(parsePmcid, normalizePmcid, a, b, options);
}
