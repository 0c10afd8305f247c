import type { Identifier } from './identifier.ts';
import type { PidError, Result } from './result.ts';

/** Two parsed identifiers are equivalent exactly when their normalized strings are equal. */
export function equivalent(a: Identifier, b: Identifier): boolean {
  return a.normalized === b.normalized;
}

export interface GroupMember {
  /** 1-based line number, or the position in the list given. */
  readonly line: number;
  readonly input: string;
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

  add(line: number, input: string, result: Result<string>): void {
    if (!result.ok) {
      this.failures.push({ line, input, error: result.error });
      return;
    }
    const key = result.value;
    const group = this.#groups.get(key);
    if (group) group.members.push({ line, input });
    else this.#groups.set(key, { normalized: key, members: [{ line, input }] });
  }

  get groups(): Group[] {
    return [...this.#groups.values()];
  }
}
