import type { PidError, Result } from '@pidgate/core';
import { type UrnErrorCode, type UrnIdentifier, urnScheme } from '@pidgate/urn';

/**
 * A bare ISBN or ISSN is the same identifier as its URN: its equivalence key is exactly the key the URN
 * scheme gives `urn:isbn:DIGITS` / `urn:issn:NNNN-NNNC` (and, at the standard level, the URN's ISBN-13
 * key). The URN scheme is asked; no rule is repeated here.
 */
export function asUrn(nid: 'isbn' | 'issn', number: string): Result<UrnIdentifier, PidError<UrnErrorCode>> {
  return urnScheme.parse(`urn:${nid}:${number}`);
}
