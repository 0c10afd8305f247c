import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { ErcRecord } from './schema.ts';
import { checkActor, checkKey, findUnstorable } from './validate.ts';

/**
 * A commitment statement: what the institution commits to for every identifier under a NAAN
 * (`ark:/99999`) or a shoulder (`ark:/99999/fk4`), set once there; the `??` answer of an identifier with no
 * commitment of its own shows the statement of its longest covering prefix instead of `(:unav)`.
 */
export interface Commitment {
  /** `ark:/NAAN` or a shoulder's key. */
  readonly prefix: string;
  /** An ERC record: `what` (the statement), and `who`, `when`, `where` as given. */
  readonly statement: ErcRecord;
  readonly updatedAt: string;
  /** Who set it (a username, or `cli`). */
  readonly actor: string;
}

/** `ark:/NAAN` (a NAAN's) or `ark:/NAAN/shoulder` (a shoulder's key). */
const PREFIX = /^ark:\/[0-9a-z]+(\/[^/]+)?$/;

/** Check a commitment's prefix. */
export function checkCommitmentPrefix(prefix: unknown): StoreResult<string> {
  const k = checkKey(prefix, 'prefix');
  if (!k.ok) return k;
  if (!PREFIX.test(k.value)) {
    return err(
      'invalid-key',
      `a commitment is set for a NAAN (ark:/99999) or a shoulder (ark:/99999/fk4), not ${k.value}`,
    );
  }
  return k;
}

/** Check a statement: an ERC record with a `what`, or null (remove the statement). */
export function checkCommitment(
  prefix: unknown,
  statement: unknown,
  actor: unknown,
): StoreResult<{ prefix: string; statement: ErcRecord | null; actor: string }> {
  const p = checkCommitmentPrefix(prefix);
  if (!p.ok) return p;
  const a = checkActor(actor);
  if (!a.ok) return a;
  if (statement === null) return ok({ prefix: p.value, statement: null, actor: a.value });
  const parsed = ErcRecord.safeParse(statement);
  if (!parsed.success)
    return err('invalid-binding', `the statement is not an ERC record: ${parsed.error.issues[0]?.message}`);
  const what = parsed.data['what'];
  if (typeof what !== 'string' || what.trim() === '') return err('invalid-binding', 'the statement needs a `what`');
  const bad = findUnstorable(parsed.data);
  if (bad !== null) return err('invalid-binding', `the statement holds what cannot be stored at ${bad}`);
  return ok({ prefix: p.value, statement: parsed.data, actor: a.value });
}

/** Does `prefix` cover the storage key `key`? A NAAN's covers `ark:/NAAN/…`; a shoulder's, keys that start with it. */
export function commitmentCovers(prefix: string, key: string): boolean {
  const naanOnly = prefix.indexOf('/', 5) === -1;
  return naanOnly ? key.startsWith(`${prefix}/`) : key.startsWith(prefix);
}

/** The statement of the longest prefix in `list` that covers `key`, or null. */
export function commitmentFor(list: readonly Commitment[], key: string): Commitment | null {
  let best: Commitment | null = null;
  for (const c of list) {
    if (commitmentCovers(c.prefix, key) && (best === null || c.prefix.length > best.prefix.length)) best = c;
  }
  return best;
}

/** A `commitments` row as either database returns it (PostgreSQL: jsonb and timestamptz). */
export interface CommitmentRow {
  prefix: string;
  statement: string | ErcRecord;
  updated_at: string | Date;
  actor: string;
}

export function toCommitment(r: CommitmentRow): Commitment {
  return {
    prefix: r.prefix,
    statement: typeof r.statement === 'string' ? (JSON.parse(r.statement) as ErcRecord) : r.statement,
    updatedAt: r.updated_at instanceof Date ? r.updated_at.toISOString() : r.updated_at,
    actor: r.actor,
  };
}
