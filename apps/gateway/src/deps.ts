import { resolve as resolvePath } from 'node:path';
import { maptrLookup } from '@pidgate/discovery';
import { ArchiveRegistry, loadArchiveRegistry } from '@pidgate/pwid';
import { registry as defaultRegistry, type SchemesRegistry } from '@pidgate/schemes';
import { type ChangeEvent, ResolutionReads, type Store } from '@pidgate/store';
import { ArchiveLookup, archiveSources } from './archive/index.ts';
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
  ShoulderFallbacks,
  selfHosts,
} from './resolution/index.ts';
import { ResolutionCounter } from './stats/index.ts';
import { openConfiguredStore, openReadReplica } from './store/index.ts';

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
  /** The shoulders' web-archive fallback settings (null without a store). */
  readonly fallbacks: ShoulderFallbacks | null;
  /** Asks the archives of `archives.fallback` for a broken target's captures (asks nothing when none is listed). */
  readonly archiveFinder: ArchiveLookup;
  /** The binding cache and read-replica routing of resolution (null without a store, or with both off). */
  readonly cache: ResolutionReads | null;
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
  /**
   * The read replica resolution reads (the caller closes it); by default opened from `store.readUrl` when
   * the store is opened here.
   */
  readonly readStore?: Store | null;
  /** The binding cache's clock in milliseconds (tests); `Date.now` by default. */
  readonly clock?: () => number;
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
  let replica: Store | null = options.readStore ?? null;
  let ownedReplica = false;
  if (store && owned && options.readStore === undefined) {
    replica = await openReadReplica(config);
    ownedReplica = replica !== null;
  }
  // The binding cache in front of resolution's reads, kept right by the store's change feed (cache.ts of
  // @pidgate/store); with a replica, also the routing of reads between it and the primary.
  const cache =
    store && (config.cache.enabled || replica)
      ? new ResolutionReads(store, replica, store.changes?.() ?? null, {
          ...config.cache,
          ...(options.clock ? { now: options.clock } : {}),
        })
      : null;
  const reads = cache?.store ?? store;
  const own = reads ? new OwnNaans(reads) : null;
  const rules = reads && own ? new PrefixRules(reads, own) : null;
  const commitments = reads ? new Commitments(reads) : null;
  const feed = cache ? (store?.changes?.() ?? null) : null;
  const unsubscribe = feed?.subscribe((e) => heardChange(e, { own, rules, commitments }, feed.live));
  if (feed && own && rules) own.down = rules.down = !feed.live;
  await rules?.refresh();
  await commitments?.refresh();
  const fallbacks = store ? new ShoulderFallbacks(store) : null;
  await fallbacks?.refresh();
  const archiveFinder = new ArchiveLookup(
    archiveSources(config.archives, archives),
    config.archives,
    archives,
    config.links.userAgent ?? (config.baseUrl ? `pidgate (+${config.baseUrl})` : 'pidgate'),
  );
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
    store: cache?.writer ?? store,
    ...(cache ? { reads: cache.store } : {}),
    cache,
    tally,
    own,
    rules,
    commitments,
    fallbacks,
    archiveFinder,
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
      unsubscribe?.();
      cache?.close();
      if (ownedReplica) await replica?.close();
      if (owned) await store?.close();
    },
  };
}

/**
 * A change another instance (or this one) made, heard through the store's change feed: the in-memory lists
 * resolution keeps are read again (a prefix rule is a binding whose key holds `/!`); while the feed is down
 * they are read at every resolution (`down`), since no change would be heard.
 */
function heardChange(
  e: ChangeEvent,
  lists: { own: OwnNaans | null; rules: PrefixRules | null; commitments: Commitments | null },
  live: boolean,
): void {
  const { own, rules, commitments } = lists;
  switch (e.kind) {
    case 'keys':
      if (e.keys.some((k) => k.includes('/!'))) rules?.invalidate();
      return;
    case 'naans':
      own?.invalidate();
      rules?.invalidate();
      return;
    case 'commitments':
      commitments?.invalidate();
      return;
    case 'flush':
    case 'down':
    case 'up':
      if (own) own.down = !live;
      if (rules) rules.down = !live;
      own?.invalidate();
      rules?.invalidate();
      commitments?.invalidate();
      return;
  }
}
