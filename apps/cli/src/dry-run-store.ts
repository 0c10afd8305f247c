import {
  type ImportItem,
  type ImportItemResult,
  type ImportOptions,
  parseBindingInput,
  type Store,
  type StoreErrorCode,
} from '@pidgate/store';

/**
 * `pidgate import --dry-run`: the store as the import sees it, except that `importBindings` writes
 * nothing. Each item is validated as the store validates it (the same schema) and looked up, and its
 * result is what the import would do: `created` when the key is not bound, `tombstoned` when it was
 * deleted, and for a key already bound what `--on-existing` says (`updated` for replace, without telling
 * an unchanged binding apart; `skipped`; `conflict` for fail). Everything else is the real store.
 */
export function dryRunStore(store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'importBindings') return Reflect.get(target, property, receiver);
      return async (items: Iterable<ImportItem> | AsyncIterable<ImportItem>, options?: ImportOptions) => {
        const counts = { total: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
        const failures: ImportItemResult[] = [];
        const onExisting = options?.onExisting ?? 'replace';
        let index = 0;
        for await (const item of items) {
          const { key, ...input } = item;
          const r = await dryRun(target, index++, key, input, onExisting);
          counts.total++;
          if (r.ok) counts[r.action === 'skipped' ? 'skipped' : r.action === 'created' ? 'created' : 'updated']++;
          else {
            counts.failed++;
            failures.push(r);
          }
          options?.onResult?.(r);
        }
        return { ok: true as const, value: { ...counts, failures } };
      };
    },
  });
}

async function dryRun(
  store: Store,
  index: number,
  key: string,
  input: object,
  onExisting: 'replace' | 'skip' | 'fail',
): Promise<ImportItemResult> {
  const refused = (code: StoreErrorCode, message: string): ImportItemResult => ({
    index,
    key,
    ok: false,
    error: { code, message, offset: null },
  });
  const data = parseBindingInput(input);
  if (!data.ok) return { index, key, ok: false, error: data.error };
  const current = await store.getBinding(key);
  if (!current.ok) {
    if (current.error.code === 'not-found') return { index, key, ok: true, action: 'created' };
    return { index, key, ok: false, error: current.error };
  }
  if (current.value.tombstoned) return refused('tombstoned', `${key} was deleted and is never bound again`);
  if (onExisting === 'skip') return { index, key, ok: true, action: 'skipped' };
  if (onExisting === 'fail') return refused('conflict', `${key} is already bound`);
  return { index, key, ok: true, action: 'updated' };
}
