import type { Registry } from '@pidgate/core';
import { maptrLookup } from '@pidgate/discovery';
import { ArchiveRegistry, loadArchiveRegistry } from '@pidgate/pwid';
import { registry as defaultRegistry } from '@pidgate/schemes';
import { type Config, ConfigError } from './config.ts';
import { createLogger, type RequestLogger } from './log.ts';
import { CachedMaptr, type MaptrLookup, systemDnsServer } from './maptr.ts';
import { Metrics } from './metrics.ts';
import { ReloadableNaanTable, type ReloadReport } from './naan.ts';
import { type Resolver, resolverMap, resolvers } from './resolvers/index.ts';
import type { ResolverServices } from './resolvers/types.ts';

/** Everything the app needs, built once at start. Tests build one with a local config. */
export interface AppDeps extends ResolverServices {
  readonly registry: Registry;
  readonly logger: RequestLogger;
  readonly naan: ReloadableNaanTable;
  readonly maptr: CachedMaptr | null;
  readonly resolvers: ReadonlyMap<string, Resolver>;
  /** Reload the NAAN table and forget cached discovery answers. */
  reload(): Promise<ReloadReport>;
}

export interface DepsOptions {
  /** Where request log lines go; by default standard output when `config.log` is `json`. */
  readonly logOut?: { write(s: string): unknown };
  readonly metrics?: Metrics;
  readonly registry?: Registry;
  readonly maptrLookup?: MaptrLookup;
  readonly resolvers?: readonly Resolver[];
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
  return {
    config,
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
  };
}
