import {
  type DefinedScheme,
  defineScheme,
  type Identifier,
  type PidError,
  type PidWarning,
  type Result,
} from '@pidgate/core';
import type { UrnErrorCode, UrnIdentifier } from '@pidgate/urn';
import { ISBN_ERROR_CODES, type IsbnErrorCode } from './codes.ts';
import { formatIsbn, formatIssn } from './format.ts';
import { ISSN_PORTAL_HOSTS, looksLikeIsbn, looksLikeIssn } from './grammar.ts';
import { asUrn, normalizeIsbn, normalizeIssn } from './normalize.ts';
import {
  type IsbnComponents,
  type IssnComponents,
  parseIsbn,
  parseIssn,
  recognizeIsbn,
  recognizeIssn,
} from './parse.ts';
import { rangeWarning } from './ranges.ts';

export type IsbnIdentifier = Identifier<IsbnComponents, 'isbn'>;
export type IssnIdentifier = Identifier<IssnComponents, 'issn'>;

/** The identifier of `components` with the URN's keys (`normalized`, `standardKey`), or the URN's error. */
function withUrnKeys<C extends object, S extends string>(
  scheme: S,
  input: string,
  profile: Identifier['profile'],
  components: C,
  urn: Result<UrnIdentifier, PidError<UrnErrorCode>>,
  warnings: readonly PidWarning[] | undefined,
): Result<Identifier<C, S>, PidError<UrnErrorCode>> {
  if (!urn.ok) return urn;
  const { normalized, standardKey } = urn.value;
  const value: Identifier<C, S> =
    standardKey === undefined
      ? { scheme, input, profile, normalized, components }
      : { scheme, input, profile, normalized, components, standardKey };
  return { ok: true, value: warnings === undefined ? value : { ...value, warnings } };
}

/** The warning of Unicode separators read as ASCII (`separators.ts`), or undefined. */
function separatorWarning(
  code: 'isbn-unicode-separator' | 'issn-unicode-separator',
  read: readonly string[],
): PidWarning | undefined {
  if (read.length === 0) return undefined;
  const what =
    code === 'isbn-unicode-separator' ? 'ISO 2108 separates with a hyphen or a space' : 'ISO 3297 writes NNNN-NNNC';
  return { code, message: `${read.join(', ')} read as "-", " " or nothing (${what})` };
}

/** The warnings of a valid ISBN: Unicode separators read, a range the range table does not allocate. */
function isbnWarnings(c: IsbnComponents): readonly PidWarning[] | undefined {
  const separators = separatorWarning('isbn-unicode-separator', c.unicodeSeparators);
  const range = rangeWarning(c.isbn.isbn13);
  if (range === undefined) return separators === undefined ? undefined : [separators];
  return separators === undefined ? [range] : [separators, range];
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
    const urn = asUrn('isbn', parsed.value.isbn.digits);
    return withUrnKeys('isbn', input, profile, parsed.value, urn, urn.ok ? isbnWarnings(parsed.value) : undefined);
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
    const warning = separatorWarning('issn-unicode-separator', parsed.value.unicodeSeparators);
    const urn = asUrn('issn', parsed.value.issn.issn);
    return withUrnKeys('issn', input, profile, parsed.value, urn, warning === undefined ? undefined : [warning]);
  },
  route: {
    labels: ['issn:', 'issn-l:', 'issn ', 'issn-l '],
    hosts: ISSN_PORTAL_HOSTS.map((h) => `${h}/resource/issn`),
    bareDigits: looksLikeIssn,
  },
  docs: {
    title: 'ISSN (bare or labelled)',
    specification: 'ISO 3297 (as `urn:issn:`)',
    page: 'docs/specs/isbn.md',
    example: 'ISSN 0259-000X',
  },
});
