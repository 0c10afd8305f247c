import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { corsHeadersWithoutOrigin, createApp } from './app.ts';
import type { Config } from './config/index.ts';
import { demoPolicy, startDemoSweep } from './demo/index.ts';
import { type AppDeps, createDeps, type DepsOptions } from './deps.ts';
import { ConnectionDrain } from './drain.ts';
import {
  assertFastPathSafe,
  basePath,
  createFastPath,
  problem,
  problemResponse,
  withProblemBase,
} from './http/index.ts';
import { LinkChecker, WebhookDeliverer } from './links/index.ts';
import { StatsFlusher, statsMetricLines } from './stats/index.ts';

export interface StartOptions {
  readonly config: Config;
  /** Prebuilt dependencies (tests); by default built from `config`. */
  readonly deps?: AppDeps;
  readonly depsOptions?: DepsOptions;
  /** Install SIGTERM/SIGINT (graceful shutdown) and SIGHUP (reload the NAAN table) handlers. */
  readonly signals?: boolean;
  /**
   * Answer identifier redirects in front of Hono (fast.ts; default true). False sends every request
   * through the Hono app: the benchmark and fast.test.ts compare the two.
   */
  readonly fastPath?: boolean;
}

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  /** `http://host:port/` as bound. */
  readonly url: string;
  readonly deps: AppDeps;
  /** Stop accepting connections, let in-flight requests finish (up to `shutdownGraceMs`), then resolve. */
  close(): Promise<void>;
  /** Resolves once the server has closed (after `close()` or a signal). */
  readonly closed: Promise<void>;
}

/** Start the gateway on `config.host:config.port` (port 0 picks a free one). */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const deps = options.deps ?? (await createDeps(config, options.depsOptions));
  const app = createApp(deps);
  const listener = getRequestListener(app.fetch, {
    // A request line or Host header the URL parser refuses: 400 problem, never a bare error.
    errorHandler: () =>
      problemResponse(
        withProblemBase(
          problem(400, 'invalid-request-target', 'the request target or Host header is not valid'),
          basePath(config.baseUrl),
        ),
      ),
  });
  // Identifier redirects are answered before Hono (see fast.ts); a route in their way stops the start.
  let fast: ReturnType<typeof createFastPath> | null = null;
  if (options.fastPath ?? true) {
    try {
      assertFastPathSafe(app.routes);
    } catch (e) {
      if (!options.deps) await deps.close();
      throw e;
    }
    fast = createFastPath(deps, listener, corsHeadersWithoutOrigin(config));
  }
  const server: Server = createServer({ keepAliveTimeout: 5000, requestTimeout: 60_000 }, (req, res) => {
    // Counted first, so that shutdown answers it (and tells its client when it is the connection's last).
    drain.request(req, res);
    if (fast?.(req, res)) return;
    void listener(req, res);
  });
  const drain = new ConnectionDrain(server);

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    if (!options.deps) await deps.close();
    throw e;
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}/`;

  // Expired demo identifiers are purged every demo.sweepMinutes while the server runs (demo/).
  const demoSweep = deps.store
    ? startDemoSweep({
        store: deps.store,
        policy: demoPolicy(deps.registry, config.profile, config.demo),
        intervalMinutes: config.demo.sweepMinutes,
        onSweep: (o) => {
          if (!o.ok) deps.logger.event('demo-purge-failed', { code: o.error.code });
          else if (o.value.length > 0) deps.logger.event('demo-purged', { count: o.value.length });
        },
      })
    : null;

  // The link checker (links/), when enabled: passes in the background, stopped before the store closes.
  const links =
    deps.store && config.links.enabled
      ? new LinkChecker({
          store: deps.store,
          settings: config.links,
          baseUrl: config.baseUrl,
          log: (event, fields) => deps.logger.event(event, fields),
        })
      : null;
  links?.start();
  // Its webhook deliveries (links/webhooks.ts), on their own timer so a slow receiver never holds a check.
  const hooks =
    deps.store && config.links.enabled
      ? new WebhookDeliverer({
          store: deps.store,
          settings: config.links,
          baseUrl: config.baseUrl,
          log: (event, fields) => deps.logger.event(event, fields),
        })
      : null;
  hooks?.start();

  // Usage statistics (stats/): the counts written every stats.flushSeconds, and once more at shutdown.
  const stats =
    deps.store && deps.tally
      ? new StatsFlusher({
          store: deps.store,
          counter: deps.tally,
          flushSeconds: config.stats.flushSeconds,
          retentionDays: config.stats.retentionDays,
          maxKeys: config.stats.maxKeys,
          log: (event, fields) => deps.logger.event(event, fields),
        })
      : null;
  stats?.start();
  if (stats && deps.tally) {
    const counter = deps.tally;
    deps.metrics.addCollector(async () => statsMetricLines(counter, stats));
  }

  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => {
    resolveClosed = r;
  });
  let closing: Promise<void> | null = null;
  const handlers: [NodeJS.Signals, () => void][] = [];

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      demoSweep?.stop();
      const linksStopped = Promise.all([links?.stop(), hooks?.stop()]);
      const force = setTimeout(() => drain.destroyAll(), config.shutdownGraceMs);
      force.unref();
      // Stop accepting and answer every request already received, then close each connection once idle.
      drain.stop(() => {
        clearTimeout(force);
        deps.logger.event('stopped');
        // Close the store only when startServer built the deps (a caller's deps are the caller's to close).
        // The last counts are written after the last request was answered, before the store closes.
        const done = linksStopped.then(() => stats?.stop()).then(() => (options.deps ? undefined : deps.close()));
        void done.finally(() => {
          resolveClosed();
          resolve();
        });
      });
    });
    return closing;
  };

  if (options.signals) {
    const stop = () => {
      deps.logger.event('shutdown', { reason: 'signal' });
      void close();
    };
    const reload = () => {
      deps.reload().then(
        (report) => deps.logger.event('reload', { ...report }),
        (e: Error) => deps.logger.event('reload-failed', { message: e.message }),
      );
    };
    handlers.push(['SIGTERM', stop], ['SIGINT', stop], ['SIGHUP', reload]);
    for (const [signal, handler] of handlers) process.on(signal, handler);
  }

  // `url` is where to reach it; `address` is what the socket is bound to (0.0.0.0: every interface).
  deps.logger.event('listening', {
    url,
    address: `${host}:${address.port}`,
    pid: process.pid,
    naanTable: deps.naan.file,
  });
  return { server, port: address.port, url, deps, close, closed };
}
