import type { PidError, Result, SchemeOptions } from '@pidgate/core';
import { normalizeUrn, type UrnErrorCode, type UrnIdentifier, urnScheme } from '@pidgate/urn';
import type { IsbnComponents, IssnComponents } from './parse.ts';

/*
 * A bare ISBN or ISSN is the same identifier as its URN: its equivalence key is exactly the key the URN
 * package gives `urn:isbn:DIGITS` / `urn:issn:NNNN-NNNC` (and, at the standard level, the URN's ISBN-13
 * key). The URN package is asked; no rule is repeated here.
 */

/** The URN of a number, parsed by the URN scheme: its `normalized` and `standardKey` are the number's keys. */
export function asUrn(nid: 'isbn' | 'issn', number: string): Result<UrnIdentifier, PidError<UrnErrorCode>> {
  return urnScheme.parse(`urn:${nid}:${number}`);
}

/** The URN key of a number (`normalizeUrn` of `urn:NID:number`). */
function urnKey(nid: 'isbn' | 'issn', number: string): string {
  return normalizeUrn({ nid, nss: number, rComponent: null, qComponent: null, fComponent: null });
}

/** The equivalence key of an ISBN: `urn:isbn:` and its digits (RFC 3187), an ISBN-10 kept as one. */
export function normalizeIsbn(c: IsbnComponents, _options?: SchemeOptions): string {
  return urnKey('isbn', c.isbn.digits);
}

/** The equivalence key of an ISSN: `urn:issn:NNNN-NNNC` (RFC 3044), `X` in upper case. */
export function normalizeIssn(c: IssnComponents, _options?: SchemeOptions): string {
  return urnKey('issn', c.issn.issn);
}
