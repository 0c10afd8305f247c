import type { Identifier, PidWarning } from './identifier.ts';
import type { PidError, Result } from './result.ts';

/**
 * Levels of equivalence. `lexical` (the default): the scheme's normalized form, `normalized`.
 * `standard`: identifiers that name the same thing under the scheme's (or URN namespace's) own
 * standard, e.g. an ISBN-10 and its ISBN-13; the same as `lexical` where a scheme defines nothing more.
 */
export const EQUIVALENCE_LEVELS = ['lexical', 'standard'] as const;
export type EquivalenceLevel = (typeof EQUIVALENCE_LEVELS)[number];
export const DEFAULT_EQUIVALENCE_LEVEL: EquivalenceLevel = 'lexical';

export function isEquivalenceLevel(s: string): s is EquivalenceLevel {
  return (EQUIVALENCE_LEVELS as readonly string[]).includes(s);
}

/** The key two identifiers share exactly when they are equivalent at `level`. */
export function equivalenceKey(id: Identifier, level: EquivalenceLevel = DEFAULT_EQUIVALENCE_LEVEL): string {
  return level === 'standard' ? (id.standardKey ?? id.normalized) : id.normalized;
}

/** Two parsed identifiers are equivalent exactly when their keys at `level` (default lexical) are equal. */
export function equivalent(a: Identifier, b: Identifier, level: EquivalenceLevel = DEFAULT_EQUIVALENCE_LEVEL): boolean {
  return equivalenceKey(a, level) === equivalenceKey(b, level);
}

export interface GroupMember {
  /** 1-based line number, or the position in the list given. */
  readonly line: number;
  readonly input: string;
  /** The identifier's warnings (codes and messages), when it has any (`Grouper.add`'s `warnings`). */
  readonly warnings?: readonly PidWarning[];
}
export interface Group {
  readonly normalized: string;
  readonly members: GroupMember[];
}
export interface GroupFailure extends GroupMember {
  readonly error: PidError;
}

/**
 * Groups parse results into equivalence classes, in order of first appearance.
 * Feed results one at a time (`add`) so a caller can stream its input.
 */
export class Grouper {
  readonly #groups = new Map<string, Group>();
  readonly failures: GroupFailure[] = [];

  /** `warnings`: the identifier's, kept on its member (codes and messages only) when there is at least one. */
  add(line: number, input: string, result: Result<string>, warnings?: readonly PidWarning[]): void {
    if (!result.ok) {
      this.failures.push({ line, input, error: result.error });
      return;
    }
    const key = result.value;
    const member: GroupMember =
      warnings === undefined || warnings.length === 0
        ? { line, input }
        : { line, input, warnings: warnings.map(({ code, message }) => ({ code, message })) };
    const group = this.#groups.get(key);
    if (group) group.members.push(member);
    else this.#groups.set(key, { normalized: key, members: [member] });
  }

  get groups(): Group[] {
    return [...this.#groups.values()];
  }
}
