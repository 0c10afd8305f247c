import { err } from '@pidgate/core';
import { countSegments } from './segments.ts';
import { isDigitCode, lowerKeepingEscapes } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * `urn:iso:` (RFC 5141). Only the `std` sub-namespace is defined: `std:<originator>[:<type>]:<docnumber>...`
 * (`urn:iso:std:iso:9999:-1:ed-1:v1:en,fr`, `urn:iso:std:iso-iec:tr:9999`). pidgate checks
 * `std`, an originator of letters and hyphens starting with `iso`, and a document number of digits
 * after at most one type segment; the rest by RFC 8141. Lexical form: lower case (RFC 5141 §2.5 makes
 * the NSS case-insensitive and writes it in lower case).
 */
export const isoNamespace: UrnNamespace = {
  nid: 'iso',
  errorCodes: ['iso-syntax'],
  checks: '"std", an originator starting "iso", an optional type, a numeric document number',
  equivalence: 'case-insensitive (lower case)',
  normalize(nss) {
    const s = lowerKeepingEscapes(nss);
    if (!s.startsWith('std:')) return err('iso-syntax', 'an ISO URN starts with the sub-namespace "std:"', 0);
    const segments = countSegments(s, 'iso-syntax', 'ISO URN', 3);
    if (!segments.ok) return segments;
    const originatorEnd = s.indexOf(':', 4);
    if (!s.startsWith('iso', 4)) return err('iso-syntax', 'the originator starts with "iso"', 4);
    let doc = originatorEnd + 1;
    if (!isDigitCode(s.charCodeAt(doc))) {
      // a type such as "tr", "ts", "pas" before the document number
      const typeEnd = s.indexOf(':', doc);
      doc = typeEnd < 0 ? s.length : typeEnd + 1;
    }
    if (!isDigitCode(s.charCodeAt(doc))) {
      return err('iso-syntax', 'an ISO URN names a document number (digits)', originatorEnd + 1);
    }
    return { ok: true, value: s };
  },
};
