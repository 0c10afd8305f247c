import type { CoreErrorCode } from './codes.ts';
import { DEFAULT_EQUIVALENCE_LEVEL, type EquivalenceLevel, equivalenceKey } from './equivalence.ts';
import type { ErrorCodeOf, IdentifierOf, Scheme } from './identifier.ts';
import { DEFAULT_PROFILE, type Profile } from './profile.ts';
import { err, type PidError, type Result } from './result.ts';
import { surroundingSpace } from './space.ts';

/** Inputs longer than this are refused before any scheme sees them (1 MiB of text). */
export const MAX_INPUT_LENGTH = 1 << 20;

/** What `Registry.parse` returns: one of the schemes' identifiers, or a scheme's or the core's error. */
export type RegistryResult<T extends Scheme> = Result<IdentifierOf<T>, PidError<ErrorCodeOf<T> | CoreErrorCode>>;

/**
 * The schemes known to one program, and dispatch between them. `T` is the union of their types:
 * built from typed schemes, `parse` returns the union of their identifiers, discriminated on `scheme`.
 */
export class Registry<T extends Scheme = Scheme> {
  readonly schemes: readonly T[];
  /** The scheme names for `unknown-scheme`, in alphabetical order: the priority order means nothing to a reader. */
  readonly #known: string;

  constructor(schemes: Iterable<T>) {
    this.schemes = [...schemes].sort((a, b) => a.priority - b.priority);
    this.#known = this.schemes
      .map((s) => s.name)
      .sort()
      .join(', ');
  }

  get(name: string): T | undefined {
    return this.schemes.find((s) => s.name === name);
  }

  /** The scheme whose label the string carries, asked in priority order. */
  detect(input: string): T | undefined {
    for (const scheme of this.schemes) if (scheme.recognize(input)) return scheme;
    return undefined;
  }

  parse(input: string, profile: Profile = DEFAULT_PROFILE): RegistryResult<T> {
    if (input.length === 0) return err('empty-input', 'the input is empty', 0);
    if (input.length > MAX_INPUT_LENGTH) {
      return err('input-too-long', `the input is longer than ${MAX_INPUT_LENGTH} characters`, MAX_INPUT_LENGTH);
    }
    const space = surroundingSpace(input);
    if (space !== -1) {
      return err(
        'surrounding-whitespace',
        'the identifier has white space or an invisible character before or after it',
        space,
      );
    }
    const scheme = this.detect(input);
    if (!scheme) {
      return err('unknown-scheme', `not an identifier of a known scheme (${this.#known})`, 0);
    }
    // `T`'s own `parse` returns exactly this; TypeScript sees only the constraint's on a type parameter.
    return scheme.parse(input, profile) as RegistryResult<T>;
  }

  /** The equivalence key of one string at `level` (default lexical: `normalized`), or its error. */
  normalize(
    input: string,
    profile: Profile = DEFAULT_PROFILE,
    level: EquivalenceLevel = DEFAULT_EQUIVALENCE_LEVEL,
  ): Result<string, PidError<ErrorCodeOf<T> | CoreErrorCode>> {
    const parsed = this.parse(input, profile);
    return parsed.ok ? { ok: true, value: equivalenceKey(parsed.value, level) } : parsed;
  }
}

export function createRegistry<T extends Scheme>(schemes: Iterable<T>): Registry<T> {
  return new Registry(schemes);
}
