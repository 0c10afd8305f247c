import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, ENV_VARIABLES, loadConfig, resolveDataDir, startServer } from '@pidgate/gateway';
import { type Command, parseCommandArgs } from '../command.ts';
import { type Io, UsageError, write } from '../io.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the HTTP gateway (resolution, ?/??/?info metadata, batch API)',
  usage: `pidgate serve [--port N] [--host ADDRESS] [--config FILE] [--workers N|auto]

Starts the pidgate HTTP gateway (default port 8080, or the PORT environment variable).
--config FILE reads a JSON configuration (also PIDGATE_CONFIG); environment variables override it:
  ${ENV_VARIABLES.join(', ')}
and --port/--host override both. It logs one JSON line per request on standard output.
SIGTERM or SIGINT stops it after in-flight requests finish; SIGHUP reloads the NAAN table.

--workers N runs N gateway processes (node:cluster) answering on the same port; "auto" is one per
core; the default is 1 (one process, no cluster). They share the database: SQLite in WAL mode with
a busy timeout (readers never wait, writers take turns), or PostgreSQL. The first worker starts (and
migrates the database) before the others. SIGTERM or SIGINT stops every worker gracefully and then
the primary; SIGHUP is passed on to every worker; a worker that dies is replaced.
Exit status 0 after a clean shutdown, 2 when the configuration is invalid or the port cannot be bound.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      port: { type: 'string' },
      host: { type: 'string' },
      config: { type: 'string', short: 'c' },
      workers: { type: 'string', short: 'w' },
    });
    const workers = readWorkers(values.workers);
    if (positionals.length > 0) throw new UsageError(`serve takes no arguments, not ${JSON.stringify(positionals[0])}`);
    let port: number | undefined;
    if (values.port !== undefined) {
      port = Number(values.port);
      if (!/^\d{1,5}$/.test(values.port) || port > 65535)
        throw new UsageError(`--port must be 0 to 65535, not ${values.port}`);
    }
    let config: ReturnType<typeof loadConfig>;
    try {
      const file = values.config === undefined ? undefined : resolve(io.cwd, values.config);
      config = resolveDataDir(loadConfig(io.env, file, { port, host: values.host }), io.env, io.cwd);
    } catch (e) {
      if (e instanceof ConfigError) throw new UsageError(e.message);
      throw e;
    }
    if (workers > 1 && cluster.isPrimary) return runPrimary(workers, args, io);
    const worker = cluster.isWorker ? cluster.worker?.id : undefined;
    const server = await startServer({ config, signals: true, depsOptions: { logOut: io.stdout, worker } });
    await server.closed;
    // A cluster worker's channel to the primary would keep its process alive.
    if (cluster.isWorker) process.disconnect?.();
    return 0;
  },
};

function readWorkers(value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'auto') return availableParallelism();
  const n = Number(value);
  if (!/^\d{1,3}$/.test(value) || n < 1)
    throw new UsageError(`--workers must be a whole number from 1 or "auto", not ${JSON.stringify(value)}`);
  return n;
}

/** The pidgate command a worker runs: this same package's bin (from src/commands or from dist). */
function binPath(): string {
  const relative = import.meta.url.endsWith('.ts') ? '../../bin/pidgate.js' : '../bin/pidgate.js';
  return fileURLToPath(new URL(relative, import.meta.url));
}

/**
 * The cluster's primary: forks `count` workers running `pidgate serve` with the same arguments and
 * environment (the first alone, so that it opens and migrates the database before the others start),
 * replaces a worker that dies, passes SIGHUP on, and on SIGTERM/SIGINT stops the workers gracefully
 * (each finishes its in-flight requests) before returning 0. A worker that fails to start stops all: 2.
 */
async function runPrimary(count: number, args: readonly string[], io: Io): Promise<number> {
  // Each worker accepts its own connections (the kernel spreads them), rather than the primary
  // accepting every connection and passing it on over IPC (the default on Linux, a bottleneck here).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: binPath(), args: ['serve', ...args], silent: false });
  const env = { ...io.env };
  let stopping = false;
  let failed = false;
  const live = new Set<Worker>();
  const event = (name: string, fields: Record<string, unknown> = {}) =>
    write(io.stdout, `${JSON.stringify({ time: new Date().toISOString(), event: name, ...fields })}\n`);

  const fork = () =>
    new Promise<boolean>((started) => {
      const worker = cluster.fork(env);
      live.add(worker);
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        started(true);
      });
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        started(false);
        if (stopping) {
          if (live.size === 0) done();
          return;
        }
        if (!listening) {
          // A worker that never started (the port refused, the database unreadable): the next would fail alike.
          failed = true;
          stop();
          return;
        }
        void event('worker-exit', { pid: worker.process.pid, code, signal });
        void fork();
      });
    });

  let done!: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const stop = () => {
    stopping = true;
    if (live.size === 0) done();
    for (const worker of live) worker.process.kill('SIGTERM');
  };
  const onStop = () => {
    void event('shutdown', { reason: 'signal', workers: live.size });
    stop();
  };
  const onHup = () => {
    for (const worker of live) worker.process.kill('SIGHUP');
  };
  process.on('SIGTERM', onStop);
  process.on('SIGINT', onStop);
  process.on('SIGHUP', onHup);
  try {
    if (await fork()) {
      await Promise.all(Array.from({ length: count - 1 }, fork));
      if (!stopping)
        void event('cluster', {
          workers: live.size,
          pids: [...live].map((w) => w.process.pid),
          ids: [...live].map((w) => w.id),
        });
    } else {
      failed = true;
      stop();
    }
    await finished;
  } finally {
    process.off('SIGTERM', onStop);
    process.off('SIGINT', onStop);
    process.off('SIGHUP', onHup);
  }
  if (failed) await write(io.stderr, 'pidgate serve: a worker could not start (see its message above)\n');
  return failed ? 2 : 0;
}
