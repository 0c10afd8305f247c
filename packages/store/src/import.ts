import { err, ok } from '@pidgate/core';
import type { WriteGuard } from './acting.ts';
import type { BatchEntry, EntryOutcome, OnExisting } from './batch.ts';
import { parseBindingInput } from './binding.ts';
import type { StoreError, StoreResult } from './codes.ts';
import type { ImportItem, ImportItemResult, ImportOptions, ImportSummary } from './store.ts';
import { checkActor, checkInt, checkKey, messageOf } from './validate.ts';

export const DEFAULT_BATCH_SIZE = 1000;
export const MAX_BATCH_SIZE = 100_000;
const MAX_FAILURES_KEPT = 1000;

/** Writes one batch in one transaction; the outcomes are in entry order. */
export type BatchWriter = (
  entries: BatchEntry[],
  onExisting: OnExisting,
  actor: string,
) => Promise<StoreResult<EntryOutcome[]>>;

type Pending = { index: number; key: string } & ({ entry: BatchEntry } | { error: StoreError });

/**
 * Bulk import, shared by both backends: validate each item, write a batch per transaction,
 * then report every item of the batch (in input order) once the batch has committed.
 */
export async function runImport(
  items: Iterable<ImportItem> | AsyncIterable<ImportItem>,
  options: ImportOptions | undefined,
  guardOf: (key: string, raw: unknown) => WriteGuard | undefined,
  write: BatchWriter,
): Promise<StoreResult<ImportSummary>> {
  const size = checkInt(options?.batchSize ?? DEFAULT_BATCH_SIZE, 1, MAX_BATCH_SIZE, 'batch size', 'invalid-limit');
  if (!size.ok) return size;
  const actor = checkActor(options?.actor ?? 'import');
  if (!actor.ok) return actor;
  const onExisting = options?.onExisting ?? 'replace';
  if (onExisting !== 'replace' && onExisting !== 'skip' && onExisting !== 'fail') {
    return err('invalid-binding', 'onExisting is replace, skip or fail');
  }
  const counts = { total: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  const failures: ImportItemResult[] = [];
  const report = (r: ImportItemResult): void => {
    counts.total++;
    if (r.ok) counts[r.action]++;
    else {
      counts.failed++;
      if (failures.length < MAX_FAILURES_KEPT) failures.push(r);
    }
    options?.onResult?.(r);
  };

  const flush = async (pending: Pending[]): Promise<StoreResult<void>> => {
    const entries: BatchEntry[] = [];
    for (const p of pending) if ('entry' in p) entries.push(p.entry);
    const written = entries.length > 0 ? await write(entries, onExisting, actor.value) : ok<EntryOutcome[]>([]);
    let i = 0;
    for (const p of pending) {
      if ('error' in p) report({ index: p.index, key: p.key, ok: false, error: p.error });
      else if (!written.ok) report({ index: p.index, key: p.key, ok: false, error: written.error });
      else {
        const outcome = written.value[i++]!;
        report(
          outcome.ok
            ? { index: p.index, key: p.key, ok: true, action: outcome.value.action }
            : { index: p.index, key: p.key, ok: false, error: outcome.error },
        );
      }
    }
    return written.ok ? ok(undefined) : written;
  };

  let pending: Pending[] = [];
  let index = 0;
  try {
    for await (const item of items) {
      pending.push(validateItem(index++, item, guardOf));
      if (pending.length >= size.value) {
        const flushed = await flush(pending);
        pending = [];
        if (!flushed.ok) return flushed;
      }
    }
  } catch (e) {
    const flushed = await flush(pending);
    if (!flushed.ok) return flushed;
    return err('import-source-error', `reading the items failed after ${index}: ${messageOf(e)}`);
  }
  const flushed = await flush(pending);
  if (!flushed.ok) return flushed;
  return ok({ ...counts, failures });
}

function validateItem(
  index: number,
  item: unknown,
  guardOf: (key: string, raw: unknown) => WriteGuard | undefined,
): Pending {
  if (item === null || typeof item !== 'object') {
    return { index, key: '', error: { code: 'invalid-binding', message: 'an item is an object', offset: null } };
  }
  const { key: rawKey, ...input } = item as Record<string, unknown>;
  const keyText = typeof rawKey === 'string' ? rawKey : '';
  const key = checkKey(rawKey);
  if (!key.ok) return { index, key: keyText, error: key.error };
  const data = parseBindingInput(input);
  if (!data.ok) return { index, key: keyText, error: data.error };
  const guard = guardOf(key.value, input);
  return { index, key: key.value, entry: { key: key.value, data: data.value, ...(guard ? { guard } : {}) } };
}
