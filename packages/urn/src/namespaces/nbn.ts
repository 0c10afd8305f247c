import { type Err, err, type PidError, type Result } from '@pidgate/core';
import type { UrnErrorCode } from '../codes.ts';
import { isLetterCode, lowerKeepingEscapes } from './text.ts';
import type { UrnNamespace } from './types.ts';

/**
 * Values of the check-digit algorithm of the Deutsche Nationalbibliothek for `urn:nbn:de:`
 * ("URN-Prüfziffer"): every character of the URN maps to a one- or two-digit number.
 */
export const DNB_VALUES: Readonly<Record<string, number>> = {
  '0': 1, '1': 2, '2': 3, '3': 4, '4': 5, '5': 6, '6': 7, '7': 8, '8': 9, '9': 41,
  a: 18, b: 14, c: 19, d: 15, e: 16, f: 21, g: 22, h: 23, i: 24, j: 25, k: 42, l: 26, m: 27,
  n: 13, o: 28, p: 29, q: 31, r: 12, s: 32, t: 33, u: 11, v: 34, w: 35, x: 36, y: 37, z: 38,
  '-': 39, ':': 17, _: 43, '.': 47, '/': 45, '+': 49,
}; // biome-ignore format: a table

/**
 * The DNB check digit of a URN without its last character (`urn:nbn:de:bvb:19-14664` → `2`):
 * map each character (case-insensitively) through the table, concatenate, sum each digit times its
 * 1-based position, divide by the last digit of the sequence, keep the quotient's last digit.
 * Null when the URN holds a character the table lacks.
 */
export function dnbCheckDigit(urnWithoutCheck: string): number | null {
  const state = accumulate(START, urnWithoutCheck, 0, urnWithoutCheck.length);
  return state === null ? null : finish(state);
}

/** The running state of the DNB computation: weighted sum, position, last digit. */
interface DnbState {
  readonly sum: number;
  readonly position: number;
  readonly last: number;
}
const START: DnbState = { sum: 0, position: 0, last: 0 };

function accumulate(state: DnbState, s: string, from: number, to: number): DnbState | null {
  let { sum, position, last } = state;
  for (let i = from; i < to; i++) {
    const code = s.charCodeAt(i);
    const v = code < 128 ? (DNB_BY_CODE[code] as number) : 0;
    if (v === 0) return null;
    if (v >= 10) {
      const tens = (v / 10) | 0;
      sum += tens * ++position;
      last = v - tens * 10;
      sum += last * ++position;
    } else {
      last = v;
      sum += v * ++position;
    }
  }
  return { sum, position, last };
}

function finish(state: DnbState): number | null {
  return state.last === 0 ? null : ((state.sum / state.last) | 0) % 10;
}

/** The same table by character code, upper-case letters too (the algorithm ignores case); 0 = absent. */
const DNB_BY_CODE = new Uint8Array(128);
for (const [ch, v] of Object.entries(DNB_VALUES)) {
  DNB_BY_CODE[ch.charCodeAt(0)] = v;
  DNB_BY_CODE[ch.toUpperCase().charCodeAt(0)] = v;
}

/** The state after "urn:nbn:", which every NBN URN starts with (the algorithm ignores case). */
const URN_NBN = accumulate(START, 'urn:nbn:', 0, 8) as DnbState;

/**
 * Countries whose NBNs carry the DNB check digit: Germany (the DNB's rule for `urn:nbn:de`), and the
 * two countries whose URN services work with the DNB's: Switzerland (the Swiss National Library: the
 * variable part ends with a "Prüfziffer"; its example `urn:nbn:ch:bel-9596` has the DNB digit) and
 * Austria (the OBVSG's service, "in Kooperation mit der Deutschen Nationalbibliothek"). Every published
 * Austrian and Swiss NBN checked carries the DNB digit (docs/specs/urn.md). Is the (lower-case)
 * country code at the start of `prefix` one of de, at, ch? No string is built.
 */
