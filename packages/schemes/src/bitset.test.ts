import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intersect, MAX_SCHEMES, minus, union } from './bitset.ts';

/** A set as BigInt, the reference: written here with BigInt's operators, not the module's arithmetic. */
const big = (bits: number[]): bigint => bits.reduce((s, i) => s | (1n << BigInt(i)), 0n);
const num = (bits: number[]): number => Number(big(bits));
const sets = fc.uniqueArray(fc.integer({ min: 0, max: MAX_SCHEMES - 1 }), { maxLength: MAX_SCHEMES });

describe('scheme sets of up to 52 bits', () => {
  it('union, intersection and difference agree with BigInt’s, below and above 2 ** 31', () => {
    fc.assert(
      fc.property(sets, sets, (a, b) => {
        expect(BigInt(union(num(a), num(b)))).toBe(big(a) | big(b));
        expect(BigInt(intersect(num(a), num(b)))).toBe(big(a) & big(b));
        expect(BigInt(minus(num(a), num(b)))).toBe(big(a) & ~big(b));
      }),
      { numRuns: 2_000 },
    );
    expect(union(2 ** 31, 1)).toBe(2 ** 31 + 1);
    expect(intersect(2 ** 51 + 2 ** 31 + 1, 2 ** 31)).toBe(2 ** 31);
    expect(intersect(2 ** 40, 2 ** 41)).toBe(0);
  });
});
