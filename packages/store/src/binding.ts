import { err, ok, type Result } from '@pidgate/core';
import { type BindingData, BindingInput } from './schema.ts';
import type { Binding, PutAction, PutOptions } from './store.ts';
import { stableJson } from './validate.ts';

/** Validate a caller's binding input against the `BindingInput` schema. */
export function parseBindingInput(input: unknown): Result<BindingData> {
  const parsed = BindingInput.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return err('invalid-binding', `${where}${issue?.message ?? 'invalid binding'}`);
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
): Result<PutPlan> {
  if (current?.tombstoned) return err('tombstoned', `${key} was deleted and is never bound again`);
  if (current && options?.ifAbsent) return err('conflict', `${key} is already bound`);
  if (options?.ifVersion !== undefined && (current?.version ?? 0) !== options.ifVersion) {
    return err('conflict', `${key} is at version ${current?.version ?? 0}, not ${options.ifVersion}`);
  }
  if (!current) {
    const after: Binding = {
      key,
      ...data,
      createdAt: now,
      updatedAt: now,
      version: 1,
      tombstoned: false,
      deletedAt: null,
    };
    return ok({ action: 'created', after });
  }
  const same =
    current.target === data.target &&
    current.status === data.status &&
    stableJson(current.erc) === stableJson(data.erc) &&
    stableJson(current.support) === stableJson(data.support);
  if (same) return ok({ action: 'unchanged', after: current });
  return ok({ action: 'updated', after: { ...current, ...data, updatedAt: now, version: current.version + 1 } });
}

export function planDelete(key: string, current: Binding | null, now: string): Result<Binding> {
  if (!current) return err('not-found', `${key} is not bound`);
  if (current.tombstoned) return err('tombstoned', `${key} was already deleted`);
  return ok({ ...current, updatedAt: now, version: current.version + 1, tombstoned: true, deletedAt: now });
}
