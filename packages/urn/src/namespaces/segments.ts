import { err, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';

/**
 * Check that a ":"-separated NSS has no empty segment and at least `min` segments.
 * Returns the number of segments, or an error with the namespace's code.
 */
export function countSegments(
  nss: string,
  code: UrnErrorCode,
  what: string,
  min = 1,
  from = 0,
): Result<number, PidError<UrnErrorCode>> {
  let count = 1;
  let start = from;
  for (let i = from; i <= nss.length; i++) {
    if (i === nss.length || nss.charCodeAt(i) === 58) {
      if (i === start) return err(code, `a ${what} has no empty ":"-separated segment`, i);
      if (i < nss.length) count++;
      start = i + 1;
    }
  }
  if (count < min) return err(code, `a ${what} has at least ${min} ":"-separated segments`, nss.length);
  return { ok: true, value: count };
}

/** The first ":"-separated segment (the whole string when there is no ":"). */
export function firstSegment(nss: string): string {
  const colon = nss.indexOf(':');
  return colon < 0 ? nss : nss.slice(0, colon);
}
