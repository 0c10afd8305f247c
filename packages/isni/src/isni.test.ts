import { createRegistry, Grouper } from '@pidgate/core';
import {
  charsOf,
  DIGITS,
  type InvalidRule,
  invalidInputs,
  invalidRule,
  readmeExamples,
  schemeContract,
  violation,
} from '@pidgate/core/testing';
import { orcidScheme } from '@pidgate/orcid';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareIsni,
  formatIsni,
  ISNI_ERROR_CODES,
  type IsniErrorCode,
  isniScheme,
  normalizeIsni,
  parseIsni,
} from './index.ts';

/** ISO/IEC 7064 MOD 11-2, written here from the standard's recipe (not core's `mod11_2`). */
function checkCharacter(digits: string): string {
  let sum = 0;
  for (const d of digits) sum = ((sum + Number(d)) * 2) % 11;
  const value = (12 - sum) % 11;
  return value === 10 ? 'X' : String(value);
}

schemeContract(isniScheme, {
  valid: [
    'ISNI 0000 0001 2103 2683',
    'isni:0000000121032683',
    'ISNI:0000000121032683',
    'https://isni.org/isni/0000000121032683',
    'http://www.isni.org/isni/0000000121032683',
    'isni.org/isni/0000000121032683/',
    '0000 0000 8045 6315',
    '0000000080456315',
    '0000-0001-2146-438X',
    'isni:000000012146438x',
  ],
  invalid: [
    'ISNI 0000 0001 2103 2684',
    'isni:000000012103268',
    'isni:0000 00012103 2683',
    'https://isni.org/isni/0000 0001 2103 2683',
    'isni:0000000121032683/',
    'isni:00000001210X2683',
    '0000 0001 2103 2684',
  ],
  equivalent: [
    [
      'ISNI 0000 0001 2103 2683',
      'isni:0000000121032683',
      'https://isni.org/isni/0000000121032683',
      'HTTP://WWW.ISNI.ORG/isni/0000000121032683/',
      '0000000121032683',
      '0000-0001-2103-2683',
    ],
    ['0000 0001 2146 438X', 'isni:000000012146438x'],
  ],
  distinct: [['isni:0000000121032683', 'isni:0000000080456315']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('https://isni.org/isni/', 'isni:', 'ISNI ', '', '0000 '),
      fc.array(fc.constantFrom(...'0123456789 -Xx/a'.split('')), { maxLength: 24 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

readmeExamples(new URL('../README.md', import.meta.url));

describe('real ISNIs, check characters verified', () => {
  it.each([
    ['ISNI 0000 0001 2103 2683', '3'],
    ['ISNI 0000 0000 8045 6315', '5'],
    ['ISNI 0000 0001 2146 438X', 'X'],
  ])('%s has check character %s', (input, check) => {
    const digits = input.slice(5).replaceAll(' ', '');
    expect(checkCharacter(digits.slice(0, 15))).toBe(check);
    const r = isniScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(`https://isni.org/isni/${digits}`);
  });

  it('names the right check character', () => {
    const r = parseIsni('isni:0000000121032684');
    expect(r.ok ? null : [r.error.code, r.error.offset, r.error.message]).toEqual([
      'isni-check',
      20,
      'the check character should be 3 (ISO 7064 MOD 11-2)',
    ]);
  });
});

describe('ISNI and ORCID (docs/specs/isni.md)', () => {
  const registry = createRegistry([orcidScheme, isniScheme]);
  const scheme = (s: string) => {
    const r = registry.parse(s);
    return r.ok ? r.value.scheme : r.error.code;
  };

  it('gives a bare 16 digits inside the ORCID blocks to ORCID, and elsewhere to ISNI', () => {
    expect(scheme('0000-0002-1825-0097')).toBe('orcid');
    expect(scheme('0000000218250097')).toBe('orcid');
    expect(scheme('0009-0000-0000-0000'.replace(/0$/, checkCharacter('000900000000000')))).toBe('orcid');
    expect(scheme('0000 0001 2103 2683')).toBe('isni');
    expect(scheme('1422-4586-3573-0476')).toBe('isni'); // idutils: an ISNI, not an ORCID iD
    // a wrong check character inside the blocks is ORCID's error, outside them ISNI's
    expect(scheme('0000-0002-1825-0098')).toBe('orcid-check');
    expect(scheme('0000-0001-2103-2684')).toBe('isni-check');
  });

  it('reads a labelled ISNI whatever its number, and an orcid.org URL as ORCID', () => {
    expect(scheme('isni:0000000218250097')).toBe('isni');
    expect(scheme('https://orcid.org/0000-0002-1825-0097')).toBe('orcid');
  });

  it('groups an ISNI with the ORCID iD of the same digits at the standard level, not the lexical one', () => {
    const inputs = ['https://orcid.org/0000-0002-1825-0097', 'isni:0000000218250097', 'ISNI 0000 0002 1825 0097'];
    const group = (level: 'lexical' | 'standard') => {
      const grouper = new Grouper();
      inputs.forEach((input, i) => {
        grouper.add(i + 1, input, registry.normalize(input, 'source', level));
      });
      return grouper.groups.map((g) => g.members.map((m) => m.line));
    };
    expect(group('standard')).toEqual([[1, 2, 3]]);
    expect(group('lexical')).toEqual([[1], [2, 3]]);
    expect(registry.normalize(inputs[0] as string, 'source', 'standard')).toEqual({
      ok: true,
      value: 'https://isni.org/isni/0000000218250097',
    });
  });
});

describe('the signature shape', () => {
  it('formats what it parsed, normalizes, compares, resolves', () => {
    const r = parseIsni('ISNI 0000 0001 2146 438x');
    expect(r.ok && formatIsni(r.value)).toBe('ISNI 0000 0001 2146 438x');
    expect(r.ok && normalizeIsni(r.value)).toBe('https://isni.org/isni/000000012146438X');
    expect(r.ok && isniScheme.resolve(r.value)).toBe('https://isni.org/isni/000000012146438X');
    expect(compareIsni('isni:0000000121032683', '0000 0001 2103 2683')).toEqual({ ok: true, value: true });
    expect(compareIsni('isni:0000000121032683', 'isni:0000000080456315')).toEqual({ ok: true, value: false });
    expect(compareIsni('isni:0000000121032683', 'isni:1').ok).toBe(false);
  });
});

const EXAMPLES: Record<IsniErrorCode, string> = {
  'isni-label': 'https://example.org/isni/0000000121032683',
  'isni-character': 'isni:0000000A21032683',
  'isni-separator': 'ISNI 00 00000121032683',
  'isni-length': 'isni:000000012103268',
  'isni-check': 'ISNI 0000 0001 2103 2684',
  'isni-trailing': 'isni:0000000121032683/',
};

describe('ISNI error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseIsni(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ISNI_ERROR_CODES].sort());
  });
});

const label = fc.constantFrom('https://isni.org/isni/', 'http://www.isni.org/isni/', 'isni:', 'ISNI ');
const body = charsOf(DIGITS, 15, 15);
const id16 = body.map((d) => d + checkCharacter(d));
const rule = invalidRule<IsniErrorCode>;

/** Invalid ISNIs from ISO 27729's structure, each breaking one rule (code and offset from the rule). */
const ISNI_INVALID_RULES: readonly InvalidRule<IsniErrorCode>[] = [
  rule(
    'ISO 7064 MOD 11-2: the check character',
    'isni-check',
    fc.tuple(label, body, fc.integer({ min: 1, max: 10 })).map(([l, d, shift]) => {
      const alphabet = '0123456789X';
      const wrong = alphabet[(alphabet.indexOf(checkCharacter(d)) + shift) % 11] as string;
      return violation(`${l}${d}`, wrong);
    }),
  ),
  rule(
    '15 digits, and "X" only as the check character',
    'isni-character',
    fc
      .tuple(label, id16, fc.integer({ min: 0, max: 14 }), fc.constantFrom(...'aXxZ_.:+'))
      .map(([l, id, k, bad]) => violation(`${l}${id.slice(0, k)}`, bad, id.slice(k + 1))),
  ),
  rule(
    '16 characters',
    'isni-length',
    fc.tuple(label, id16, fc.integer({ min: 1, max: 15 })).map(([l, id, k]) => ({
      input: `${l}${id.slice(0, k)}`,
      offset: l.length + k,
    })),
  ),
];

invalidInputs(isniScheme, ISNI_INVALID_RULES);
