import type { Profile } from './profile.ts';
import type { PidError, Result } from './result.ts';

/**
 * A parsed, validated identifier of any scheme. `C` is the scheme's record of the parts and `S` its
 * name: a union of identifiers of several schemes is discriminated on `scheme` (`@pidgate/schemes`'s
 * `AnyIdentifier`), so `id.scheme === 'ark'` narrows `id.components` to the ARK record.
 */
export interface Identifier<C extends object = object, S extends string = string> {
  /** The scheme that parsed it (`Scheme.name`): `ark`, `pwid`, `pdi`, `urn`, `doi`, … */
  readonly scheme: S;
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
 * `C` is the record of the parts, `S` the literal name and `Code` the union of the error codes its
 * parser returns (the package's `*_ERROR_CODES`): typed so, a parser cannot return an unlisted code.
 */
export interface Scheme<C extends object = object, S extends string = string, Code extends string = string> {
  readonly name: S;
  /** Dispatch order: lower is asked first (PDI and PWID before generic URN). */
  readonly priority: number;
  /** A cheap look at the label only: does this string belong to the scheme? No validation. */
  recognize(input: string): boolean;
  /** Validate and parse. Never throws; time is linear in the input's length. */
  parse(input: string, profile?: Profile): Result<Identifier<C, S>, PidError<Code>>;
  /** Serialize a record back to a string: `parse(format(c))` gives `c` back. */
  format(components: C, profile?: Profile): string;
  /** Every error code this scheme's parser can return. */
  readonly errorCodes: readonly Code[];
}

/** The identifier a scheme's `parse` returns (distributes over a union of schemes). */
export type IdentifierOf<T> = T extends Scheme<infer C, infer S, string> ? Identifier<C, S> : never;

/** The union of error codes a scheme's `parse` can return (distributes over a union of schemes). */
export type ErrorCodeOf<T> = T extends Scheme<object, string, infer Code> ? Code : never;

/** The literal name of a scheme (distributes over a union of schemes). */
export type SchemeNameOf<T> = T extends Scheme<object, infer S, string> ? S : never;
