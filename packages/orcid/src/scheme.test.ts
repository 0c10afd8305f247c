import { schemeContract } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod11_2 } from './check.ts';
import { parseOrcid } from './parse.ts';
import { orcidScheme } from './scheme.ts';

schemeContract(orcidScheme, {
  valid: [
    'https://orcid.org/0000-0002-1825-0097',
    'http://orcid.org/0000-0002-1825-0097',
    'orcid:0000-0002-1825-0097',
    '0000-0002-1825-0097',
    '0000000218250097',
    'https://orcid.org/0000-0002-1694-233X',
    '0000-0002-1694-233x',
    'https://www.orcid.org/0000-0001-5109-3700?lang=en',
    // copied from a browser's address bar, which hides the scheme
    'orcid.org/0000-0002-1825-0097',
    'www.orcid.org/0000-0001-5109-3700',
  ],
  invalid: [
    'orcid.org/0000 0002 1825 0097',
    'orcid.org/',
    'https://orcid.org/0000-0002-1825-0098',
    'https://orcid.org/',
    'orcid:0000-0002-1825',
    '0000-0002-18250-097',
    '000000021825009X',
    'orcid:0000-0002-1825-009',
    'https://orcid.org/0000-0002-1825-0097/works',
    'orcid:0000-0002-1825-0097#x',
  ],
  equivalent: [
    [
      'https://orcid.org/0000-0002-1825-0097',
      'http://orcid.org/0000-0002-1825-0097',
      'HTTPS://ORCID.ORG/0000-0002-1825-0097',
      'https://www.orcid.org/0000-0002-1825-0097',
      'orcid.org/0000-0002-1825-0097',
      'WWW.ORCID.ORG/0000-0002-1825-0097/',
      'orcid:0000-0002-1825-0097',
      'ORCID:0000000218250097',
      '0000-0002-1825-0097',
      '0000000218250097',
    ],
    ['0000-0002-1694-233X', '0000-0002-1694-233x', '000000021694233X'],
  ],
  distinct: [['0000-0002-1825-0097', '0000-0001-5109-3700']],
  arbitrary: fc
    .tuple(
      fc.constantFrom('https://orcid.org/', 'orcid:', '', '0000-'),
      fc.array(fc.constantFrom(...'0123456789-Xx/?#a'.split('')), { maxLength: 24 }),
    )
    .map(([label, chars]) => label + chars.join('')),
});

describe('an orcid.org URL without its scheme', () => {
  it('is read only on ORCID\'s hosts, followed by "/"', () => {
    for (const input of ['orcid.orgx/0000-0002-1825-0097', 'orcid.org.example/0000-0002-1825-0097', 'orcid.org']) {
      expect(orcidScheme.recognize(input), input).toBe(false);
    }
    const r = orcidScheme.parse('orcid.org/0000-0002-1825-0097');
    expect(r.ok && [r.value.normalized, r.value.components.label]).toEqual([
      'https://orcid.org/0000-0002-1825-0097',
      'orcid.org/',
    ]);
  });
});

describe('the MOD 11-2 check character (ISO 7064, as ORCID describes it)', () => {
  it.each([
    ['000000021825009', '7'],
    ['000000021694233', 'X'],
    ['000000015109370', '0'],
  ])('%s gives %s', (digits, check) => {
    expect(mod11_2(digits)).toBe(check);
  });

  it('finds a wrong check character and a transposition', () => {
    expect(parseOrcid('0000-0002-1825-0079').ok).toBe(false);
    const r = parseOrcid('0000-0002-1825-0096');
    expect(r.ok ? null : [r.error.code, r.error.offset, r.error.message]).toEqual([
      'orcid-check',
      18,
      'the check character should be 7 (ISO 7064 MOD 11-2)',
    ]);
  });
});

