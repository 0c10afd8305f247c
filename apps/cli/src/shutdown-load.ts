import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Shutdown under load (issue 27): a real `pidgate serve` process (one, or a cluster with `--workers N`) on
 * 127.0.0.1, kept busy by keep-alive connections that each send batches of pipelined requests, and a few
 * fresh connections that each send one request a little before the signal. SIGTERM goes to the process;
 * from that moment nothing more is written. Every request written before it must be answered.
 * Used by shutdown-load.test.ts and by `npm run bench:shutdown`.
 */
export interface ShutdownLoadOptions {
  /** `--workers N`; 1 runs one process without a cluster. */
  readonly workers: number;
  /** Keep-alive connections sending pipelined batches. */
  readonly connections: number;
  /** Requests pipelined in one write on each connection. */
  readonly pipeline: number;
  /** Load before the signal, in milliseconds. */
  readonly loadMs: number;
  /** Fresh connections each sending one request `lateMs` before the signal. */
  readonly late: number;
  readonly lateMs: number;
  /** Run apps/cli/src through tsx (PIDGATE_SOURCE=1, the default) or the built apps/cli/dist. */
  readonly fromSource?: boolean;
}

export interface ShutdownLoadResult {
  readonly workers: number;
  /** Requests written before SIGTERM. */
  readonly sent: number;
  /** Of those, answered with a complete response. */
  readonly answered: number;
  /** The late requests (sent `lateMs` before SIGTERM) and how many were answered. */
  readonly late: number;
  readonly lateMs: number;
  readonly lateAnswered: number;
  /** Connections that ended in an error (a reset) rather than a FIN. */
  readonly resets: number;
  /** The server's exit status, and its time from the signal to its exit. */
  readonly exitCode: number | null;
  readonly exitMs: number;
  readonly statuses: Readonly<Record<string, number>>;
}

const PATHS = [
  '/healthz',
  '/api/v1/parse?id=ark:/12025/x',
  '/ark:/12025/x',
  '/urn:nbn:de:bvb:19-146642',
  '/doi:10.1000/1',
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Counts complete HTTP/1.1 responses on one connection (Content-Length or chunked bodies). */
class ResponseCounter {
  #buffer: Buffer = Buffer.alloc(0);
  count = 0;
  readonly statuses: number[] = [];

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const end = this.#buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.#buffer.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      let next: number;
      if (length) {
        next = end + 4 + Number(length[1]);
        if (this.#buffer.length < next) return;
      } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        const last = this.#buffer.indexOf('\r\n0\r\n\r\n', end + 4 - 2);
        if (last < 0) return;
        next = last + 7;
      } else next = end + 4;
      this.count++;
      this.statuses.push(status);
      this.#buffer = this.#buffer.subarray(next);
    }
  }
}

interface Connection {
  readonly socket: Socket;
  readonly counter: ResponseCounter;
  sent: number;
  readonly ended: Promise<'fin' | 'error'>;
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const counter = new ResponseCounter();
    socket.on('data', (d: Buffer) => counter.push(d));
    const ended = new Promise<'fin' | 'error'>((r) => {
      socket.once('error', () => r('error'));
      socket.once('close', () => r('fin'));
    });
    socket.once('connect', () => resolve({ socket, counter, sent: 0, ended }));
    socket.once('error', reject);
  });
}

function requests(n: number, from: number): string {
  let text = '';
  for (let i = 0; i < n; i++) text += `GET ${PATHS[(from + i) % PATHS.length]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  return text;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntilUp(child: ChildProcess, workers: number, output: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pidgate serve exited early:\n${output()}`);
    const ready = workers > 1 ? output().includes('"event":"cluster"') : output().includes('"event":"listening"');
    if (ready) return;
    await sleep(25);
  }
}

/** Run one measurement; `bin` is apps/cli/bin/pidgate.js (run from the sources with PIDGATE_SOURCE=1). */
export async function measureShutdown(options: ShutdownLoadOptions): Promise<ShutdownLoadResult> {
  const bin = fileURLToPath(new URL('../bin/pidgate.js', import.meta.url));
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pidgate-shutdown-'));
  const args = ['serve', '--port', String(port), '--host', '127.0.0.1'];
  if (options.workers > 1) args.push('--workers', String(options.workers));
  const child = spawn(process.execPath, [bin, ...args], {
    env: {
      ...process.env,
      PIDGATE_SOURCE: options.fromSource === false ? '0' : '1',
      PIDGATE_MAPTR_ENABLED: 'false',
      PIDGATE_DATA_DIR: dataDir,
      PIDGATE_SHUTDOWN_GRACE_MS: '120000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the events are kept (the request lines would fill memory under load).
  let events = '';
  let partial = '';
  const keep = (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (!line.includes('"method"')) events += `${line}\n`;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (d: Buffer) => {
    events += d.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    await waitUntilUp(child, options.workers, () => events);

    let signalled = false;
    const loaders = await Promise.all(Array.from({ length: options.connections }, () => open(port)));
    // Each loader writes a batch, waits for its answers, and writes the next, until the signal.
    const loops = loaders.map(async (c, i) => {
      while (!signalled) {
        c.socket.write(requests(options.pipeline, i + c.sent));
        c.sent += options.pipeline;
        while (c.counter.count < c.sent && !signalled && !c.socket.destroyed)
          await Promise.race([new Promise((r) => c.socket.once('data', r)), c.ended]);
        if (c.socket.destroyed) return;
      }
    });
    await sleep(options.loadMs);
    const late = await Promise.all(Array.from({ length: options.late }, () => open(port)));
    for (const [i, c] of late.entries()) {
      c.socket.write(requests(1, i));
      c.sent = 1;
    }
    await sleep(options.lateMs);
    signalled = true;
    const signalAt = performance.now();
    child.kill('SIGTERM');
    const exitCode = await exited;
    const exitMs = performance.now() - signalAt;
    await Promise.all(loops);
    const all = [...loaders, ...late];
    // The server has exited: every connection is closed (by a FIN, or reset).
    const ends = await Promise.all(all.map((c) => c.ended));
    const statuses: Record<string, number> = {};
    for (const c of all) for (const s of c.counter.statuses) statuses[s] = (statuses[s] ?? 0) + 1;
    return {
      workers: options.workers,
      sent: all.reduce((n, c) => n + c.sent, 0),
      answered: all.reduce((n, c) => n + Math.min(c.counter.count, c.sent), 0),
      late: late.length,
      lateMs: options.lateMs,
      lateAnswered: late.reduce((n, c) => n + Math.min(c.counter.count, 1), 0),
      resets: ends.filter((e) => e === 'error').length,
      exitCode,
      exitMs,
      statuses,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One line of the report: `requests sent before SIGTERM / answered`. */
export function formatShutdownLoad(r: ShutdownLoadResult): string {
  const mode = r.workers > 1 ? `--workers ${r.workers}` : 'single process';
  return `${mode}: requests sent before SIGTERM / answered: ${r.sent} / ${r.answered} (sent ${r.lateMs} ms before: ${r.late} / ${r.lateAnswered}; connections reset: ${r.resets}; statuses ${JSON.stringify(r.statuses)}; exit ${r.exitCode} after ${r.exitMs.toFixed(0)} ms)`;
}
