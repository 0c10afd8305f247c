import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as NetServer, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { corsHeadersWithoutOrigin, createApp } from './app.ts';
import type { Config } from './config/index.ts';
import { type AppDeps, createDeps, type DepsOptions } from './deps.ts';
import { demoPolicy, startDemoSweep } from './demo/index.ts';
import { assertFastPathSafe, createFastPath, problem, problemResponse } from './http/index.ts';

/** How long an idle connection closed at shutdown may linger after our FIN before it is destroyed. */
const LINGER_MS = 2000;
/** The turn of the event loop given to requests already received on idle connections at shutdown. */
const IDLE_PICKUP_MS = 50;
const netClose = NetServer.prototype.close;

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
      problemResponse(problem(400, 'invalid-request-target', 'the request target or Host header is not valid')),
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
  let stopping = false;
  const server = createServer({ keepAliveTimeout: 5000, requestTimeout: 60_000 }, (req, res) => {
    // While shutting down, tell keep-alive clients this is the last response on the connection.
    if (stopping) res.setHeader('connection', 'close');
    if (fast?.(req, res)) return;
    void listener(req, res);
  });

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

  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => {
    resolveClosed = r;
  });
  let closing: Promise<void> | null = null;
  const handlers: [NodeJS.Signals, () => void][] = [];

  // Requests open on each connection, so a stop can tell idle keep-alive connections from busy ones.
  const open = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    open.set(socket, 0);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    open.set(socket, (open.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (open.get(socket) ?? 1) - 1;
      open.set(socket, left);
      if (stopping && left === 0) endIdle(socket);
    });
  });
  /** Close an idle connection gracefully: a FIN (end), never a reset; destroyed if the peer lingers. */
  const endIdle = (socket: Socket) => {
    if (socket.destroyed || socket.writableEnded) return;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };

  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      stopping = true;
      demoSweep?.stop();
      const force = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
      force.unref();
      // Stop accepting (net.Server#close: http.Server#close would also destroy idle connections at once,
      // resetting any whose next request is already on its way).
      netClose.call(server, () => {
        clearTimeout(force);
        deps.logger.event('stopped');
        // Close the store only when startServer built the deps (a caller's deps are the caller's to close).
        const done = options.deps ? Promise.resolve() : deps.close();
        void done.finally(() => {
          resolveClosed();
          resolve();
        });
      });
      // Idle connections close now: after one turn of the event loop, so that a request already received
      // starts (and is answered with `Connection: close`) instead of being cut off.
      setTimeout(() => {
        for (const [socket, requests] of open) if (requests === 0) endIdle(socket);
      }, IDLE_PICKUP_MS).unref();
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

  deps.logger.event('listening', { url, naanTable: deps.naan.file });
  return { server, port: address.port, url, deps, close, closed };
}
