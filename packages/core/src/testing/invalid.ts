/**
 * Invalid inputs generated from a scheme's grammar. Each `InvalidRule` builds a valid identifier from
 * the grammar's parts, then breaks one named rule of it, and carries the error code (and, where the
 * violation sits at a known place, the offset) that the rule's failure must produce. The code comes
 * from the rule, never from running the parser.
 *
 * Test code only: this module imports fast-check and vitest and is exported under `./testing`
 * with the workspace's source condition, never published.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scheme } from '../identifier.ts';
import type { Profile } from '../profile.ts';

/** One generated invalid input: the string, and where the violation starts (null when unstated). */
export interface Violation {
  readonly input: string;
  readonly offset: number | null;
}

export interface InvalidRule<Code extends string = string> {
  /** The rule broken, as the spec names it (with its section). */
  readonly rule: string;
  /** The code that rule's failure produces (from the package's codes.ts). */
  readonly code: Code;
  /** The profile the input is read in (default `source`). */
  readonly profile?: Profile;
  /**
   * False when the input is, by design, not attributed to the scheme by `recognize` (a missing label):
   * through a registry it is an unknown scheme.
   */
  readonly recognized?: boolean;
  readonly arbitrary: fc.Arbitrary<Violation>;
}

/** A rule of a scheme's grammar, broken by `arbitrary`, and the code its failure produces. */
export function invalidRule<Code extends string>(
  rule: string,
  code: Code,
  arbitrary: fc.Arbitrary<Violation>,
  extra: Partial<Pick<InvalidRule, 'profile' | 'recognized'>> = {},
): InvalidRule<Code> {
  return { rule, code, arbitrary, ...extra };
}

/** One generated case, as the gateway's tests walk them. */
export interface InvalidCase extends Violation {
  readonly rule: string;
  readonly code: string;
  readonly profile: Profile;
  readonly recognized: boolean;
}

/** `before` + `bad` + `after`, with the offset of `bad` (in UTF-16 code units, as the parsers count). */
export function violation(before: string, bad: string, after = ''): Violation {
  return { input: before + bad + after, offset: before.length };
}

/** A string of `min`..`max` characters drawn from `chars`. */
export function charsOf(chars: string, min: number, max: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((a) => a.join(''));
}

/** A string split at a generated point: `[head, tail]` with `head + tail === s`. */
export function splitAt(s: fc.Arbitrary<string>): fc.Arbitrary<readonly [string, string]> {
  return s.chain((v) => fc.nat(v.length).map((i) => [v.slice(0, i), v.slice(i)] as const));
}

export const DIGITS = '0123456789';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const ALPHA = LOWER + UPPER;
export const HEX = '0123456789abcdefABCDEF';

/**
 * Three characters that are not `"%" HEXDIG HEXDIG`: "%" then a non-hex character and any, or a hex
 * digit and a non-hex one. Whatever follows cannot complete it. (Each non-hex character here is a
 * letter or "_", allowed where most grammars allow an escape, so only the escape is wrong.)
 */
export const badEscape: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...'gGxXzZ_'), fc.constantFrom(...'0aFgz_')).map(([a, b]) => `%${a}${b}`),
  fc.tuple(fc.constantFrom(...HEX), fc.constantFrom(...'gGxXzZ_')).map(([a, b]) => `%${a}${b}`),
);

/** An escape cut short by the end of the input: "%" or "%" and one hex digit. */
export const truncatedEscape: fc.Arbitrary<string> = fc.oneof(
  fc.constant('%'),
  fc.constantFrom(...HEX).map((h) => `%${h}`),
);

/** Deterministic samples of every rule (for walking them through other components, e.g. the gateway). */
export function sampleInvalid(rules: readonly InvalidRule[], perRule: number, seed = 16): InvalidCase[] {
  return rules.flatMap((r, i) =>
    fc.sample(r.arbitrary, { numRuns: perRule, seed: seed + i }).map((v) => ({
      ...v,
      rule: r.rule,
      code: r.code,
      profile: r.profile ?? 'source',
      recognized: r.recognized ?? true,
    })),
  );
}

/**
 * The generated-invalid test of a scheme package: for each rule, every generated input is refused
 * with that rule's code (and offset where stated), and it is recognized as the scheme (unless the
 * rule says otherwise). Every code a rule names is one of the scheme's codes.
 */
export function invalidInputs(scheme: Scheme, rules: readonly InvalidRule[], numRuns = 200): void {
  describe(`${scheme.name}: invalid inputs generated from the grammar`, () => {
    it('each rule names one of the scheme’s error codes', () => {
      for (const r of rules) expect(scheme.errorCodes, r.rule).toContain(r.code);
    });

    for (const r of rules) {
      it(`${r.rule} → ${r.code}${r.profile && r.profile !== 'source' ? ` (${r.profile})` : ''}`, () => {
        fc.assert(
          fc.property(r.arbitrary, ({ input, offset }) => {
            expect(scheme.recognize(input), `recognize ${JSON.stringify(input)}`).toBe(r.recognized ?? true);
            const result = scheme.parse(input, r.profile ?? 'source');
            expect(result.ok, JSON.stringify(input)).toBe(false);
            if (result.ok) return;
            expect(
              { code: result.error.code, offset: offset === null ? null : result.error.offset },
              `${JSON.stringify(input)}: ${result.error.message}`,
            ).toEqual({ code: r.code, offset });
          }),
          { numRuns },
        );
      });
    }
  });
}
