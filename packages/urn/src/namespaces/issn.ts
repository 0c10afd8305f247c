import { err, isDigit, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import type { UrnNamespace } from './types.ts';

/** An ISSN (ISO 3297) with a verified check character. */
export interface Issn {
  /** `NNNN-NNNC`, the check character `X` in upper case. */
  readonly issn: string;
}

/** ISSN check character of 7 digits: weights 8..2, mod 11; 10 is written `X`. */
export function issnCheckDigit(seven: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * (seven.charCodeAt(i) - 48);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/**
 * Parse an ISSN as written, `NNNN-NNNC` or `NNNNNNNC`, without a prefix; `x` and `X` are the same
 * check character. Verifies the check character. Never throws.
 */
export function parseIssnNumber(text: string): Result<Issn, PidError<UrnErrorCode>> {
  const hyphen = text.length === 9;
  if (text.length !== 8 && !hyphen) {
    return err('issn-syntax', 'an ISSN is 8 characters, NNNN-NNNC (the hyphen may be left out)', 0);
  }
  if (hyphen && text.charCodeAt(4) !== 45) return err('issn-syntax', 'an ISSN is NNNN-NNNC', 4);
  let seven = '';
  for (let i = 0; i < text.length - 1; i++) {
    if (hyphen && i === 4) continue;
    if (!isDigit(text.charCodeAt(i))) return err('issn-syntax', 'the first seven characters of an ISSN are digits', i);
    seven += text[i];
  }
  const last = text.length - 1;
  const c = text.charCodeAt(last);
  if (!isDigit(c) && c !== 88 && c !== 120) {
    return err('issn-syntax', 'the check character of an ISSN is a digit or "X"', last);
  }
  const check = c === 120 ? 'X' : (text[last] as string);
  const expected = issnCheckDigit(seven);
  if (check !== expected) return err('issn-check-digit', `the ISSN check character should be ${expected}`, last);
  return { ok: true, value: { issn: `${seven.slice(0, 4)}-${seven.slice(4)}${check}` } };
}

/**
 * `urn:issn:` (RFC 8254 §3, replacing RFC 3044). The NSS is an ISSN written `NNNN-NNNC` (the
 * registration's syntax has the hyphen). Lexical form: the check character `X` in upper case
 * (`urn:issn:0259-000X`).
 */
export const issnNamespace: UrnNamespace = {
  nid: 'issn',
  errorCodes: ['issn-syntax', 'issn-check-digit'],
  checks: 'NNNN-NNNC with the hyphen, check character (mod 11, X for 10)',
  equivalence: '"x" and "X" are the same check character (upper case)',
  normalize(nss) {
    if (nss.length !== 9) return err('issn-syntax', 'an ISSN URN holds NNNN-NNNC', 0);
    const r = parseIssnNumber(nss);
    return r.ok ? { ok: true, value: r.value.issn } : r;
  },
};
