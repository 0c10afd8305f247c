import type { Registry } from '@pidgate/core';
import { maptrLookup } from '@pidgate/discovery';
import { ArchiveRegistry, loadArchiveRegistry } from '@pidgate/pwid';
import { registry as defaultRegistry } from '@pidgate/schemes';
import type { Store } from '@pidgate/store';
import { type Config, ConfigError } from './config.ts';
import { createLogger, type RequestLogger } from './log.ts';
import { CachedMaptr, type MaptrLookup, systemDnsServer } from './maptr.ts';
import { Metrics } from './metrics.ts';
import { ReloadableNaanTable, type ReloadReport } from './naan.ts';
import { type Resolver, resolverMap, resolvers } from './resolvers/index.ts';
import type { ResolverServices } from './resolvers/types.ts';
import { openConfiguredStore } from './storage.ts';

/** Everything the app needs, built once at start. Tests build one with a local config. */
export interface AppDeps extends ResolverServices {
  readonly registry: Registry;
  readonly logger: RequestLogger;
  readonly naan: ReloadableNaanTable;
  readonly maptr: CachedMaptr | null;
  readonly resolvers: ReadonlyMap<string, Resolver>;
  /** Reload the NAAN table and forget cached discovery answers. */
  reload(): Promise<ReloadReport>;
  /** Release what createDeps opened (the store, unless it was passed in). */
  close(): Promise<void>;
}

export interface DepsOptions {
  /** Where request log lines go; by default standard output when `config.log` is `json`. */
  readonly logOut?: { write(s: string): unknown };
  readonly metrics?: Metrics;
  readonly registry?: Registry;
  readonly maptrLookup?: MaptrLookup;
  readonly resolvers?: readonly Resolver[];
  /** The store to use (the caller closes it); null for none. By default opened from `config.store`. */
  readonly store?: Store | null;
  /** The directory relative data paths are resolved against (default: the working directory). */
  readonly cwd?: string;
}

/** Load the NAAN table and the archive registry and wire the services together. */
export async function createDeps(config: Config, options: DepsOptions = {}): Promise<AppDeps> {
  const metrics = options.metrics ?? new Metrics();
  const naan = await ReloadableNaanTable.open(config.naan.file);
  let maptr: CachedMaptr | null = null;
  if (config.maptr.enabled) {
    const server = config.maptr.server ?? systemDnsServer();
    if (server)
      maptr = new CachedMaptr(config.maptr, options.maptrLookup ?? (maptrLookup as MaptrLookup), metrics, server);
  }
  let archives = ArchiveRegistry.builtin();
  if (config.pwid.archives) {
    const loaded = loadArchiveRegistry(config.pwid.archives);
    if (!loaded.ok) throw new ConfigError(`archive registry ${config.pwid.archives}: ${loaded.error.message}`);
    archives = loaded.value;
  }
  let store: Store | null = null;
  let owned = false;
  if (options.store !== undefined) store = options.store;
  else if (config.store.enabled) {
    store = await openConfiguredStore(config, options.cwd);
    owned = true;
  }
  return {
    config,
    store,
    metrics,
    registry: options.registry ?? defaultRegistry,
    logger: createLogger(config.log, options.logOut),
    naan,
    maptr,
    archives,
    resolvers: resolverMap(options.resolvers ?? resolvers),
    async reload() {
      const report = await naan.reload();
      maptr?.clear();
      return report;
    },
    async close() {
      if (owned) await store?.close();
    },
  };
}
