import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scheme } from '../identifier.ts';
import type { SchemeOptions } from '../options.ts';
import { PROFILES, type Profile } from '../profile.ts';
import type { PidError, Result } from '../result.ts';

/**
 * The four functions every scheme package exports for each of its schemes (docs/contributing.md,
 * "The signature shape"): `parseX`, `normalizeX`, `formatX` and `compareX`.
 */
export interface SchemeShape<C> {
  readonly parse: (input: string, options?: SchemeOptions) => Result<C, PidError>;
  readonly normalize: (components: C, options?: SchemeOptions) => string;
  readonly format: (components: C, options?: SchemeOptions) => string;
  readonly compare: (a: string, b: string, options?: SchemeOptions) => Result<boolean, PidError>;
}

export interface ShapeFixtures {
  /** Valid identifiers (the `source` profile; `validModern` where `modern` reads others). */
  readonly valid: readonly string[];
  readonly validModern?: readonly string[];
  /** Pairs the spec calls equivalent (`source` profile), each a row of the `compareX` table. */
  readonly equivalent: readonly (readonly [string, string])[];
  /** Pairs the spec calls different identifiers (`source` profile). */
  readonly distinct: readonly (readonly [string, string])[];
  /** Pairs compared in the `modern` profile: `[a, b, equivalent?]`. */
  readonly modern?: readonly (readonly [string, string, boolean])[];
  /** Strings that are not identifiers of the scheme: `compareX` gives the parse error. */
  readonly invalid: readonly string[];
  /** The scheme object: its `parse` must give the same components and key as `parseX`/`normalizeX`. */
  readonly scheme?: Scheme;
  /** Generates strings shaped like the scheme's identifiers, valid or not. */
  readonly arbitrary?: fc.Arbitrary<string>;
  readonly numRuns?: number;
}

function components<C>(shape: SchemeShape<C>, input: string, profile: Profile): C {
  const result = shape.parse(input, { profile });
  if (!result.ok) throw new Error(`${input} should parse in ${profile}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** `compareX(a, b)` as a value: the boolean, or the error code. */
function compared<C>(shape: SchemeShape<C>, a: string, b: string, profile: Profile): boolean | string {
  const result = shape.compare(a, b, { profile });
  return result.ok ? result.value : result.error.code;
}

/**
 * The contract of the signature shape, run by every scheme package for each scheme it exports:
 * `compareX` against the spec's equivalent and distinct pairs (both ways round), the parse error for a
 * string that is not an identifier, `parseX(formatX(c))` giving `c` back, `normalizeX` stable through
 * a format and parse, `compareX` reflexive and symmetric on generated input, and agreement with the
 * scheme object that the registry dispatches to.
 */
export function shapeContract<C>(name: string, shape: SchemeShape<C>, fixtures: ShapeFixtures): void {
  const numRuns = fixtures.numRuns ?? 200;
  const validFor = (profile: Profile) =>
    profile === 'modern' && fixtures.validModern ? fixtures.validModern : fixtures.valid;

  describe(`${name}: signature shape`, () => {
    it.each(fixtures.equivalent)('compare %s ~ %s: equivalent, both ways round', (a, b) => {
      expect(compared(shape, a, b, 'source')).toBe(true);
      expect(compared(shape, b, a, 'source')).toBe(true);
    });

    it.each(fixtures.distinct)('compare %s ~ %s: different identifiers, both ways round', (a, b) => {
      expect(compared(shape, a, b, 'source')).toBe(false);
      expect(compared(shape, b, a, 'source')).toBe(false);
    });

    if (fixtures.modern && fixtures.modern.length > 0) {
      it.each(fixtures.modern)('compare %s ~ %s in the modern profile: %s', (a, b, same) => {
        expect(compared(shape, a, b, 'modern')).toBe(same);
        expect(compared(shape, b, a, 'modern')).toBe(same);
      });
    }

    it.each(fixtures.invalid)('compare gives the parse error of %s, on either side', (input) => {
      const parsed = shape.parse(input);
      expect(parsed.ok).toBe(false);
      const code = parsed.ok ? null : parsed.error.code;
      const valid = fixtures.valid[0] ?? '';
      expect(compared(shape, input, valid, 'source')).toBe(code);
      expect(compared(shape, valid, input, 'source')).toBe(code);
    });

    for (const profile of PROFILES) {
      it(`round-trips format and parse, and normalize is stable (${profile})`, () => {
        for (const input of validFor(profile)) {
          const c = components(shape, input, profile);
          const again = components(shape, shape.format(c, { profile }), profile);
          expect(again, input).toEqual(c);
          const key = shape.normalize(c, { profile });
          expect(shape.normalize(again, { profile }), input).toBe(key);
          expect(shape.normalize(components(shape, key, profile), { profile }), input).toBe(key);
          expect(compared(shape, input, key, profile), input).toBe(true);
        }
      });

      const scheme = fixtures.scheme;
      if (scheme) {
        it(`agrees with the scheme object ${scheme.name} (${profile})`, () => {
          for (const input of validFor(profile)) {
            const id = scheme.parse(input, profile);
            expect(id.ok, input).toBe(true);
            if (!id.ok) continue;
            const c = components(shape, input, profile);
            expect(id.value.components, input).toEqual(c);
            expect(id.value.normalized, input).toBe(shape.normalize(c, { profile }));
          }
        });
      }
    }

    it('on any input: normalize(parse(format(c))) is normalize(c); compare is reflexive and symmetric', () => {
      const seeds = fixtures.valid;
      const mutated = fc
        .constantFrom(...seeds)
        .chain((v) =>
          fc.tuple(fc.nat(v.length), fc.string({ maxLength: 6 })).map(([i, s]) => v.slice(0, i) + s + v.slice(i)),
        );
      const input = fc.oneof(
        fc.constantFrom(...seeds),
        mutated,
        fc.string({ maxLength: 60 }),
        ...(fixtures.arbitrary ? [fixtures.arbitrary] : []),
      );
      fc.assert(
        fc.property(input, input, fc.constantFrom(...PROFILES), (a, b, profile) => {
          const options = { profile };
          const parsed = shape.parse(a, options);
          const self = shape.compare(a, a, options);
          expect(self.ok).toBe(parsed.ok);
          if (parsed.ok) {
            expect(self.ok && self.value, a).toBe(true);
            const c = parsed.value;
            const again = shape.parse(shape.format(c, options), options);
            expect(again.ok, a).toBe(true);
            if (again.ok) {
              expect(again.value, a).toEqual(c);
              expect(shape.normalize(again.value, options), a).toBe(shape.normalize(c, options));
            }
          }
          const ab = shape.compare(a, b, options);
          const ba = shape.compare(b, a, options);
          expect(ab.ok && ba.ok ? ab.value === ba.value : ab.ok === ba.ok, `${a} ~ ${b}`).toBe(true);
        }),
        { numRuns },
      );
    });
  });
}
