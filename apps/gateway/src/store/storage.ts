import { dirname, resolve } from 'node:path';
import { type Store, tryOpenStore } from '@pidgate/store';
import { type Config, ConfigError, DEFAULT_NAAN_FILE } from '../config/index.ts';

/** The directory the SQLite file goes in, resolved against `cwd`. */
export function dataDirectory(config: Config, cwd = process.cwd()): string {
  return resolve(cwd, config.store.dataDir);
}

/**
 * Open (and migrate) the store the configuration names: PostgreSQL when `store.url` is set, else SQLite
 * in `store.dataDir`. Throws `ConfigError` with the store's code when it cannot (the outer layer).
 * The data directory may not be the gateway package's own `data/`, which holds the embedded NAAN table.
 * `migrate: false` leaves the migrations to the caller (`pidgate db migrate`, which reports them).
 */
export async function openConfiguredStore(
  config: Config,
  cwd = process.cwd(),
  options: { readonly migrate?: boolean } = {},
): Promise<Store> {
  const dataDir = dataDirectory(config, cwd);
  if (!config.store.url && dataDir === dirname(DEFAULT_NAAN_FILE)) {
    throw new ConfigError(
      `store.dataDir ${dataDir} is the gateway's own data directory (it holds the embedded NAAN table): set PIDGATE_DATA_DIR or run from the repository root`,
    );
  }
  const opened = await tryOpenStore({
    url: config.store.url ?? undefined,
    dataDir,
    synchronous: config.store.synchronous,
    migrate: options.migrate,
  });
  if (!opened.ok) {
    const where = config.store.url ? 'the PostgreSQL database (DATABASE_URL)' : `the SQLite database in ${dataDir}`;
    throw new ConfigError(`cannot open ${where}: ${opened.error.code}: ${opened.error.message}`);
  }
  return opened.value;
}

/**
 * The read replica the configuration names (`store.readUrl`, `DATABASE_READ_URL`), or null: opened without
 * migrating (a replica follows the primary's schema). Throws `ConfigError` when it cannot be opened.
 */
export async function openReadReplica(config: Config): Promise<Store | null> {
  if (!config.store.readUrl) return null;
  const opened = await tryOpenStore({ url: config.store.readUrl, migrate: false });
  if (!opened.ok) {
    throw new ConfigError(
      `cannot open the read replica (DATABASE_READ_URL): ${opened.error.code}: ${opened.error.message}`,
    );
  }
  return opened.value;
}
