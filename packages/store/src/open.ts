import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { err, ok, PidgateError } from '@pidgate/core';
import type { Backend } from './backend.ts';
import type { StoreResult } from './codes.ts';
import { PG_SCHEMA, POSTGRES_URL } from './grammar.ts';
import { GuardedStore } from './guarded.ts';
import { PostgresBackend } from './postgres.ts';
import { SqliteBackend } from './sqlite.ts';
import type { Store } from './store.ts';
import { messageOf } from './validate.ts';

/** The SQLite file's name inside the data directory. */
export const SQLITE_FILENAME = 'pidgate.sqlite';

export interface OpenOptions {
  /** DATABASE_URL: when set (postgres:// or postgresql://), the store is PostgreSQL. */
  readonly url?: string;
  /** The data directory holding the SQLite file (default `./data`; callers pass PIDGATE_DATA_DIR). */
  readonly dataDir?: string;
  /** PostgreSQL only: keep the tables in this schema (created if missing). */
  readonly schema?: string;
  /** SQLite only: `normal` (default; survives kill -9, not power loss) or `full` (survives power loss). */
  readonly synchronous?: 'normal' | 'full';
  /** SQLite only: how long to wait for another connection's write lock (default 5000 ms). */
  readonly busyTimeoutMs?: number;
  /** Apply pending migrations on opening (default true); false leaves them to `store.migrate()`. */
  readonly migrate?: boolean;
}

/** Open the store the options choose, migrated to the latest schema (unless `migrate: false`). Never throws. */
export async function tryOpenStore(options: OpenOptions = {}): Promise<StoreResult<Store>> {
  let backend: Backend;
  if (options.url !== undefined && options.url !== '') {
    if (!POSTGRES_URL.test(options.url)) return err('invalid-url', 'DATABASE_URL is a postgres:// URL');
    if (options.schema !== undefined && !PG_SCHEMA.test(options.schema)) {
      return err('invalid-schema', 'the schema is lower-case letters, digits and _ (at most 63)');
    }
    try {
      backend = await PostgresBackend.create({ url: options.url, schema: options.schema });
    } catch (e) {
      return err('storage-error', `cannot load the PostgreSQL client: ${messageOf(e)}`);
    }
  } else {
    const dir = resolve(options.dataDir ?? './data');
    try {
      mkdirSync(dir, { recursive: true });
      backend = SqliteBackend.open({
        file: join(dir, SQLITE_FILENAME),
        synchronous: options.synchronous,
        busyTimeoutMs: options.busyTimeoutMs,
      });
    } catch (e) {
      return err('storage-error', `cannot open the SQLite database in ${dir}: ${messageOf(e)}`);
    }
  }
  const store = new GuardedStore(backend);
  if (options.migrate === false) return ok(store);
  const migrated = await store.migrate();
  if (!migrated.ok) {
    await store.close();
    return migrated;
  }
  return ok(store);
}

/** Like `tryOpenStore`, for the outer layer: throws a `PidgateError` (with the code) on failure. */
export async function openStore(options: OpenOptions = {}): Promise<Store> {
  const opened = await tryOpenStore(options);
  if (!opened.ok) throw new PidgateError(opened.error);
  return opened.value;
}
