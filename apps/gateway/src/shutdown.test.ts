import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from './server.ts';
import { testConfig } from './testing/helpers.ts';

// Issue 17: on SIGTERM (close()) idle keep-alive connections are closed at once, with a FIN (never a reset),
// and in-flight requests get their response before their connection closes. Issue 27 (drain.test.ts, and
// apps/cli/src/shutdown-load.test.ts with real processes): requests in the socket buffer and pipelined ones too.
// Real sockets, under load. The grace is 10 minutes: a server that waited for it instead of closing at once
// would not close within the 60 s these tests allow (a bound far above the milliseconds closing takes).
const GRACE_MS = 600_000;
const CLOSES_WITHIN_MS = 60_000;

interface Outcome {
  status: number;
  connection: string | undefined;
  error: string | null;
}

function get(agent: Agent, port: number, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, error: null }));
      res.on('error', (e: NodeJS.ErrnoException) =>
        resolve({ status: -1, connection: undefined, error: e.code ?? e.message }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ status: -1, connection: undefined, error: e.code ?? e.message }),
    );
    req.end();
  });
}

describe('shutdown', () => {
  it(
    'closes idle keep-alive connections at once with a FIN, not a reset',
    async () => {
      const running = await startServer({
        config: testConfig({ port: 0, host: '127.0.0.1', shutdownGraceMs: GRACE_MS }),
      });
      const sockets = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const s = connect(running.port, '127.0.0.1');
          await new Promise((r) => s.once('connect', r));
          s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
          await new Promise((r) => s.once('data', r)); // the response: now the connection is idle
          return s;
        }),
      );
      const events = sockets.map(
        (s) =>
          new Promise<string>((resolve) => {
            s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
            s.once('end', () => resolve('fin'));
          }),
      );
      const started = performance.now();
      await running.close();
      const outcomes = await Promise.all(events);
      const ms = performance.now() - started;
      expect(outcomes).toEqual(sockets.map(() => 'fin'));
      expect(ms).toBeLessThan(CLOSES_WITHIN_MS);
      for (const s of sockets) s.destroy();
    },
    2 * CLOSES_WITHIN_MS,
  );

  it(
    'under load: every request sent before close() gets a full response; none is reset',
    async () => {
      const running = await startServer({
        config: testConfig({ port: 0, host: '127.0.0.1', shutdownGraceMs: GRACE_MS }),
      });
      const agent = new Agent({ keepAlive: true, maxSockets: 32 });
      const outcomes: Outcome[] = [];
      let sending = true;
      const done = new Array<number>(32).fill(0);
      const workers = Array.from({ length: 32 }, async (_, w) => {
        for (let i = 0; sending; i++, done[w] = (done[w] ?? 0) + 1) {
          const path =
            i % 3 === 0 ? '/api/v1/parse?id=ark:/12025/x' : i % 3 === 1 ? '/healthz' : `/ark:/12025/w${w}i${i}`;
          outcomes.push(await get(agent, running.port, path));
        }
      });
      // Every worker's keep-alive connection is open (accepted) and has answered twice: the load is steady.
      // (A connection still in the kernel's accept queue when the port closes is refused by the system.)
      while (done.some((n) => n < 2)) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 100));
      const started = performance.now();
      const closed = running.close();
      sending = false;
      await Promise.all(workers);
      await closed;
      const ms = performance.now() - started;
      agent.destroy();
      const statuses = new Map<string, number>();
      for (const o of outcomes) {
        const key = o.error ?? String(o.status);
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      }
      console.log(
        `shutdown under load: ${outcomes.length} requests, ${JSON.stringify(Object.fromEntries(statuses))}, closed in ${ms.toFixed(0)} ms`,
      );
      // Requests written after close() may find the port shut (ECONNREFUSED) but never a reset connection.
      const errors = outcomes.filter((o) => o.error !== null && o.error !== 'ECONNREFUSED');
      expect(errors).toEqual([]);
      expect(outcomes.filter((o) => o.error === null).length).toBeGreaterThan(100);
      // (`Connection: close` goes only on a response known to be its connection's last, so it is not counted:
      // under this load most in-flight responses are written before shutdown knows that.)
      expect(ms).toBeLessThan(CLOSES_WITHIN_MS);
    },
    2 * CLOSES_WITHIN_MS,
  );
});
