import { DEFAULT_PROFILE, type Profile } from './profile.ts';
import type { PidError, Result } from './result.ts';

/**
 * The options every scheme package's `parseX`, `normalizeX`, `formatX` and `compareX` take last
 * (docs/contributing.md, "The signature shape"). A package may extend it with options of its own.
 */
export interface SchemeOptions {
  /** The rules to follow: `source` (the default) or `modern`. */
  readonly profile?: Profile;
}

/** The profile `options` ask for: `source` when none is given. */
export function profileOf(options?: SchemeOptions): Profile {
  return options?.profile ?? DEFAULT_PROFILE;
}

/**
 * `compareX` of a scheme package from its `parseX` and `normalizeX`: are the strings `a` and `b`
 * equivalent (equal normalized forms)? The first parse error (of `a`, then of `b`) when either is not
 * an identifier of the scheme. Never throws; linear in the inputs' lengths when the two functions are.
 */
export function compareParsed<C, E extends PidError, O extends SchemeOptions>(
  parse: (input: string, options?: O) => Result<C, E>,
  normalize: (components: C, options?: O) => string,
  a: string,
  b: string,
  options?: O,
): Result<boolean, E> {
  const x = parse(a, options);
  if (!x.ok) return x;
  const y = parse(b, options);
  if (!y.ok) return y;
  return { ok: true, value: normalize(x.value, options) === normalize(y.value, options) };
}
