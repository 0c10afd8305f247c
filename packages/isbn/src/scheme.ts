import type { Identifier, PidError, Profile, Result, Scheme } from '@pidgate/core';
import type { UrnErrorCode, UrnIdentifier } from '@pidgate/urn';
import { ISBN_ERROR_CODES, type IsbnErrorCode } from './codes.ts';
import { formatIsbn, formatIssn } from './format.ts';
import { asUrn } from './normalize.ts';
import {
  type IsbnComponents,
  type IssnComponents,
  parseIsbn,
  parseIssn,
  recognizeIsbn,
  recognizeIssn,
} from './parse.ts';

export type IsbnIdentifier = Identifier<IsbnComponents, 'isbn'>;
export type IssnIdentifier = Identifier<IssnComponents, 'issn'>;

/** The identifier of `components` with the URN's keys (`normalized`, `standardKey`, `warnings`). */
function withUrnKeys<C extends object, S extends string>(
  scheme: S,
  input: string,
  profile: Profile,
  components: C,
  urn: Result<UrnIdentifier, PidError<UrnErrorCode>>,
): Result<Identifier<C, S>, PidError<UrnErrorCode>> {
  if (!urn.ok) return urn;
  const { normalized, standardKey } = urn.value;
  return {
    ok: true,
    value:
      standardKey === undefined
        ? { scheme, input, profile, normalized, components }
        : { scheme, input, profile, normalized, components, standardKey },
  };
}

/**
 * ISBNs written bare or after an `ISBN` label. Asked after every scheme with a label (a bare ISBN is
 * digits only) and before generic URNs. `urn:isbn:` strings are the URN scheme's in a registry; this
 * scheme's `parse` reads them too, so that its `normalized` (a `urn:isbn:`) parses again here.
 */
export const isbnScheme: Scheme<IsbnComponents, 'isbn', IsbnErrorCode> = {
  name: 'isbn',
  priority: 90,
  errorCodes: ISBN_ERROR_CODES,
  recognize: recognizeIsbn,
  parse(input: string, profile: Profile = 'source'): Result<IsbnIdentifier, PidError<IsbnErrorCode>> {
    const parsed = parseIsbn(input);
    if (!parsed.ok) return parsed;
    return withUrnKeys('isbn', input, profile, parsed.value, asUrn('isbn', parsed.value.isbn.digits));
  },
  format: (components) => formatIsbn(components),
};

/** ISSNs written bare (`NNNN-NNNC`) or after an `ISSN` label; `urn:issn:` is read by `parse` as for ISBNs. */
export const issnScheme: Scheme<IssnComponents, 'issn', IsbnErrorCode> = {
  name: 'issn',
  priority: 91,
  errorCodes: ISBN_ERROR_CODES,
  recognize: recognizeIssn,
  parse(input: string, profile: Profile = 'source'): Result<IssnIdentifier, PidError<IsbnErrorCode>> {
    const parsed = parseIssn(input);
    if (!parsed.ok) return parsed;
    return withUrnKeys('issn', input, profile, parsed.value, asUrn('issn', parsed.value.issn.issn));
  },
  format: (components) => formatIssn(components),
};