function isDnbChecked(prefix: string): boolean {
  const a = prefix.charCodeAt(0);
  const b = prefix.charCodeAt(1);
  return (a === 100 && b === 101) || (a === 97 && b === 116) || (a === 99 && b === 104); // de, at, ch
}

/** The `nbn-check-digit` error of an NSS whose last character is not its DNB check digit, if any. */
function dnbCheckError(nss: string): Err<PidError<UrnErrorCode>> | undefined {
  const state = accumulate(URN_NBN, nss, 0, nss.length - 1);
  const expected = state === null ? null : finish(state);
  if (expected === null) {
    return err('nbn-check-digit', 'this NBN holds characters the DNB check digit does not cover', nss.length - 1);
  }
  if (nss.charCodeAt(nss.length - 1) - 48 !== expected) {
    return err('nbn-check-digit', `the DNB check digit of this URN should be ${expected}`, nss.length - 1);
  }
  return undefined;
}

/** Where the NBN's prefix (country code and sub-namespaces) ends: the first "-", or -1. */
function prefixEnd(nss: string): number {
  return nss.indexOf('-');
}

/**
 * `urn:nbn:` (RFC 8458 §4, replacing RFC 3188). The NSS starts with an ISO 3166 alpha-2 country
 * code (two letters), optionally followed by ":"-separated sub-namespaces, then "-" and the NBN
 * string: `fi-fe19981001`, `de:bvb:19-146642`, `se:uu:diva-3475`. pidgate checks that shape, and
 * for Germany (`de`) the check digit of the Deutsche Nationalbibliothek. Lexical form: the prefix
 * (country code and sub-namespaces) in lower case, the NBN string as written (choice: RFC 8458
 * leaves the case of the local part to each national library); a German NBN wholly in lower case
 * (the DNB registers only lower-case URNs, and its check digit ignores case). The DNB check digit is
 * verified for `de`, `at` and `ch` (isDnbChecked).
 */
export const nbnNamespace: UrnNamespace = {
  nid: 'nbn',
  errorCodes: ['nbn-country-code', 'nbn-syntax', 'nbn-check-digit'],
  checks:
    'two-letter country code, optional ":"-separated sub-namespaces, "-" and the NBN string; DNB check digit for de, at, ch',
  equivalence:
    'country code and sub-namespaces case-insensitive (lower case); NBN string as written, except for de (lower case)',
  normalize(nss): Result<string, PidError<UrnErrorCode>> {
    if (!isLetterCode(nss.charCodeAt(0)) || !isLetterCode(nss.charCodeAt(1))) {
      return err('nbn-country-code', 'an NBN starts with a two-letter ISO 3166 country code', 0);
    }
    const sep = nss.charCodeAt(2);
    if (sep !== 45 && sep !== 58) {
      return err('nbn-country-code', 'the country code of an NBN is followed by ":" or "-"', 2);
    }
    const end = prefixEnd(nss);
    if (end < 0) return err('nbn-syntax', 'an NBN holds "-" between its prefix and the NBN string', nss.length);
    if (end + 1 >= nss.length) return err('nbn-syntax', 'the NBN string after "-" is not empty', end + 1);
    for (let i = 3; i < end; i++) {
      if (nss.charCodeAt(i) === 58 && (nss.charCodeAt(i - 1) === 58 || i + 1 === end)) {
        return err('nbn-syntax', 'a sub-namespace of an NBN is not empty', i);
      }
    }
    if (sep === 58 && end === 3) return err('nbn-syntax', 'a sub-namespace of an NBN is not empty', 3);
    const written = nss.slice(0, end);
    const prefix = lowerKeepingEscapes(written);
    if (isDnbChecked(prefix)) {
      const wrong = dnbCheckError(nss);
      if (wrong !== undefined) return wrong;
      // the DNB registers German URNs in lower case only ("Grundsätzlich wird nur Kleinschreibung akzeptiert")
      if (prefix.charCodeAt(0) === 100) return { ok: true, value: lowerKeepingEscapes(nss) };
    }
    return { ok: true, value: prefix === written ? nss : prefix + nss.slice(end) };
  },
};
