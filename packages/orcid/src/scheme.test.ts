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
  ],
  invalid: [
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
