import { err, ok } from '@pidgate/core';
import type { StoreResult } from './codes.ts';
import { type BindingData, BindingInput } from './schema.ts';
import type { Binding, PutAction, PutOptions } from './store.ts';
import { findUnstorable, stableJson } from './validate.ts';

/** Validate a caller's binding input against the `BindingInput` schema. */
export function parseBindingInput(input: unknown): StoreResult<BindingData> {
  const unstorable = findUnstorable(input);
  if (unstorable) return err('invalid-binding', unstorable);
  const parsed = BindingInput.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const code =
    issue?.code === 'custom' && issue.params?.['code'] === 'ambiguous-target' ? 'ambiguous-target' : 'invalid-binding';
  return err(code, `${where}${issue?.message ?? 'invalid binding'}`);
}

/** The decision of a put, made from the current row (read under a write lock by the backend). */
export interface PutPlan {
  readonly action: PutAction;
  readonly after: Binding;
}

export function planPut(
  key: string,
  current: Binding | null,
  data: BindingData,
  options: PutOptions | undefined,
  now: string,
): StoreResult<PutPlan> {
  if (current?.tombstoned) return err('tombstoned', `${key} was deleted and is never bound again`);
  if (current && options?.ifAbsent) return err('conflict', `${key} is already bound`);
  if (options?.ifVersion !== undefined && (current?.version ?? 0) !== options.ifVersion) {
    return err('conflict', `${key} is at version ${current?.version ?? 0}, not ${options.ifVersion}`);
  }
  const { createdAt, updatedAt, ownerGroup: givenGroup, ...rest } = data;
  // The owner group left out keeps what it is (null for a new binding).
  const fields = { ...rest, ownerGroup: givenGroup === undefined ? (current?.ownerGroup ?? null) : givenGroup };
  if (!current) {
    const after: Binding = {
      key,
      ...fields,
      createdAt: createdAt ?? updatedAt ?? now,
      updatedAt: updatedAt ?? createdAt ?? now,
      version: 1,
      tombstoned: false,
      deletedAt: null,
    };
    return ok({ action: 'created', after });
  }
  const same =
    current.target === fields.target &&
    current.status === fields.status &&
    current.identifierStatus === fields.identifierStatus &&
    current.statusReason === fields.statusReason &&
    current.owner === fields.owner &&
    current.ownerGroup === fields.ownerGroup &&
    stableJson(current.erc) === stableJson(fields.erc) &&
    stableJson(current.support) === stableJson(fields.support) &&
    stableJson(current.metadata) === stableJson(fields.metadata);
  if (same) return ok({ action: 'unchanged', after: current });
  return ok({
    action: 'updated',
    after: { ...current, ...fields, updatedAt: updatedAt ?? now, version: current.version + 1 },
  });
}

/** Delete a reserved binding outright: the row goes, the history keeps the change. */
export function planDeleteReserved(key: string, current: Binding | null, now: string): StoreResult<Binding> {
  if (!current || current.tombstoned) return err('not-found', `${key} is not bound`);
  if (current.identifierStatus !== 'reserved') {
    return err('not-reserved', `${key} is ${current.identifierStatus}: only a reserved identifier can be deleted`);
  }
  return ok({ ...current, updatedAt: now, version: current.version + 1, tombstoned: true, deletedAt: now });
}

export function planDelete(key: string, current: Binding | null, now: string): StoreResult<Binding> {
  if (!current) return err('not-found', `${key} is not bound`);
  if (current.tombstoned) return err('tombstoned', `${key} was already deleted`);
  return ok({ ...current, updatedAt: now, version: current.version + 1, tombstoned: true, deletedAt: now });
}