describe('the blocks ISNI reserved for ORCID (ORCID support: "What is the relationship between ISNI and ORCID?")', () => {
  it.each([
    // the first and last iDs of the 2013 block, as ORCID writes them
    ['0000-0001-5000-0007', 'https://orcid.org/0000-0001-5000-0007'],
    ['0000-0003-5000-0001', 'https://orcid.org/0000-0003-5000-0001'],
  ])('%s is an ORCID iD', (input, expected) => {
    const r = orcidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    // just outside the 2013 block (base numbers 14999999 and 35000001, each with its right check character)
    '0000-0001-4999-9992',
    '0000-0003-5000-001X',
    // just outside the 2023 block (base numbers 899999999999 and 900100000001)
    '0008-9999-9999-9996',
    '0009-0010-0000-0011',
  ])('%s is outside both blocks: orcid-range', (input) => {
    const r = parseOrcid(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual(['orcid-range', 0]);
  });
});

describe('inveniosoftware/idutils tests/test_idutils.py, ORCID cases', () => {
  // idutils normalizes to the bare hyphenated iD; we write the https URI ORCID asks displays to use
  // (docs/specs/orcid.md, "Differences from idutils"): the same iD.
  it.each([
    ['0000000218250097', 'https://orcid.org/0000-0002-1825-0097'],
    ['http://orcid.org/0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097'],
    ['https://orcid.org/0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097'],
    ['0000-0002-1694-233X', 'https://orcid.org/0000-0002-1694-233X'],
    ['0009-0005-6000-7479', 'https://orcid.org/0009-0005-6000-7479'],
    ['https://orcid.org/0009-0002-4767-9017', 'https://orcid.org/0009-0002-4767-9017'],
    // a trailing "/" names the same record page
    ['https://orcid.org/0000-0002-1825-0097/', 'https://orcid.org/0000-0002-1825-0097'],
    ['https://orcid.org/0000-0002-1825-0097/?lang=en', 'https://orcid.org/0000-0002-1825-0097'],
  ])('%s is %s', (input, expected) => {
    const r = orcidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it('reads an iD outside the blocks when a label or an orcid.org URL names ORCID', () => {
    // ORCID's description of its identifier: "e.g. https://orcid.org/0000-0001-2345-6789", below the 2013 block
    for (const input of ['https://orcid.org/0000-0001-2345-6789', 'orcid:0000-0001-2345-6789']) {
      const r = orcidScheme.parse(input);
      expect(r.ok && r.value.normalized, input).toBe('https://orcid.org/0000-0001-2345-6789');
    }
    expect(parseOrcid('0000-0001-2345-6789').ok).toBe(false);
  });

  it('refuses 1422-4586-3573-0476, which idutils detects as an ISNI only', () => {
    const r = parseOrcid('1422-4586-3573-0476');
    expect(r.ok ? null : r.error.code).toBe('orcid-range');
  });

  it('reads an iD in four groups separated by spaces (ISO 27729 display; idutils drops the spaces)', () => {
    for (const input of ['0000 0002 1825 0097', 'orcid:0000 0002 1825 0097', 'ORCID: 0000-0002-1825-0097']) {
      const r = orcidScheme.parse(input);
      expect(r.ok && r.value.normalized, input).toBe('https://orcid.org/0000-0002-1825-0097');
    }
  });

  it.each([
    ['0000-0002 1825 0097', 'orcid-hyphen', 9],
    ['orcid:0000 00021825 0097', 'orcid-hyphen', 19],
    ['https://orcid.org/0000 0002 1825 0097', 'orcid-character', 22],
    ['https://orcid.org/0000-0002-1825-0097//', 'orcid-trailing', 37],
    ['orcid:0000-0002-1825-0097/', 'orcid-trailing', 25],
    ['ORCID:  0000-0002-1825-0097', 'orcid-hyphen', 7],
  ])('refuses %s (%s)', (input, code, offset) => {
    const r = parseOrcid(input);
    expect(r.ok ? null : [r.error.code, r.error.offset]).toEqual([code, offset]);
  });
});

describe('other projects’ ORCID examples', () => {
  it.each([
    // scienceverse check_orcid() examples
    ['0000-0002-7523-5539', 'https://orcid.org/0000-0002-7523-5539'],
    ['0000-0002-0247-239X', 'https://orcid.org/0000-0002-0247-239X'],
    ['https://orcid.org/0000-0002-0247-239X', 'https://orcid.org/0000-0002-0247-239X'],
  ])('%s is %s', (input, expected) => {
    const r = orcidScheme.parse(input);
    expect(r.ok && r.value.normalized).toBe(expected);
  });

  it.each([
    '0000-0002-0247-2394', // scienceverse: "incorrect, return FALSE"
    // SecureDNA's test: ORCID's example 0000-0001-5000-0007 with its last digit changed
    '0000-0001-5000-0000',
    '0000-0001-5000-0001',
    '0000-0001-5000-0002',
  ])('%s has a wrong check character', (input) => {
    const r = parseOrcid(input);
    expect(r.ok ? null : r.error.code).toBe('orcid-check');
  });
});

describe("ORCID's sandbox (docs/specs/orcid.md, Choices)", () => {
  // ORCID's sandbox is a test registry: its iDs name no one, and one there is not the orcid.org iD with the
  // same digits. pidgate refuses it with its own code rather than reading it as the production iD.
  it.each([
    'https://sandbox.orcid.org/0000-0002-1825-0097',
    'http://sandbox.orcid.org/0000-0002-1825-0097',
    'sandbox.orcid.org/0000-0002-1825-0097',
    'https://SANDBOX.ORCID.ORG/0000-0002-1825-0097',
  ])('%s is orcid-sandbox', (input) => {
    expect(orcidScheme.recognize(input)).toBe(true);
    const r = orcidScheme.parse(input);
    expect(r.ok ? r.value.normalized : r.error.code).toBe('orcid-sandbox');
  });
  it('reads orcid.org as before', () => {
    const r = orcidScheme.parse('https://orcid.org/0000-0002-1825-0097');
    expect(r.ok && r.value.normalized).toBe('https://orcid.org/0000-0002-1825-0097');
  });
});
