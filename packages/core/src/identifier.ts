import type { Profile } from './profile.ts';
import type { Result } from './result.ts';

/** A parsed, validated identifier of any scheme. */
export interface Identifier<C extends object = object> {
  /** The scheme that parsed it: `ark`, `pwid`, `pdi` or `urn`. */
  readonly scheme: string;
  /** The string exactly as given. */
  readonly input: string;
  readonly profile: Profile;
  /** The canonical string: two identifiers are equivalent exactly when these are equal. */
  readonly normalized: string;
  /** The scheme's typed record of the parts, as written (not normalized). */
  readonly components: C;
  /**
   * The `standard` equivalence key, where the scheme's own standard groups more than `normalized`
   * does (an ISBN-10 and its ISBN-13). Absent when it is the same as `normalized`.
   */
  readonly standardKey?: string;
  /** Findings that are not errors (e.g. a URN namespace that IANA has not registered). */
  readonly warnings?: readonly PidWarning[];
}

/** A finding about a valid identifier: a stable kebab-case code and a message. */
export interface PidWarning {
  readonly code: string;
  readonly message: string;
}

/**
 * What every scheme package registers with the core.
 * Per-scheme behaviour lives behind this one small interface.
 */
export interface Scheme<C extends object = object> {
  readonly name: string;
  /** Dispatch order: lower is asked first (PDI and PWID before generic URN). */
  readonly priority: number;
  /** A cheap look at the label only: does this string belong to the scheme? No validation. */
  recognize(input: string): boolean;
  /** Validate and parse. Never throws; time is linear in the input's length. */
  parse(input: string, profile?: Profile): Result<Identifier<C>>;
  /** Serialize a record back to a string: `parse(format(c))` gives `c` back. */
  format(components: C, profile?: Profile): string;
  /** Every error code this scheme's parser can return. */
  readonly errorCodes: readonly string[];
}
