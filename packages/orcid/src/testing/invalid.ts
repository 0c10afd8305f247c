/**
 * Invalid ORCID iDs generated from ORCID's identifier structure (16 characters: 15 digits and an ISO 7064
 * MOD 11-2 check character, written in four groups of four): each rule builds a valid iD, breaks one rule,
 * and names that rule's code (codes.ts) and offset. Test code only (not in the tarball):
 * `@pidgate/orcid/testing`.
 */
import { charsOf, DIGITS, type InvalidRule, invalidRule, violation } from '@pidgate/core/testing';
import fc from 'fast-check';
import type { OrcidErrorCode } from '../codes.ts';

/** ISO/IEC 7064 MOD 11-2, written here from the standard's recipe (not the package's `mod11_2`). */
function checkCharacter(digits: string): string {
  let sum = 0;
  for (const d of digits) sum = ((sum + Number(d)) * 2) % 11;
  const value = (12 - sum) % 11;
  return value === 10 ? 'X' : String(value);
}

const label = fc.constantFrom('https://orcid.org/', 'http://orcid.org/', 'orcid:', 'ORCID:');
const body = charsOf(DIGITS, 15, 15);
/** The 16 characters of a valid iD, without hyphens. */
const id16 = body.map((d) => d + checkCharacter(d));
const grouped = (id: string) => `${id.slice(0, 4)}-${id.slice(4, 8)}-${id.slice(8, 12)}-${id.slice(12)}`;

const rule = invalidRule<OrcidErrorCode>;

export const ORCID_INVALID_RULES: readonly InvalidRule<OrcidErrorCode>[] = [
  rule(
    'ISO 7064 MOD 11-2: the check character',
    'orcid-check',
    fc.tuple(label, body, fc.integer({ min: 1, max: 10 }), fc.boolean()).map(([l, d, shift, hyphens]) => {
      // any of the other ten check characters
      const alphabet = '0123456789X';
      const wrong = alphabet[(alphabet.indexOf(checkCharacter(d)) + shift) % 11] as string;
      const written = hyphens ? grouped(d + wrong) : d + wrong;
      return violation(`${l}${written.slice(0, -1)}`, wrong);
    }),
  ),
  rule(
    'four groups of four: a hyphen elsewhere',
    'orcid-hyphen',
    fc
      .tuple(label, id16, fc.constantFrom(1, 2, 3, 5, 6, 7, 8))
      .map(([l, id, k]) => violation(`${l}${id.slice(0, k)}`, '-', id.slice(k))),
  ),
  rule(
    '15 digits, and "X" only as the check character',
    'orcid-character',
    fc
      .tuple(label, id16, fc.integer({ min: 0, max: 14 }), fc.constantFrom(...'aXxZ_.:+'))
      .map(([l, id, k, bad]) => violation(`${l}${id.slice(0, k)}`, bad, id.slice(k + 1))),
  ),
  rule(
    'four groups of four: one kind of separator, hyphens or spaces, not both',
    'orcid-hyphen',
    fc
      // labelled: through a registry, a bare iD outside ORCID's blocks is an ISNI (docs/specs/isni.md)
      .tuple(fc.constantFrom('orcid:', 'ORCID:'), id16, fc.constantFrom<[string, string]>(['-', ' '], [' ', '-']))
      .map(([l, id, [first, second]]) =>
        violation(
          `${l}${id.slice(0, 4)}${first}${id.slice(4, 8)}`,
          second,
          `${id.slice(8, 12)}${second}${id.slice(12)}`,
        ),
      ),
  ),
  rule(
    'a bare iD lies in the ISNI blocks reserved for ORCID (0000-0001-5000-0007 to 0000-0003-5000-0001, 0009-0000-0000-0000 to 0009-0010-0000-0000)',
    'orcid-range',
    fc
      .tuple(
        fc.constant(''),
        // a first digit from 1 to 8 puts the 15-digit base number above both blocks
        fc.tuple(fc.constantFrom(...'12345678'), charsOf(DIGITS, 14, 14)).map(([a, b]) => a + b),
        fc.boolean(),
      )
      .map(([l, d, hyphens]) => {
        const id = d + checkCharacter(d);
        return violation(l, '', hyphens ? grouped(id) : id);
      }),
  ),
  rule(
    '16 characters: fewer',
    'orcid-length',
    fc.tuple(label, id16, fc.integer({ min: 0, max: 15 })).map(([l, id, n]) => violation(`${l}${id.slice(0, n)}`, '')),
  ),
  rule(
    'after the iD: only a URL query or fragment',
    'orcid-trailing',
    fc
      .tuple(fc.constantFrom('orcid:', 'ORCID:'), id16, fc.constantFrom('x', '0', '?q=1', '#f', '/works'))
      .map(([l, id, rest]) => violation(`${l}${grouped(id)}`, '', rest)),
  ),
];
