import { err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import { type Isbn, type Issn, parseIsbnNumber, parseIssnNumber } from '@pidgate/urn';
import type { IsbnErrorCode } from './codes.ts';
import { isbnLabel, issnLabel, looksLikeIsbn, looksLikeIssn, wordAt } from './grammar.ts';

/** How the number was written: after a label, bare, or as a URN (read by the URN package). */
export type NumberForm = 'label' | 'bare' | 'urn';

/** An ISBN as written: the parts, not normalized. */
export interface IsbnComponents {
  readonly form: NumberForm;
  /** `ISBN `, `ISBN-13: `, `urn:isbn:` as written, or "" when bare. */
  readonly label: string;
  /** The ISBN as written, hyphens and spaces included. */
  readonly written: string;
  /** The URN package's reading of it: the digits, the ISBN-13 and the ISBN-10 (or null). */
  readonly isbn: Isbn;
}

/** An ISSN as written: the parts, not normalized. */
export interface IssnComponents {
  readonly form: NumberForm;
  /** `ISSN `, `ISSN: `, `urn:issn:` as written, or "" when bare. */
  readonly label: string;
  /** The ISSN as written. */
  readonly written: string;
  /** The URN package's reading of it: `NNNN-NNNC`. */
  readonly issn: Issn;
}

/** Does `s` carry an ISBN label, or look like a bare ISBN? (`urn:isbn:` is the URN scheme's.) */
export function recognizeIsbn(s: string): boolean {
  const c = s.charCodeAt(0) | 0x20;
  return c === 105 ? isbnLabel(s) !== null : looksLikeIsbn(s);
}

/** Does `s` carry an ISSN label, or look like a bare ISSN `NNNN-NNNC`? */
export function recognizeIssn(s: string): boolean {
  const c = s.charCodeAt(0) | 0x20;
  return c === 105 ? issnLabel(s) > 0 : looksLikeIssn(s);
}

const shift = <T, E extends PidError>(r: Result<T, E>, by: number): Result<T, E> =>
  r.ok || r.error.offset === null ? r : { ok: false, error: { ...r.error, offset: r.error.offset + by } };

/**
 * Parse an ISBN written bare (`978-0-395-36341-6`, `0 395 36341 1`), after a label (`ISBN 0-395-36341-1`,
 * `ISBN-13: 978…`) or as `urn:isbn:`. The number is read and its check digit verified by the URN
 * package's `parseIsbnNumber`. Never throws; linear in the input's length.
 */
export function parseIsbn(s: string, _options?: SchemeOptions): Result<IsbnComponents, PidError<IsbnErrorCode>> {
  let form: NumberForm = 'bare';
  let start = 0;
  let expect: 0 | 10 | 13 = 0;
  if (wordAt(s, 0, 'urn:isbn:')) {
    form = 'urn';
    start = 9;
  } else if ((s.charCodeAt(0) | 0x20) === 105) {
    const label = isbnLabel(s);
    if (!label) return err('isbn-label', 'an ISBN label is "ISBN", "ISBN-10" or "ISBN-13", then ":" or a space', 0);
    form = 'label';
    start = label.length;
    expect = label.digits;
  }
  const written = s.slice(start);
  const isbn = shift(parseIsbnNumber(written), start);
  if (!isbn.ok) return isbn;
  if (expect !== 0 && isbn.value.digits.length !== expect) {
    return err(
      'isbn-label-length',
      `the label says ISBN-${expect}, but the ISBN has ${isbn.value.digits.length} digits`,
      start,
    );
  }
  return { ok: true, value: { form, label: s.slice(0, start), written, isbn: isbn.value } };
}

/** Parse an ISSN written bare (`0259-000X`), after a label (`ISSN 0259-000X`, `ISSN: 0259000X`) or as `urn:issn:`. */
export function parseIssn(s: string, _options?: SchemeOptions): Result<IssnComponents, PidError<IsbnErrorCode>> {
  let form: NumberForm = 'bare';
  let start = 0;
  if (wordAt(s, 0, 'urn:issn:')) {
    form = 'urn';
    start = 9;
  } else if ((s.charCodeAt(0) | 0x20) === 105) {
    start = issnLabel(s);
    if (start === 0) return err('issn-label', 'an ISSN label is "ISSN", then ":" or a space', 0);
    form = 'label';
  }
  const written = s.slice(start);
  const issn = shift(parseIssnNumber(written), start);
  if (!issn.ok) return issn;
  return { ok: true, value: { form, label: s.slice(0, start), written, issn: issn.value } };
}
