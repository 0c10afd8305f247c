import { describe, expect, it } from 'vitest';
import { compareParsed, profileOf, type SchemeOptions } from './options.ts';
import { err, ok, type PidError, type Result } from './result.ts';

/** A small scheme for the test: `n:` and digits; `modern` also reads `N:`. The key drops leading zeros. */
function parseN(input: string, options?: SchemeOptions): Result<{ digits: string }, PidError<'label' | 'digits'>> {
  const label = profileOf(options) === 'modern' ? /^[nN]:/ : /^n:/;
  if (!label.test(input)) return err('label', 'an n-number starts with "n:"', 0);
  const digits = input.slice(2);
  return /^[0-9]+$/.test(digits) ? ok({ digits }) : err('digits', 'digits only', 2);
}
const normalizeN = (c: { digits: string }) => `n:${c.digits.replace(/^0+(?=.)/, '')}`;

describe('profileOf', () => {
  it.each([
    [undefined, 'source'],
    [{}, 'source'],
    [{ profile: 'source' }, 'source'],
    [{ profile: 'modern' }, 'modern'],
  ] as const)('%j -> %s', (options, profile) => {
    expect(profileOf(options)).toBe(profile);
  });
});

describe('compareParsed', () => {
  it.each([
    ['n:007', 'n:7', true],
    ['n:7', 'n:70', false],
    ['n:0', 'n:000', true],
  ])('%s ~ %s: %s', (a, b, same) => {
    expect(compareParsed(parseN, normalizeN, a, b)).toEqual({ ok: true, value: same });
  });

  it('gives the parse error of the first input that fails, a before b', () => {
    expect(compareParsed(parseN, normalizeN, 'x:1', 'n:z')).toEqual(err('label', 'an n-number starts with "n:"', 0));
    expect(compareParsed(parseN, normalizeN, 'n:1', 'n:z')).toEqual(err('digits', 'digits only', 2));
  });

  it('passes the options to the parser', () => {
    expect(compareParsed(parseN, normalizeN, 'N:1', 'n:01').ok).toBe(false);
    expect(compareParsed(parseN, normalizeN, 'N:1', 'n:01', { profile: 'modern' })).toEqual({ ok: true, value: true });
  });
});
