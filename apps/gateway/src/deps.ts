import { resolve as resolvePath } from 'node:path';
import { maptrLookup } from '@pidgate/discovery';
import { ArchiveRegistry, loadArchiveRegistry } from '@pidgate/pwid';
import { registry as defaultRegistry, type SchemesRegistry } from '@pidgate/schemes';
import type { Store } from '@pidgate/store';
import { type Config, ConfigError } from './config/index.ts';
import { createLogger, Metrics, type RequestLogger } from './observability/index.ts';
import {
  CachedMaptr,
  Commitments,
  loadResolverTable,
  type MaptrLookup,
  OwnNaans,
  type PipelineDeps,
  PrefixRules,
  ReloadableNaanTable,
  type ReloadReport,
  type Resolvers,
  resolvers,
  type SelfView,
  selfHosts,
} from './resolution/index.ts';
import { ResolutionCounter } from './stats/index.ts';
import { openConfiguredStore } from './store/index.ts';

/** Everything the app needs, built once at start. Tests build one with a local config. */
export interface AppDeps extends PipelineDeps {
  readonly registry: SchemesRegistry;
  readonly logger: RequestLogger;
  readonly naan: ReloadableNaanTable;
  readonly maptr: CachedMaptr | null;
  readonly own: OwnNaans | null;
  readonly rules: PrefixRules | null;
  /** The `??` commitment statements of NAANs and shoulders (null without a store). */
  readonly commitments: Commitments | null;
  /** What the gateway knows of itself, to refuse targets that point back at it (no loops). */
  readonly self: SelfView;
  /** Usage statistics' in-memory counter (stats/), null when `stats.enabled` is off or there is no store. */
  readonly tally: ResolutionCounter | null;
  /** Reload the NAAN table and forget cached discovery answers. */
  reload(): Promise<ReloadReport>;
  /** Release what createDeps opened (the store, unless it was passed in). */
  close(): Promise<void>;
}

export interface DepsOptions {
  /** Where request log lines go; by default standard output when `config.log` is `json`. */
  readonly logOut?: { write(s: string): unknown };
  /** A cluster worker's id, written in every log line (`pidgate serve --workers N`). */
  readonly worker?: number;
  readonly metrics?: Metrics;
  readonly registry?: SchemesRegistry;
  readonly maptrLookup?: MaptrLookup;
  /** The resolvers by scheme name (every scheme's by default); a scheme without one answers `no-resolver`. */
  readonly resolvers?: Resolvers;
  /** The store to use (the caller closes it); null for none. By default opened from `config.store`. */
  readonly store?: Store | null;
  /** The directory relative data paths are resolved against (default: the working directory). */
  readonly cwd?: string;
}

/** Load the NAAN table and the archive registry and wire the services together. */
export async function createDeps(config: Config, options: DepsOptions = {}): Promise<AppDeps> {
  const metrics = options.metrics ?? new Metrics();
  const naan = await ReloadableNaanTable.fromConfig(config, options.cwd);
  let maptr: CachedMaptr | null = null;
  // Off unless configured with an explicit DNS server and suffix (config validation requires both).
  if (config.maptr.enabled && config.maptr.server) {
    const lookup = options.maptrLookup ?? (maptrLookup as MaptrLookup);
    maptr = new CachedMaptr(config.maptr, lookup, metrics, config.maptr.server);
  }
  const resolverTable = loadResolverTable(
    config.resolvers.file === null ? null : resolvePath(options.cwd ?? process.cwd(), config.resolvers.file),
  );
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
  const own = store ? new OwnNaans(store) : null;
  const rules = store && own ? new PrefixRules(store, own) : null;
  await rules?.refresh();
  const commitments = store ? new Commitments(store) : null;
  await commitments?.refresh();
  const logger = createLogger(config.log, options.logOut, options.worker ?? null);
  // `pidgate naan update` replaces the table file: the running gateway picks it up with no restart.
  if (config.naan.watch) {
    naan.watch((report, error) => {
      if (report) {
        maptr?.clear();
        logger.event('reload', { ...report, trigger: 'file-watch' });
      } else logger.event('reload-failed', { message: error?.message ?? 'unknown', trigger: 'file-watch' });
    });
  }
  const tally = store && config.stats.enabled ? new ResolutionCounter({ maxKeys: config.stats.maxKeys }) : null;
  return {
    config,
    store,
    tally,
    own,
    rules,
    commitments,
    self: {
      registry: options.registry ?? defaultRegistry,
      profile: config.profile,
      baseUrl: config.baseUrl,
      hosts: selfHosts({
        baseUrl: config.baseUrl,
        allowedHosts: config.allowedHosts,
        listenHost: config.host,
        listenPort: config.port,
      }),
    },
    metrics,
    registry: options.registry ?? defaultRegistry,
    logger,
    naan,
    maptr,
    archives,
    resolverTable,
    resolvers: options.resolvers ?? resolvers,
    async reload() {
      const report = await naan.reload();
      maptr?.clear();
      return report;
    },
    async close() {
      naan.unwatch();
      if (owned) await store?.close();
    },
  };
}
