import { type DefinedScheme, defineScheme, type Identifier, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode, UrnIdentifier } from '@pidgate/urn';
import { ISBN_ERROR_CODES, type IsbnErrorCode } from './codes.ts';
import { formatIsbn, formatIssn } from './format.ts';
import { looksLikeIsbn, looksLikeIssn } from './grammar.ts';
import { asUrn, normalizeIsbn, normalizeIssn } from './normalize.ts';
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

/** The identifier of `components` with the URN's keys (`normalized`, `standardKey`), or the URN's error. */
function withUrnKeys<C extends object, S extends string>(
  scheme: S,
  input: string,
  profile: Identifier['profile'],
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
export const isbnScheme: DefinedScheme<IsbnComponents, 'isbn', IsbnErrorCode> = defineScheme({
  name: 'isbn',
  priority: 90,
  errorCodes: ISBN_ERROR_CODES,
  recognize: recognizeIsbn,
  parse: parseIsbn,
  normalize: normalizeIsbn,
  format: formatIsbn,
  identify(input, profile = 'source') {
    const parsed = parseIsbn(input);
    if (!parsed.ok) return parsed;
    return withUrnKeys('isbn', input, profile, parsed.value, asUrn('isbn', parsed.value.isbn.digits));
  },
  route: { labels: ['isbn:', 'isbn#', 'isbn-#', 'isbn '], bareDigits: looksLikeIsbn },
  docs: {
    title: 'ISBN (bare or labelled)',
    specification: 'ISO 2108 (as `urn:isbn:`)',
    page: 'docs/specs/isbn.md',
    example: 'ISBN 978-0-395-36341-6',
  },
});

/** ISSNs written bare (`NNNN-NNNC`) or after an `ISSN` label; `urn:issn:` is read by `parse` as for ISBNs. */
export const issnScheme: DefinedScheme<IssnComponents, 'issn', IsbnErrorCode> = defineScheme({
  name: 'issn',
  priority: 91,
  errorCodes: ISBN_ERROR_CODES,
  recognize: recognizeIssn,
  parse: parseIssn,
  normalize: normalizeIssn,
  format: formatIssn,
  identify(input, profile = 'source') {
    const parsed = parseIssn(input);
    if (!parsed.ok) return parsed;
    return withUrnKeys('issn', input, profile, parsed.value, asUrn('issn', parsed.value.issn.issn));
  },
  route: { labels: ['issn:', 'issn-l:', 'issn ', 'issn-l '], bareDigits: looksLikeIssn },
  docs: {
    title: 'ISSN (bare or labelled)',
    specification: 'ISO 3297 (as `urn:issn:`)',
    page: 'docs/specs/isbn.md',
    example: 'ISSN 0259-000X',
  },
});
