import {
  charsOf,
  type InvalidRule,
  invalidInputs,
  invalidRule,
  readmeExamples,
  schemeContract,
  violation,
} from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareRor,
  formatRor,
  normalizeRor,
  parseRor,
  ROR_ERROR_CODES,
  type RorErrorCode,
  rorScheme,
} from './index.ts';

/** Crockford base32 as ror.org gives it: digits, and lower-case letters without i, l, o, u. */
const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';

/** ISO/IEC 7064 MOD 97-10, written here from the standard's recipe with BigInt (not the package's code). */
function checkDigits(seven: string): string {
  let n = 0n;
  for (const c of seven) n = n * 32n + BigInt(BASE32.indexOf(c));
  return String(98n - ((n * 100n) % 97n)).padStart(2, '0');
}

schemeContract(rorScheme, {
  valid: [
    'https://ror.org/05dxps055',
    'http://ror.org/05dxps055',
    'https://ror.org/05dxps055/',
    'ror.org/02mhbdp94',
    'ror:04fa4r544',
    'ROR:03yrm5c26',
    'HTTPS://ROR.ORG/05DXPS055',
  ],
  invalid: [
    'https://ror.org/05dxps056',
    'https://ror.org/15dxps055',
    'https://ror.org/05dxps05',
    'https://ror.org/05dips055',
    'ror:05dxps055/',
    'https://ror.org/05dxps055/x',
    'ror.org/',
  ],
  equivalent: [
    [
      'https://ror.org/05dxps055',
      'http://ror.org/05dxps055',
      'ror.org/05dxps055',
      'ror:05DXPS055',
      'https://ROR.org/05dxps055/',
    ],
  ],
  distinct: [['https://ror.org/05dxps055', 'https://ror.org/02mhbdp94']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('https://ror.org/', 'ror:', 'ror.org/', 'ror:0'),
      fc.array(fc.constantFrom(...'05dxpsilou9A/?'.split('')), { maxLength: 14 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

readmeExamples(new URL('../README.md', import.meta.url));

describe('real ROR IDs (ror.org), check digits verified', () => {
  it.each([
    ['https://ror.org/05dxps055', '55'], // California Institute of Technology
    ['https://ror.org/02mhbdp94', '94'],
    ['https://ror.org/04fa4r544', '44'],
    ['https://ror.org/03yrm5c26', '26'], // ror.org's own example
    ['https://ror.org/01k4yrm29', '29'], // Crossref's example of a valid ROR ID
  ])('%s has check digits %s', (input, check) => {
    expect(checkDigits(input.slice(16, 23))).toBe(check);
    const r = rorScheme.parse(input);
    expect(r.ok && [r.value.normalized, r.value.components.id]).toEqual([input, input.slice(16)]);
  });

  it.each([
    // Crossref's examples of invalid ROR IDs ("Validation of ROR and other institution IDs on input")
    ['https://ror.org/11k4yrm29', 'ror-leading-zero', 16],
    ['https://ror.org/01k34yrm29', 'ror-character', 23],
    ['https://ror.org/01kOyrm29', 'ror-character', 19],
    ['https://ror.org/01k4yrm30', 'ror-check', 23],
  ])('refuses %s (%s)', (input, code, offset) => {
    const r = parseRor(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('names the right check digits', () => {
    const r = parseRor('ror:05dxps056');
    expect(r.ok ? null : r.error.message).toBe('the check digits should be 55 (ISO 7064 MOD 97-10)');
  });
});

describe('the signature shape', () => {
  it('formats what it parsed, normalizes, compares', () => {
    const r = parseRor('ROR.ORG/05DXPS055/');
    expect(r.ok && formatRor(r.value)).toBe('ROR.ORG/05DXPS055/');
    expect(r.ok && normalizeRor(r.value)).toBe('https://ror.org/05dxps055');
    expect(compareRor('ror:05dxps055', 'https://ror.org/05DXPS055')).toEqual({ ok: true, value: true });
    expect(compareRor('ror:05dxps055', 'ror:02mhbdp94')).toEqual({ ok: true, value: false });
    expect(compareRor('ror:05dxps055', 'ror:x').ok).toBe(false);
    expect(rorScheme.resolve({ form: 'ror', label: 'ror:', id: '05DXPS055', rest: '' })).toBe(
      'https://ror.org/05dxps055',
    );
  });

  it('does not claim bare IDs or other hosts', () => {
    for (const input of ['05dxps055', 'https://www.example.org/05dxps055', 'ror.orgx/05dxps055', 'rors:05dxps055']) {
      expect(rorScheme.recognize(input), input).toBe(false);
    }
  });
});

const EXAMPLES: Record<RorErrorCode, string> = {
  'ror-label': 'https://example.org/05dxps055',
  'ror-leading-zero': 'ror:15dxps055',
  'ror-character': 'ror:05dxpu055',
  'ror-length': 'ror:05dxps0555',
  'ror-check': 'ror:05dxps054',
  'ror-trailing': 'ror:05dxps055/',
};

describe('ROR error codes', () => {
  it.each(Object.entries(EXAMPLES))('%s: %s', (code, input) => {
    const r = parseRor(input);
    expect(r.ok ? null : r.error.code).toBe(code);
  });
  it('has an example for every code', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...ROR_ERROR_CODES].sort());
  });
});

/** A valid ID: "0", six base32 characters and their check digits. */
const six = charsOf(BASE32, 6, 6);
const id = six.map((s) => `0${s}${checkDigits(`0${s}`)}`);
const label = fc.constantFrom('https://ror.org/', 'http://ror.org/', 'ror.org/', 'ror:', 'ROR:');
const rule = invalidRule<RorErrorCode>;

/** Invalid ROR IDs from the pattern, each breaking one rule (code and offset from the rule, not the parser). */
const ROR_INVALID_RULES: readonly InvalidRule<RorErrorCode>[] = [
  rule(
    'MOD 97-10: the check digits',
    'ror-check',
    fc.tuple(label, id, fc.integer({ min: 1, max: 96 })).map(([l, i, shift]) => {
      const wrong = String(((Number(i.slice(7)) - 1 + shift) % 97) + 1).padStart(2, '0');
      return violation(`${l}${i.slice(0, 7)}`, wrong);
    }),
  ),
  rule(
    'a leading "0"',
    'ror-leading-zero',
    fc.tuple(label, id, fc.constantFrom(...'123456789abcxyz')).map(([l, i, c]) => violation(l, c, i.slice(1))),
  ),
  rule(
    'Crockford base32: no i, l, o, u',
    'ror-character',
    fc
      .tuple(label, id, fc.integer({ min: 1, max: 6 }), fc.constantFrom(...'iloILOuU_.:'))
      .map(([l, i, k, bad]) => violation(`${l}${i.slice(0, k)}`, bad, i.slice(k + 1))),
  ),
  rule(
    'nine characters',
    'ror-length',
    fc.tuple(label, id, fc.integer({ min: 1, max: 8 })).map(([l, i, k]) => violation(l, i.slice(0, k))),
  ),
];

invalidInputs(rorScheme, ROR_INVALID_RULES);
