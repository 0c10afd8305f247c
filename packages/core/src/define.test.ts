import { describe, expect, it } from 'vitest';
import { defineScheme } from './define.ts';
import { mod11_2, mod97_10 } from './iso7064.ts';
import { err, ok } from './result.ts';

interface Num {
  readonly label: string;
  readonly digits: string;
}

/** A small scheme for the test: `num:` and digits; `standard` groups numbers that differ only in leading zeros. */
const numScheme = defineScheme({
  name: 'num',
  priority: 50,
  errorCodes: ['num-label', 'num-digits'] as const,
  recognize: (s) => s.startsWith('num:') || s.startsWith('NUM:'),
  parse: (input) => {
    if (!input.startsWith('num:') && !input.startsWith('NUM:')) return err('num-label', 'num: first', 0);
    const digits = input.slice(4);
    if (!/^[0-9]+$/.test(digits)) return err('num-digits', 'digits only', 4);
    return ok({ label: input.slice(0, 4), digits });
  },
  normalize: (c) => `num:${c.digits}`,
  format: (c) => c.label + c.digits,
  standardKey: (c) => `num:${c.digits.replace(/^0+(?=.)/, '')}`,
  warnings: (c) => (c.digits.length > 8 ? [{ code: 'num-long', message: 'long' }] : undefined),
  route: { labels: ['num:'] },
  resolver: { template: 'https://num.example/{id}', id: (c: Num) => c.digits },
  docs: { title: 'Number', specification: 'none', page: 'docs/specs/num.md', example: 'num:12' },
});

describe('defineScheme', () => {
  it('builds the identifier from parse, normalize, standardKey and warnings', () => {
    expect(numScheme.parse('NUM:0012')).toEqual(
      ok({
        scheme: 'num',
        input: 'NUM:0012',
        profile: 'source',
        normalized: 'num:0012',
        components: { label: 'NUM:', digits: '0012' },
        standardKey: 'num:12',
      }),
    );
    const plain = numScheme.parse('num:12', 'modern');
    expect(plain.ok && plain.value).toEqual({
      scheme: 'num',
      input: 'num:12',
      profile: 'modern',
      normalized: 'num:12',
      components: { label: 'num:', digits: '12' },
    });
    const long = numScheme.parse('num:123456789');
    expect(long.ok && long.value.warnings).toEqual([{ code: 'num-long', message: 'long' }]);
  });

  it("passes the parser's error through", () => {
    expect(numScheme.parse('num:1x')).toEqual(err('num-digits', 'digits only', 4));
  });

  it('compares two strings by their normalized forms, or gives the first error', () => {
    expect(numScheme.compare('NUM:12', 'num:12')).toEqual(ok(true));
    expect(numScheme.compare('num:012', 'num:12')).toEqual(ok(false));
    expect(numScheme.compare('num:12', 'num:x')).toEqual(err('num-digits', 'digits only', 4));
  });

  it('fills the resolver template, formats, and keeps the metadata', () => {
    expect(numScheme.resolve({ label: 'num:', digits: '12' })).toBe('https://num.example/12');
    expect(numScheme.resolverTemplate).toBe('https://num.example/{id}');
    expect(numScheme.format({ label: 'NUM:', digits: '7' })).toBe('NUM:7');
    expect(numScheme.route.labels).toEqual(['num:']);
    expect(numScheme.docs.page).toBe('docs/specs/num.md');
  });

  it('uses identify, where given, for the whole identifier', () => {
    const fast = defineScheme({
      name: 'num',
      priority: 50,
      errorCodes: ['num-label'] as const,
      recognize: () => true,
      parse: () => err('num-label', 'not used', 0),
      normalize: () => 'not used',
      format: (c: Num) => c.digits,
      identify: (input, profile = 'source') =>
        ok({ scheme: 'num' as const, input, profile, normalized: 'fast', components: { label: '', digits: '' } }),
      route: {},
      docs: { title: 'Number', specification: 'none', page: 'docs/specs/num.md', example: 'num:12' },
    });
    const r = fast.parse('anything');
    expect(r.ok && r.value.normalized).toBe('fast');
    expect(fast.compare('a', 'b')).toEqual(ok(true));
    expect(fast.resolve({ label: '', digits: '1' })).toBeUndefined();
  });
});

describe('ISO/IEC 7064', () => {
  it.each([
    // ORCID's examples (ORCID support: "Structure of the ORCID Identifier")
    ['000000021825009', '7'],
    ['000000021694233', 'X'],
    // ISNI 0000 0001 2103 2683 (ISO 27729 display)
    ['000000012103268', '3'],
  ])('MOD 11-2 of %s is %s', (digits, check) => {
    expect(mod11_2(digits)).toBe(check);
  });

  it.each([
    // ROR IDs (ror.org): 0 + six Crockford base32 characters, then MOD 97-10 of their value
    [[0, 5, 13, 29, 22, 25, 0], '55'], // 05dxps0 55, Caltech
    [[0, 3, 30, 24, 20, 5, 12], '26'], // 03yrm5c 26
    // ISO 7064 MOD 97-10 over decimal digits: 794 gives 44 (the standard's worked example)
    [[7, 9, 4], '44'],
    [[0], '98'],
  ])('MOD 97-10 of %j is %s', (values, check) => {
    expect(mod97_10(values, values.length === 7 ? 32 : 10)).toBe(check);
  });
});
