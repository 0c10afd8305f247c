import { expectLinear } from '@pidgate/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isanCheckCharacter } from './isan.ts';
import { isbn10CheckDigit, isbn13CheckDigit, parseIsbnNumber } from './isbn.ts';
import { issnCheckDigit, parseIssnNumber } from './issn.ts';
import { dnbCheckDigit, nbnNamespace } from './nbn.ts';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((a) => a.join(''));

/** Every single-character substitution of `s` at `i`, among `alphabet`. */
function substitutions(s: string, i: number, alphabet: string): string[] {
  return [...alphabet].filter((c) => c !== s[i]).map((c) => s.slice(0, i) + c + s.slice(i + 1));
}
function transposition(s: string, i: number): string {
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

describe('ISBN-10 (ISO 2108, mod 11): every single-digit error and adjacent transposition is caught', () => {
  it('property', () => {
    fc.assert(
      fc.property(digits(9), (nine) => {
        const isbn = nine + isbn10CheckDigit(nine);
        expect(parseIsbnNumber(isbn).ok).toBe(true);
        for (let i = 0; i < 10; i++) {
          for (const wrong of substitutions(isbn, i, i === 9 ? '0123456789X' : '0123456789')) {
            expect(parseIsbnNumber(wrong).ok, wrong).toBe(false);
          }
        }
        for (let i = 0; i < 9; i++) {
          const swapped = transposition(isbn, i);
          if (swapped !== isbn && !swapped.slice(0, 9).includes('X'))
            expect(parseIsbnNumber(swapped).ok, swapped).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ISBN-13 (EAN-13, mod 10): every single-digit error; transpositions of digits not differing by 5', () => {
  it('property', () => {
    fc.assert(
      fc.property(fc.constantFrom('978', '979'), digits(9), (prefix, nine) => {
        const twelve = prefix + nine;
        const isbn = twelve + isbn13CheckDigit(twelve);
        expect(parseIsbnNumber(isbn).ok).toBe(true);
        for (let i = 3; i < 13; i++) {
          for (const wrong of substitutions(isbn, i, '0123456789'))
            expect(parseIsbnNumber(wrong).ok, wrong).toBe(false);
        }
        // Weights 1 and 3 differ by 2: a swap of a and b changes the sum by 2(a-b), caught unless |a-b| = 5.
        for (let i = 3; i < 12; i++) {
          const a = Number(isbn[i]);
          const b = Number(isbn[i + 1]);
          if (a !== b && Math.abs(a - b) !== 5) expect(parseIsbnNumber(transposition(isbn, i)).ok).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ISSN (ISO 3297, mod 11): every single-digit error and adjacent transposition is caught', () => {
  it('property', () => {
    fc.assert(
      fc.property(digits(7), (seven) => {
        const plain = seven + issnCheckDigit(seven);
        const issn = `${plain.slice(0, 4)}-${plain.slice(4)}`;
        expect(parseIssnNumber(issn).ok).toBe(true);
        for (let i = 0; i < 8; i++) {
          for (const wrong of substitutions(plain, i, i === 7 ? '0123456789X' : '0123456789')) {
            expect(parseIssnNumber(wrong).ok, wrong).toBe(false);
          }
        }
        for (let i = 0; i < 7; i++) {
          const swapped = transposition(plain, i);
          if (swapped !== plain && !swapped.slice(0, 7).includes('X'))
            expect(parseIssnNumber(swapped).ok, swapped).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('DNB check digit (urn:nbn:de)', () => {
  // Published URNs of German libraries, with their check digits (the last character).
  it.each([
    'urn:nbn:de:bvb:19-146642',
    'urn:nbn:de:gbv:089-3321752945',
    'urn:nbn:de:101:1-201102033592',
    'urn:nbn:de:hbz:6-85659524771',
  ])('%s', (urn) => {
    expect(String(dnbCheckDigit(urn.slice(0, -1)))).toBe(urn.slice(-1));
  });

  // The DNB algorithm promises less than the ISBN ones: one decimal digit over a weighted sum of
  // a mapped digit string. What it does promise: a wrong check digit is always caught. Measured
  // (and asserted here over a fixed sample): about 88% of single-digit substitutions in the NBN
  // string and about 71% of adjacent transpositions change the check digit.
  it('always rejects a wrong check digit', () => {
    fc.assert(
      fc.property(digits(10), (local) => {
        const stem = `urn:nbn:de:bvb:19-${local}`;
        const check = String(dnbCheckDigit(stem));
        for (const d of '0123456789') expect(nbnNamespace.normalize(`de:bvb:19-${local}${d}`).ok).toBe(d === check);
      }),
      { numRuns: 200 },
    );
  });

  it('catches most single-digit substitutions and adjacent transpositions (measured rates)', () => {
    const locals = fc.sample(digits(10), { numRuns: 500, seed: 42 });
    let caught = 0;
    let total = 0;
    let swapsCaught = 0;
    let swaps = 0;
    for (const local of locals) {
      const stem = `urn:nbn:de:bvb:19-${local}`;
      const check = dnbCheckDigit(stem);
      for (let i = stem.length - 10; i < stem.length; i++) {
        for (const wrong of substitutions(stem, i, '0123456789')) {
          total++;
          if (dnbCheckDigit(wrong) !== check) caught++;
        }
        if (i + 1 < stem.length && stem[i] !== stem[i + 1]) {
          swaps++;
          if (dnbCheckDigit(transposition(stem, i)) !== check) swapsCaught++;
        }
      }
    }
    expect(caught / total).toBeGreaterThan(0.85);
    expect(swapsCaught / swaps).toBeGreaterThan(0.65);
  });
});

describe('ISAN check characters (ISO 7064 MOD 37,36)', () => {
  it.each([
    ['000000009E590000', 'O'], // RFC 4246 §2 example root
    ['000000009E59000000000000', '2'], // ... and its version
  ])('%s -> %s', (hex, check) => {
    expect(isanCheckCharacter(hex)).toBe(check);
  });

  // ISO 7064 MOD 37,36 catches every single-character substitution; an adjacent transposition
  // escapes it rarely (measured: about 0.3% of swaps of two different hex digits).
  it('catches every single-character substitution', () => {
    const hexDigit = fc.constantFrom(...'0123456789ABCDEF');
    fc.assert(
      fc.property(fc.array(hexDigit, { minLength: 16, maxLength: 16 }), (chars) => {
        const hex = chars.join('');
        const check = isanCheckCharacter(hex);
        for (let i = 0; i < 16; i++) {
          for (const wrong of substitutions(hex, i, '0123456789ABCDEF'))
            expect(isanCheckCharacter(wrong)).not.toBe(check);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseIsbnNumber and parseIssnNumber on any string', () => {
  const shaped = fc
    .array(fc.constantFrom(...'0123456789Xx- '.split(''), 'ISBN ', '978'), { maxLength: 20 })
    .map((a) => a.join(''));

  it('never throw; a valid ISBN reads back the same from its digits and from its ISBN-13', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 30 }), shaped), (text) => {
        const r = parseIsbnNumber(text);
        if (!r.ok) return;
        const again = parseIsbnNumber(r.value.digits);
        expect(again).toEqual(r);
        const from13 = parseIsbnNumber(r.value.isbn13);
        expect(from13.ok && from13.value.isbn10).toBe(r.value.isbn10);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throw; a valid ISSN reads back the same', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 12 }), shaped), (text) => {
        const r = parseIssnNumber(text);
        if (r.ok) expect(parseIssnNumber(r.value.issn)).toEqual(r);
      }),
      { numRuns: 2000 },
    );
  });

  it('answer at once on a megabyte', () => {
    for (const filler of ['1', '1-', ' ', 'X']) {
      expect(parseIsbnNumber(filler.repeat(1_000_000)).ok).toBe(false);
      expect(parseIssnNumber(filler.repeat(1_000_000)).ok).toBe(false);
      // 16 times the run takes far less than 256 times the CPU time (no wall-clock budget)
      expectLinear((n) => filler.repeat(n), parseIsbnNumber, { size: 1024, what: `ISBN ${filler}` });
      expectLinear((n) => filler.repeat(n), parseIssnNumber, { size: 1024, what: `ISSN ${filler}` });
    }
  });
});
