/**
 * Invalid ISBNs and ISSNs generated from ISO 2108 and ISO 3297 (check digits computed here from the
 * standards' weights, not by the package): each rule builds a valid number, breaks one rule, and names that
 * rule's code. The digit rules are the URN package's (`isbn-check-digit`, ...); offsets are stated where
 * the label decides. Test code only (not in the tarball): `@pidgate/isbn/testing`.
 */
import { charsOf, DIGITS, type InvalidRule, invalidRule, violation } from '@pidgate/core/testing';
import fc from 'fast-check';

/** ISO 2108 ISBN-13: weights 1, 3, 1, 3, ...; the check digit makes the sum a multiple of 10. */
function isbn13Check(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}
/** ISO 2108 ISBN-10: weights 10 down to 2; the check digit (X for 10) makes the sum a multiple of 11. */
function isbn10Check(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
/** ISO 3297 ISSN: weights 8 down to 2; the check digit (X for 10) makes the sum a multiple of 11. */
function issnCheck(seven: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(seven[i]) * (8 - i);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
/** Another check character than `right`, from the digits and X. */
const otherThan = (right: string, shift: number, alphabet: string) =>
  alphabet[(alphabet.indexOf(right) + shift) % alphabet.length] as string;

const isbn13Body = fc.tuple(fc.constantFrom('978', '979'), charsOf(DIGITS, 9, 9)).map(([p, d]) => p + d);
const isbn13 = isbn13Body.map((b) => b + isbn13Check(b));
const isbn10 = charsOf(DIGITS, 9, 9).map((b) => b + isbn10Check(b));
const label = fc.constantFrom('ISBN ', 'ISBN: ', 'isbn:', 'ISBN-13: ', '');

const rule = invalidRule<string>;

export const ISBN_INVALID_RULES: readonly InvalidRule[] = [
  rule(
    'ISO 2108 ISBN-13: the mod 10 check digit',
    'isbn-check-digit',
    fc
      .tuple(label, isbn13Body, fc.integer({ min: 1, max: 9 }))
      .map(([l, b, shift]) => ({ input: `${l}${b}${otherThan(isbn13Check(b), shift, DIGITS)}`, offset: null })),
  ),
  rule(
    'ISO 2108 ISBN-10: the mod 11 check digit',
    'isbn-check-digit',
    fc
      .tuple(fc.constantFrom('ISBN ', 'ISBN-10: ', 'isbn '), charsOf(DIGITS, 9, 9), fc.integer({ min: 1, max: 10 }))
      .map(([l, b, shift]) => ({ input: `${l}${b}${otherThan(isbn10Check(b), shift, `${DIGITS}X`)}`, offset: null })),
  ),
  rule(
    'ISO 2108: an ISBN-13 starts 978 or 979',
    'isbn-prefix',
    fc
      .tuple(fc.constantFrom('ISBN ', 'ISBN-13: '), fc.constantFrom('977', '980', '123', '000'), charsOf(DIGITS, 9, 9))
      .map(([l, p, d]) => ({ input: `${l}${p}${d}${isbn13Check(p + d)}`, offset: null })),
  ),
  rule(
    'the label ISBN-10 / ISBN-13 names the number of digits',
    'isbn-label-length',
    fc.oneof(
      fc.tuple(fc.constantFrom('ISBN-10: ', 'ISBN-10 '), isbn13).map(([l, n]) => violation(l, '', n)),
      fc.tuple(fc.constantFrom('ISBN-13: ', 'ISBN-13 '), isbn10).map(([l, n]) => violation(l, '', n)),
    ),
  ),
];

export const ISSN_INVALID_RULES: readonly InvalidRule[] = [
  rule(
    'ISO 3297: the mod 11 check digit',
    'issn-check-digit',
    fc
      .tuple(fc.constantFrom('ISSN ', 'ISSN: ', 'issn:'), charsOf(DIGITS, 7, 7), fc.integer({ min: 1, max: 10 }))
      .map(([l, d, shift]) => ({
        input: `${l}${d.slice(0, 4)}-${d.slice(4)}${otherThan(issnCheck(d), shift, `${DIGITS}X`)}`,
        offset: null,
      })),
  ),
];
