import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { err } from '@pidgate/core';
import { type Config, dataDirectory } from '@pidgate/gateway';
import {
  type ImportItem,
  type ImportItemResult,
  type ImportOptions,
  parseBindingInput,
  SQLITE_FILENAME,
  type Store,
  type StoreErrorCode,
} from '@pidgate/store';
import type { Io } from './io.ts';
import { storeConfig, withStore } from './store.ts';

/**
 * `withStore` for a dry run: a SQLite database that does not exist yet is not created (nor its data
 * directory): it is read as empty, every binding `created`. An existing database, or PostgreSQL, is opened
 * as `withStore` opens it. Either way `fn` gets the store wrapped by `dryRunStore`, which writes nothing.
 */
export async function withDryRunStore<T>(
  io: Io,
  file: string | undefined,
  fn: (store: Store, config: Config) => Promise<T>,
): Promise<T> {
  const config = storeConfig(io, file);
  if (!config.store.url && !existsSync(join(dataDirectory(config, io.cwd), SQLITE_FILENAME))) {
    return fn(dryRunStore(emptyStore()), config);
  }
  return withStore(io, file, (store, c) => fn(dryRunStore(store), c));
}

/** A store with nothing in it, for a dry run against a database not created yet: it answers lookups only. */
export function emptyStore(): Store {
  return new Proxy({} as Store, {
    get(_target, property) {
      if (property === 'getBinding') return async () => err('not-found', 'no such identifier');
      if (property === 'close') return async () => {};
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`a dry run against a database not created yet cannot ${String(property)}`);
      };
    },
  });
}

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
