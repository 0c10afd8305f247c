import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Identifier, Scheme } from '../identifier.ts';
import { PROFILES, type Profile } from '../profile.ts';
import { expectLinear } from './growth.ts';

export interface ContractFixtures {
  /** Valid identifiers of the scheme (per profile where `modern` differs). */
  readonly valid: readonly string[];
  readonly validModern?: readonly string[];
  /** Strings the scheme recognizes but must reject (source profile). */
  readonly invalid: readonly string[];
  /**
   * Strings the scheme recognizes but must reject in the `modern` profile. Required where `modern`
   * differs from `source` (`validModern` given): a scheme states what its modern rules refuse. Else
   * `modern` rejects exactly `invalid`.
   */
  readonly invalidModern?: readonly string[];
  /** Groups of strings that must be equivalent among themselves (source profile). */
  readonly equivalent?: readonly (readonly string[])[];
  /** Pairs that must not be equivalent. */
  readonly distinct?: readonly (readonly [string, string])[];
  /** Generates strings shaped like the scheme's identifiers, valid or not. */
  readonly arbitrary?: fc.Arbitrary<string>;
  readonly numRuns?: number;
}

function parsed(scheme: Scheme, input: string, profile: Profile): Identifier {
  const result = scheme.parse(input, profile);
  if (!result.ok) throw new Error(`${input} should parse in ${profile}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/**
 * The contract every scheme package runs: parse/format round trip, normalize idempotent,
 * equivalence reflexive/symmetric/transitive, no throw on random input, linear time.
 */
export function schemeContract(scheme: Scheme, fixtures: ContractFixtures): void {
  const numRuns = fixtures.numRuns ?? 300;
  const validFor = (profile: Profile) =>
    profile === 'modern' && fixtures.validModern ? fixtures.validModern : fixtures.valid;
  const invalidFor = (profile: Profile) =>
    profile === 'modern' && fixtures.invalidModern ? fixtures.invalidModern : fixtures.invalid;

  describe(`${scheme.name}: scheme contract`, () => {
    it('recognizes its own identifiers', () => {
      const all = [...fixtures.valid, ...fixtures.invalid, ...(fixtures.invalidModern ?? [])];
      for (const input of all) expect(scheme.recognize(input), input).toBe(true);
    });

    it('states what the modern profile rejects wherever modern differs', () => {
      if (fixtures.validModern) expect(fixtures.invalidModern?.length ?? 0).toBeGreaterThan(0);
      expect(invalidFor('source').length).toBeGreaterThan(0);
      expect(invalidFor('modern').length).toBeGreaterThan(0);
    });

    for (const profile of PROFILES) {
      describe(`profile ${profile}`, () => {
        it('round-trips parse and format', () => {
          for (const input of validFor(profile)) {
            const id = parsed(scheme, input, profile);
            const again = parsed(scheme, scheme.format(id.components, profile), profile);
            expect(again.components, input).toEqual(id.components);
            expect(again.normalized, input).toBe(id.normalized);
          }
        });

        it('normalizes idempotently, to a string of the same scheme', () => {
          for (const input of validFor(profile)) {
            const id = parsed(scheme, input, profile);
            expect(id.scheme).toBe(scheme.name);
            expect(id.input).toBe(input);
            expect(id.profile).toBe(profile);
            const again = parsed(scheme, id.normalized, profile);
            expect(again.normalized, input).toBe(id.normalized);
          }
        });

        it('rejects invalid input with a coded error', () => {
          const invalid = invalidFor(profile);
          expect(invalid.length).toBeGreaterThan(0);
          for (const input of invalid) {
            const result = scheme.parse(input, profile);
            expect(result.ok, input).toBe(false);
            if (!result.ok) {
              expect(scheme.errorCodes, `${input}: ${result.error.code}`).toContain(result.error.code);
              expect(result.error.message.length).toBeGreaterThan(0);
              const { offset } = result.error;
              if (offset !== null)
                expect(offset >= 0 && offset <= input.length, `${input}: offset ${offset}`).toBe(true);
            }
          }
        });

        if (profile !== 'source' && !fixtures.invalidModern) {
          it('rejects the invalid input with the same code as source (this profile changes no rule)', () => {
            for (const input of fixtures.invalid) {
              const source = scheme.parse(input, 'source');
              const here = scheme.parse(input, profile);
              expect(here.ok ? null : here.error.code, input).toBe(source.ok ? null : source.error.code);
            }
          });
        }
      });
    }

    it('equivalence is reflexive, symmetric and transitive', () => {
      const all = [...fixtures.valid, ...(fixtures.equivalent ?? []).flat()];
      const ids = all.map((input) => parsed(scheme, input, 'source'));
      const eq = (a: Identifier, b: Identifier) => a.normalized === b.normalized;
      for (const a of ids) {
        expect(eq(a, a)).toBe(true);
        for (const b of ids) {
          expect(eq(a, b)).toBe(eq(b, a));
          if (!eq(a, b)) continue;
          for (const c of ids) if (eq(b, c)) expect(eq(a, c), `${a.input} ~ ${b.input} ~ ${c.input}`).toBe(true);
        }
      }
      for (const group of fixtures.equivalent ?? []) {
        const keys = new Set(group.map((input) => parsed(scheme, input, 'source').normalized));
        expect([...keys], group.join(' ; ')).toHaveLength(1);
      }
      for (const [a, b] of fixtures.distinct ?? []) {
        expect(parsed(scheme, a, 'source').normalized, `${a} vs ${b}`).not.toBe(parsed(scheme, b, 'source').normalized);
      }
    });

    it('never throws, on any string, in any profile', () => {
      const inputs = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.string({ unit: 'grapheme', maxLength: 100 }),
        ...(fixtures.arbitrary ? [fixtures.arbitrary] : []),
        fc
          .constantFrom(...fixtures.valid)
          .chain((v) =>
            fc.tuple(fc.nat(v.length), fc.string({ maxLength: 8 })).map(([i, s]) => v.slice(0, i) + s + v.slice(i)),
          ),
      );
      fc.assert(
        fc.property(inputs, fc.constantFrom(...PROFILES), (input, profile) => {
          const result = scheme.parse(input, profile);
          if (result.ok) {
            const again = scheme.parse(result.value.normalized, profile);
            expect(again.ok, `${input} -> ${result.value.normalized}`).toBe(true);
            if (again.ok) expect(again.value.normalized).toBe(result.value.normalized);
          } else {
            expect(scheme.errorCodes).toContain(result.error.code);
          }
        }),
        { numRuns },
      );
    });

    it('parses in time linear in the length (structural runs; 256 KB of one returns)', () => {
      const prefix = fixtures.valid[0] ?? '';
      for (const filler of ['/', '.', '-', ':', '%', '#', '?', '@', '=', ',', '*', 'a', '(1,2)']) {
        const input = (n: number) => prefix + filler.repeat(Math.ceil(n / filler.length));
        expect(typeof scheme.parse(input(256 * 1024), 'source').ok).toBe('boolean');
        // 16 times the run takes far less than 256 times the CPU time, in both profiles (no wall-clock budget)
        const parseBoth = (s: string) => PROFILES.map((profile) => scheme.parse(s, profile));
        expectLinear(input, parseBoth, { size: 1024, what: `filler ${filler}` });
      }
    });
  });
}
