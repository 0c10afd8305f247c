/**
 * Type-level tests of the typed codes and names: `tsc --noEmit -p packages/core` checks every
 * `expectTypeOf` and `@ts-expect-error`; vitest runs the same calls so their values agree.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CoreErrorCode } from './codes.ts';
import type { ErrorCodeOf, Identifier, IdentifierOf, Scheme, SchemeNameOf } from './identifier.ts';
import { createRegistry, type Registry } from './registry.ts';
import { type Err, err, type PidError, type Result, shiftError } from './result.ts';

type DigitCode = 'digit-label' | 'digit-value';
type LetterCode = 'letter-label';

const digits: Scheme<{ digit: number }, 'digit', DigitCode> = {
  name: 'digit',
  priority: 1,
  errorCodes: ['digit-label', 'digit-value'],
  recognize: (s) => s.startsWith('d:'),
  parse(input, profile = 'source') {
    if (!input.startsWith('d:')) return err('digit-label', 'a digit starts "d:"', 0);
    const digit = Number(input.slice(2));
    if (!(digit >= 0 && digit <= 9)) return err('digit-value', 'one digit', 2);
    return { ok: true, value: { scheme: 'digit', input, profile, normalized: `d:${digit}`, components: { digit } } };
  },
  format: (c) => `d:${c.digit}`,
};

const letters: Scheme<{ letter: string }, 'letter', LetterCode> = {
  name: 'letter',
  priority: 2,
  errorCodes: ['letter-label'],
  recognize: (s) => s.startsWith('l:'),
  parse(input, profile = 'source') {
    if (!input.startsWith('l:')) return err('letter-label', 'a letter starts "l:"', 0);
    const letter = input.slice(2);
    return { ok: true, value: { scheme: 'letter', input, profile, normalized: input, components: { letter } } };
  },
  format: (c) => `l:${c.letter}`,
};

describe('err and shiftError', () => {
  it('keep the literal code', () => {
    const e = err('digit-value', 'one digit', 2);
    expectTypeOf(e).toEqualTypeOf<Err<PidError<'digit-value'>>>();
    const shifted = shiftError(e, 3);
    expectTypeOf(shifted).toEqualTypeOf<Err<PidError<'digit-value'>>>();
    expect(shifted.error).toEqual({ code: 'digit-value', message: 'one digit', offset: 5 });
  });

  it('a result typed with a code union refuses any other code', () => {
    const parse = (s: string): Result<number, PidError<DigitCode>> =>
      // @ts-expect-error: 'not-a-digit' is not a DigitCode
      s === '' ? err('not-a-digit', 'empty', 0) : err('digit-value', 'one digit', 0);
    expect(parse('').ok).toBe(false);
  });

  it('the defaults stay wide: an untyped Result takes any code', () => {
    const r: Result<number> = err('anything-at-all', 'wide', null);
    expectTypeOf<Result<number>>().toEqualTypeOf<Result<number, PidError<string>>>();
    expect(r.ok).toBe(false);
  });
});

describe('Scheme helpers', () => {
  it('read the name, identifier and codes of a scheme, distributing over a union', () => {
    type Both = typeof digits | typeof letters;
    expectTypeOf<SchemeNameOf<Both>>().toEqualTypeOf<'digit' | 'letter'>();
    expectTypeOf<ErrorCodeOf<Both>>().toEqualTypeOf<DigitCode | LetterCode>();
    expectTypeOf<IdentifierOf<typeof digits>>().toEqualTypeOf<Identifier<{ digit: number }, 'digit'>>();
    expectTypeOf<IdentifierOf<Scheme>>().toEqualTypeOf<Identifier>();
  });
});

describe('Registry', () => {
  const registry = createRegistry([digits, letters]);

  it('parses to the union of its identifiers, discriminated on scheme', () => {
    const r = registry.parse('d:7');
    expectTypeOf(r).toEqualTypeOf<
      Result<
        Identifier<{ digit: number }, 'digit'> | Identifier<{ letter: string }, 'letter'>,
        PidError<DigitCode | LetterCode | CoreErrorCode>
      >
    >();
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.scheme === 'digit') {
      expectTypeOf(r.value.components).toEqualTypeOf<{ digit: number }>();
      expect(r.value.components.digit).toBe(7);
    } else {
      expectTypeOf(r.value.components).toEqualTypeOf<{ letter: string }>();
    }
  });

  it("fails with a scheme's code or the core's", () => {
    const bad = registry.parse('d:x');
    expect(bad.ok ? null : bad.error.code).toBe('digit-value');
    const unknown = registry.parse('x:1');
    expect(unknown.ok ? null : unknown.error.code).toBe('unknown-scheme');
    // @ts-expect-error: no scheme of this registry lists the code
    expect(!unknown.ok && unknown.error.code === 'letter-value').toBe(false);
  });

  it('a typed registry is a Registry', () => {
    const wide: Registry = registry;
    expectTypeOf(wide.parse('d:1')).toEqualTypeOf<Result<Identifier, PidError>>();
    expect(wide.parse('l:q').ok).toBe(true);
  });
});
