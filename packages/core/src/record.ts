import { DEFAULT_EQUIVALENCE_LEVEL, type EquivalenceLevel, equivalenceKey } from './equivalence.ts';
import type { Identifier, PidWarning } from './identifier.ts';
import type { Profile } from './profile.ts';
import type { Registry } from './registry.ts';

/**
 * The one-line report of normalizing one input: what `pidgate normalize` prints
 * and what the gateway's batch API answers, field for field.
 */
export type NormalizeRecord =
  | {
      readonly input: string;
      readonly ok: true;
      readonly scheme: string;
      readonly normalized: string;
      /** The resolvable URL (null: the scheme names none), when the caller gives `urlOf`. */
      readonly url?: string | null;
      /** The identifier's warnings (`Identifier.warnings`): present only when there is at least one. */
      readonly warnings?: readonly PidWarning[];
    }
  | {
      readonly input: string;
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string; readonly offset: number | null };
    };

/**
 * `normalized` is the equivalence key at `level` (default lexical: the identifier's `normalized`); with
 * `urlOf` (`urlOf` of @pidgate/schemes), the record has the identifier's resolvable `url` too. An identifier
 * with warnings (a Unicode dash read in an ISBN, an unallocated ISBN range, an unregistered URN namespace)
 * gives a record with `warnings` (codes and messages), last; one without has no such field.
 */
export function normalizeRecord(
  registry: Registry,
  input: string,
  profile?: Profile,
  level: EquivalenceLevel = DEFAULT_EQUIVALENCE_LEVEL,
  urlOf?: (id: Identifier) => string | undefined,
): NormalizeRecord {
  const result = registry.parse(input, profile);
  if (result.ok) {
    const id = result.value;
    const normalized = equivalenceKey(id, level);
    const warnings = id.warnings;
    if (warnings === undefined || warnings.length === 0) {
      if (urlOf === undefined) return { input, ok: true, scheme: id.scheme, normalized };
      return { input, ok: true, scheme: id.scheme, normalized, url: urlOf(id) ?? null };
    }
    const copied = warnings.map(({ code, message }) => ({ code, message }));
    if (urlOf === undefined) return { input, ok: true, scheme: id.scheme, normalized, warnings: copied };
    return { input, ok: true, scheme: id.scheme, normalized, url: urlOf(id) ?? null, warnings: copied };
  }
  const { code, message, offset } = result.error;
  return { input, ok: false, error: { code, message, offset } };
}
