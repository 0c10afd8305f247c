import { err, ok } from '@pidgate/core';
import { guardPut, type ShoulderGroups, type WriteGuard } from './acting.ts';
import { planPut } from './binding.ts';
import type { StoreResult } from './codes.ts';
import type { BindingData } from './schema.ts';
import type { Actor, Binding, ChangeAction, PutAction, PutOptions } from './store.ts';

/** One validated put in a batch. */
export interface BatchEntry {
  readonly key: string;
  readonly data: BindingData;
  readonly options?: PutOptions;
  /** Who acts: the ownership rule, checked against the row read under the write lock (acting.ts). */
  readonly guard?: WriteGuard;
}

export type OnExisting = 'replace' | 'skip' | 'fail';
export type EntryOutcome = StoreResult<{ readonly action: PutAction | 'skipped'; readonly binding: Binding }>;

/** A change to record in `binding_history`. */
export interface HistoryRow {
  readonly key: string;
  readonly at: string;
  readonly actor: Actor;
  readonly action: ChangeAction;
  readonly before: Binding | null;
  readonly after: Binding;
}

export interface BatchPlan {
  readonly outcomes: EntryOutcome[];
  /** Rows to insert (keys that had no row), in their final state. */
  readonly inserts: Binding[];
  /** Rows to update (keys that had a row), in their final state. */
  readonly updates: Binding[];
  readonly history: HistoryRow[];
}

/**
 * Decide a batch of puts from the rows that exist now and the shoulders' groups (both read under the
 * backend's write lock; the shoulders only when an entry is guarded). A key given twice in one batch sees
 * its own earlier change.
 */
export function planBatch(
  entries: readonly BatchEntry[],
  current: ReadonlyMap<string, Binding>,
  onExisting: OnExisting,
  actor: Actor,
  now: string,
  shoulders: ShoulderGroups = [],
): BatchPlan {
  const state = new Map(current);
  const touched = new Map<string, Binding>();
  const outcomes: EntryOutcome[] = [];
  const history: HistoryRow[] = [];
  for (const { key, data: given, options, guard } of entries) {
    const before = state.get(key) ?? null;
    // A create-only put over a live row is "taken" whoever owns it (nothing more is told about it).
    const taken = options?.ifAbsent === true && before !== null && !before.tombstoned;
    const guarded = guard && !taken ? guardPut(guard, key, before, given, shoulders) : ok(given);
    if (!guarded.ok) {
      outcomes.push(guarded);
      continue;
    }
    const data = guarded.value;
    if (before && !before.tombstoned && onExisting !== 'replace') {
      outcomes.push(
        onExisting === 'skip' ? ok({ action: 'skipped', binding: before }) : err('conflict', `${key} is already bound`),
      );
      continue;
    }
    const plan = planPut(key, before, data, options, now);
    if (!plan.ok) {
      outcomes.push(plan);
      continue;
    }
    const { action, after } = plan.value;
    outcomes.push(ok({ action, binding: after }));
    if (action === 'unchanged') continue;
    state.set(key, after);
    touched.set(key, after);
    history.push({ key, at: now, actor, action: action === 'created' ? 'create' : 'update', before, after });
  }
  const inserts: Binding[] = [];
  const updates: Binding[] = [];
  for (const [key, binding] of touched) (current.has(key) ? updates : inserts).push(binding);
  return { outcomes, inserts, updates, history };
}
