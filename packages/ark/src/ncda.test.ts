import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOID_ALPHABET, ncda, ordinal, verifyNcda } from './ncda.ts';

describe('NCDA check character', () => {
  it('13030/xf93gt2 gives q (the NOID documentation)', () => {
    expect(ncda('13030/xf93gt2')).toBe('q');
    expect(verifyNcda('13030/xf93gt2q')).toBe(true);
    expect(verifyNcda('13030/xf93gt2r')).toBe(false);
  });

  it('is the sum of ordinal times position, modulo 29', () => {
    // 1*b(10) + 2*c(11) = 32 = 3 (mod 29)
    expect(ncda('bc')).toBe('3');
    expect(ncda('')).toBe('0');
    // Characters outside the alphabet count 0 but still take a position.
    expect(ncda('/b')).toBe(NOID_ALPHABET[20]);
    expect(ordinal('A'.charCodeAt(0))).toBe(0);
    expect(ordinal('é'.charCodeAt(0))).toBe(0);
  });

  it.each(['', '0'])('a string too short to hold a check character fails (%j)', (s) => {
    expect(verifyNcda(s)).toBe(false);
  });

  // Identifiers minted by the NAAN registry's own minters carry NCDA check characters
  // (test_identifier of the real registry snapshot in shared/data).
  it.each(['b7280/d1988w', 'b6071/m3z07d', 'b6078/d1mw2k', 'b5060/d8bc75', 'b7272/q6ms3qnx', 'b7291/d1wc74'])(
    '%s verifies',
    (s) => {
      expect(verifyNcda(s)).toBe(true);
    },
  );

  // Strings of NAAN/Name characters up to 27 long: with the check character, at most 28 positions,
  // each with a weight that is not a multiple of 29.
  const chars = fc.constantFrom(...NOID_ALPHABET.split(''), '/');
  const ids = fc.array(chars, { minLength: 1, maxLength: 27 }).map((a) => a.join(''));

  it('detects every single-character substitution', () => {
    fc.assert(
      fc.property(ids, fc.nat(), fc.constantFrom(...NOID_ALPHABET.split('')), (id, at, replacement) => {
        const full = id + ncda(id);
        const i = at % full.length;
        fc.pre(ordinal(full.charCodeAt(i)) !== ordinal(replacement.charCodeAt(0)));
        const changed = full.slice(0, i) + replacement + full.slice(i + 1);
        expect(verifyNcda(full)).toBe(true);
        expect(verifyNcda(changed)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('detects every transposition of two adjacent characters', () => {
    fc.assert(
      fc.property(ids, fc.nat(), (id, at) => {
        const full = id + ncda(id);
        const i = at % (full.length - 1);
        fc.pre(ordinal(full.charCodeAt(i)) !== ordinal(full.charCodeAt(i + 1)));
        const swapped = full.slice(0, i) + full[i + 1] + full[i] + full.slice(i + 2);
        expect(verifyNcda(swapped)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('exhaustively: every substitution and transposition of 13030/xf93gt2q is detected', () => {
    const full = '13030/xf93gt2q';
    for (let i = 0; i < full.length; i++) {
      for (const r of NOID_ALPHABET) {
        if (ordinal(r.charCodeAt(0)) === ordinal(full.charCodeAt(i))) continue;
        expect(verifyNcda(full.slice(0, i) + r + full.slice(i + 1))).toBe(false);
      }
      if (i + 1 < full.length && ordinal(full.charCodeAt(i)) !== ordinal(full.charCodeAt(i + 1))) {
        expect(verifyNcda(full.slice(0, i) + full[i + 1] + full[i] + full.slice(i + 2))).toBe(false);
      }
    }
  });
});
