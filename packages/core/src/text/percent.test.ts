import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPcharCode, isUnreservedCode } from './chars.ts';
import {
  decodeEscapesWhere,
  findBadEscape,
  lowerEscapes,
  percentDecode,
  percentEncode,
  upperEscapes,
} from './percent.ts';

describe('percent-escapes', () => {
  it.each([
    ['abc', -1],
    ['a%2Fb', -1],
    ['a%2fb%C3%a9', -1],
    ['%', 0],
    ['a%2', 1],
    ['a%zz', 1],
    ['a%2g', 1],
    ['%41%4', 3],
    ['%%41', 0],
  ])('findBadEscape(%s) = %i', (s, at) => {
    expect(findBadEscape(s)).toBe(at);
  });

  it('looks only inside the range given', () => {
    expect(findBadEscape('ab%4', 0, 2)).toBe(-1);
    expect(findBadEscape('%4x%41', 3)).toBe(-1);
  });

  it.each([
    ['a%2fb%c3%A9', 'a%2Fb%C3%A9', 'a%2fb%c3%a9'],
    ['plain', 'plain', 'plain'],
    ['%ab%CD', '%AB%CD', '%ab%cd'],
    // a `%` without two hex digits is left as it is, and the escape right after it is still mapped
    ['%%2F%zz%4', '%%2F%zz%4', '%%2f%zz%4'],
    ['50%-%2fx%', '50%-%2Fx%', '50%-%2fx%'],
  ])('%s: upper %s, lower %s', (s, upper, lower) => {
    expect(upperEscapes(s)).toBe(upper);
    expect(lowerEscapes(s)).toBe(lower);
  });

  it('decodes only the escapes the predicate keeps, never bytes of UTF-8 sequences', () => {
    expect(decodeEscapesWhere('%41%2F%7e%C3%A9', isUnreservedCode)).toBe('A%2F~%C3%A9');
    expect(decodeEscapesWhere('no escapes', isUnreservedCode)).toBe('no escapes');
    // "%4g" is not an escape: nothing is decoded from it (a lenient hex parse would read "%4").
    expect(decodeEscapesWhere('%4g%41', isUnreservedCode)).toBe('%4gA');
  });
});

describe('percentDecode (strict)', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    ['a%2Fb', 'a/b'],
    ['%2525', '%25'], // decoded once
    ['%C3%A9t%c3%a9', 'été'],
    ['%E2%82%AC', '€'],
    ['%F0%9F%98%80', '😀'],
    ['é%20x', 'é x'], // characters standing as they are stay
  ])('%j → %j', (s, expected) => {
    expect(percentDecode(s)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['%', 'pct-encoded', 0],
    ['ab%4', 'pct-encoded', 2],
    ['%zz', 'pct-encoded', 0],
    ['%4g', 'pct-encoded', 0],
    ['%C3%4', 'pct-encoded', 3],
    ['x%C3', 'pct-utf8', 1], // truncated sequence
    ['%C3a', 'pct-utf8', 0],
    ['%A9', 'pct-utf8', 0], // a continuation byte alone
    ['%C0%AF', 'pct-utf8', 0], // overlong "/"
    ['%E0%80%AF', 'pct-utf8', 0], // overlong
    ['%ED%A0%80', 'pct-utf8', 0], // a UTF-16 surrogate (RFC 3629 §3)
    ['%F4%90%80%80', 'pct-utf8', 0], // past U+10FFFF
    ['%FF', 'pct-utf8', 0],
  ])('%j fails with %s at %i', (s, code, offset) => {
    const r = percentDecode(s);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.offset]).toEqual([code, offset]);
  });

  it('decodes only inside the range given', () => {
    expect(percentDecode('%zz%41%zz', 3, 6)).toEqual({ ok: true, value: 'A' });
  });

  it('takes a number of steps linear in a long run of escapes (200k characters in one call)', () => {
    expect(percentDecode('%41'.repeat(100_000))).toEqual({ ok: true, value: 'A'.repeat(100_000) });
    expect(percentDecode('%'.repeat(200_000)).ok).toBe(false);
    expect(percentDecode('%C3'.repeat(100_000)).ok).toBe(false);
  });
});

describe('percentEncode', () => {
  it.each([
    ['a b', 'a%20b'],
    ['é', '%C3%A9'],
    ['😀', '%F0%9F%98%80'],
    ['\ud800x', '%EF%BF%BDx'], // a lone surrogate has no UTF-8 form: U+FFFD
    ['100%', '100%25'],
    ['a-b_c.d~', 'a-b_c.d~'],
  ])('%j → %j (everything but unreserved)', (s, expected) => {
    expect(percentEncode(s, isUnreservedCode)).toBe(expected);
  });

  it('keeps well-formed escapes when asked', () => {
    expect(percentEncode('%2F %zz', isUnreservedCode, { keepEscapes: true })).toBe('%2F%20%25zz');
  });

  it('is undone by percentDecode for any text (well-formed UTF-16)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constantFrom(isUnreservedCode, isPcharCode),
        (s, keep) => {
          expect(percentDecode(percentEncode(s, keep))).toEqual({ ok: true, value: s });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('decodes what encodeURIComponent writes, as decodeURIComponent does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        expect(percentDecode(encodeURIComponent(s))).toEqual({
          ok: true,
          value: decodeURIComponent(encodeURIComponent(s)),
        });
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, and fails exactly where decodeURIComponent throws', () => {
    const text = fc
      .array(fc.constantFrom('%', 'C3', 'A9', '%E2%82', '%AC', '%F0', '9F', 'a', 'é', '%2', 'z', '%ED%A0%80'), {
        maxLength: 12,
      })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(text, (s) => {
        let expected: boolean;
        try {
          decodeURIComponent(s);
          expected = true;
        } catch {
          expected = false;
        }
        expect(percentDecode(s).ok).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
