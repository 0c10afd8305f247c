import { err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import { type Isbn, type Issn, parseIsbnNumber, parseIssnNumber } from '@pidgate/urn';
import type { IsbnErrorCode } from './codes.ts';
import { isbnLabel, issnLabel, issnPortalPrefix, looksLikeIsbn, looksLikeIssn, wordAt } from './grammar.ts';
import { type AsciiReading, asciiSeparators } from './separators.ts';

/**
 * How the number was written: after a label, bare, as a URN (read by the URN package), or (ISSNs) as the
 * ISSN portal's URL (`https://portal.issn.org/resource/ISSN/0259-000X`).
 */
export type NumberForm = 'label' | 'bare' | 'urn' | 'url';

/** An ISBN as written: the parts, not normalized. */
export interface IsbnComponents {
  readonly form: NumberForm;
  /** `ISBN `, `ISBN-13: `, `urn:isbn:` as written, or "" when bare. */
  readonly label: string;
  /** The ISBN as written, hyphens and spaces included. */
  readonly written: string;
  /** The URN package's reading of it: the digits, the ISBN-13 and the ISBN-10 (or null). */
  readonly isbn: Isbn;
  /**
   * The Unicode dashes, spaces and soft hyphens read as `-`, ` ` or nothing (`separators.ts`), as `U+2010`,
   * each once; empty when the ISBN is written in ASCII.
   */
  readonly unicodeSeparators: readonly string[];
}

/** An ISSN as written: the parts, not normalized. */
export interface IssnComponents {
  readonly form: NumberForm;
  /** `ISSN `, `ISSN: `, `urn:issn:`, `https://portal.issn.org/resource/ISSN/` as written, or "" when bare. */
  readonly label: string;
  /** The ISSN as written. */
  readonly written: string;
  /** The URN package's reading of it: `NNNN-NNNC`. */
  readonly issn: Issn;
  /** The Unicode dashes, spaces and soft hyphens read as `-`, ` ` or nothing, as for ISBNs. */
  readonly unicodeSeparators: readonly string[];
}

/** No Unicode separator read: one array for every ASCII ISBN and ISSN. */
const NONE: readonly string[] = Object.freeze([]);

/** The first characters of a label written with a Unicode space or dash (`ISBN\u00A0978…`), read as ASCII. */
function asciiHead(s: string): string {
  return asciiSeparators(s.slice(0, 16))?.text ?? s;
}

/** Does `s` carry an ISBN label, or look like a bare ISBN? (`urn:isbn:` is the URN scheme's.) */
export function recognizeIsbn(s: string): boolean {
  const c = s.charCodeAt(0) | 0x20;
  return c === 105 ? isbnLabel(s) !== null || isbnLabel(asciiHead(s)) !== null : looksLikeIsbn(s);
}

/** Does `s` carry an ISSN label, or look like a bare ISSN `NNNN-NNNC`? */
export function recognizeIssn(s: string): boolean {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 104 || c === 112) return issnPortalPrefix(s) > 0;
  return c === 105 ? issnLabel(s) > 0 || issnLabel(asciiHead(s)) > 0 : looksLikeIssn(s);
}

/**
 * A parse of the input with its Unicode separators read as ASCII (`separators.ts`): the ASCII parse's
 * result with the label and the number as written in the input, the characters read, and error offsets
 * into the input.
 */
function withSeparators<C extends { readonly label: string; readonly written: string }, E extends PidError>(
  input: string,
  parseAscii: (s: string, unicodeSeparators: readonly string[]) => Result<C, E>,
): Result<C, E> {
  const ascii: AsciiReading | null = asciiSeparators(input);
  if (ascii === null) return parseAscii(input, NONE);
  const r = parseAscii(ascii.text, ascii.read);
  if (!r.ok) {
    const at = r.error.offset;
    return at === null ? r : { ok: false, error: { ...r.error, offset: ascii.positions[at] ?? input.length } };
  }
  const start = ascii.positions[r.value.label.length] ?? 0;
  return { ok: true, value: { ...r.value, label: input.slice(0, start), written: input.slice(start) } };
}

const shift = <T, E extends PidError>(r: Result<T, E>, by: number): Result<T, E> =>
  r.ok || r.error.offset === null ? r : { ok: false, error: { ...r.error, offset: r.error.offset + by } };

/**
 * Parse an ISBN written bare (`978-0-395-36341-6`, `0 395 36341 1`), after a label (`ISBN 0-395-36341-1`,
 * `ISBN-13: 978…`) or as `urn:isbn:`. The number is read and its check digit verified by the URN
 * package's `parseIsbnNumber`. Never throws; linear in the input's length.
 */
export function parseIsbn(s: string, _options?: SchemeOptions): Result<IsbnComponents, PidError<IsbnErrorCode>> {
  return withSeparators(s, parseAsciiIsbn);
}

/** `parseIsbn` of a string whose separators are ASCII. */
function parseAsciiIsbn(
  s: string,
  unicodeSeparators: readonly string[],
): Result<IsbnComponents, PidError<IsbnErrorCode>> {
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
  return { ok: true, value: { form, label: s.slice(0, start), written, isbn: isbn.value, unicodeSeparators } };
}

/**
 * Parse an ISSN written bare (`0259-000X`), after a label (`ISSN 0259-000X`, `ISSN: 0259000X`), as `urn:issn:`
 * or as the ISSN portal's page (`https://portal.issn.org/resource/ISSN/0259-000X`, `…/resource/ISSN-L/…`).
 */
export function parseIssn(s: string, _options?: SchemeOptions): Result<IssnComponents, PidError<IsbnErrorCode>> {
  return withSeparators(s, parseAsciiIssn);
}

/** `parseIssn` of a string whose separators are ASCII. */
function parseAsciiIssn(
  s: string,
  unicodeSeparators: readonly string[],
): Result<IssnComponents, PidError<IsbnErrorCode>> {
  let form: NumberForm = 'bare';
  let start = 0;
  const portal = issnPortalPrefix(s);
  if (portal > 0) {
    form = 'url';
    start = portal;
  } else if (wordAt(s, 0, 'urn:issn:')) {
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
  return { ok: true, value: { form, label: s.slice(0, start), written, issn: issn.value, unicodeSeparators } };
}
