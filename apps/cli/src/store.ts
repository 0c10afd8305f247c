import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Config,
  ConfigError,
  databaseFile,
  loadConfig,
  openConfiguredStore,
  resolveDataDir,
} from '@pidgate/gateway';
import type { Store } from '@pidgate/store';
import { type Io, UsageError } from './io.ts';

/** The `--config FILE` option every command that touches the database takes. */
export const configOption = { config: { type: 'string', short: 'c' } } as const;

/**
 * The gateway's configuration (file, then environment), as `pidgate serve` reads it, its data directory
 * made absolute: `PIDGATE_DATA_DIR` or the file's `store.dataDir` as given, else `data/` of the instance root
 * (`instanceRoot`: the repository root from any of its package folders; docs/configuration.md).
 */
export function readConfig(io: Io, file: string | undefined): Config {
  try {
    return resolveDataDir(loadConfig(io.env, file === undefined ? undefined : resolve(io.cwd, file)), io.env, io.cwd);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

/**
 * The configuration of a command that works on the store: a usage error (exit status 2) when it turns the
 * store off (`store.enabled: false`, `PIDGATE_STORE_ENABLED`).
 */
export function storeConfig(io: Io, file: string | undefined): Config {
  const config = readConfig(io, file);
  if (!config.store.enabled) {
    throw new UsageError(
      'this command works on the store, and the configuration turns it off (store.enabled: false, PIDGATE_STORE_ENABLED)',
    );
  }
  return config;
}

/**
 * Open the configured store (migrating it), run `fn`, close the store. A configuration that turns the store
 * off (`store.enabled: false`, `PIDGATE_STORE_ENABLED`) is refused (exit status 2): nothing is opened or created.
 */
export async function withStore<T>(
  io: Io,
  file: string | undefined,
  fn: (store: Store, config: Config) => Promise<T>,
  options: { readonly migrate?: boolean } = {},
): Promise<T> {
  const config = storeConfig(io, file);
  let store: Store;
  const created = !config.store.url && !existsSync(databaseFile(config.store.dataDir));
  try {
    store = await openConfiguredStore(config, io.cwd, options);
    // Say where a new database went, so that a second one made by mistake is seen at once.
    if (created && existsSync(databaseFile(config.store.dataDir))) {
      io.stderr.write(`pidgate: created the SQLite database ${databaseFile(config.store.dataDir)}\n`);
    }
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
  try {
    return await fn(store, config);
  } finally {
    await store.close();
  }
}

/** A store failure as the command's failure (exit status 2). */
export function fail(error: { code: string; message: string }): never {
  throw new UsageError(`${error.code}: ${error.message}`);
}
