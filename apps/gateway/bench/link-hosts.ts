// Local target servers for `npm run bench:links`: a few HTTP servers on 127.0.0.1 (distinct ports) serving
// many host NAMES (`h0000.bench.test` …), which an injected lookup resolves to 127.0.0.1, so the checker
// sees as many hosts as names (its per-host limits are per `host:port`) and nothing leaves the machine.
// Each server counts requests, and the requests in progress per Host header (the most at once), so the
// benchmark can show the per-host limit held.
import { createServer, type Server } from 'node:http';
import type { LookupFunction } from 'node:net';

export interface BenchHosts {
  /** `http://name:port` for each host name (one per name). */
  readonly origins: readonly string[];
  /** Requests answered, all servers. */
  asked(): number;
  /** The most requests in progress at once to one host name (`host:port`), over all names. */
  peakPerHost(): number;
  /** The names whose peak was above `limit`. */
  over(limit: number): string[];
  readonly lookup: LookupFunction;
  close(): Promise<void>;
}

export async function startBenchHosts(names: number, servers: number): Promise<BenchHosts> {
  const open = new Map<string, number>();
  const peak = new Map<string, number>();
  let asked = 0;
  const list: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < servers; i++) {
    const server = createServer((req, res) => {
      const host = req.headers.host ?? '';
      const now = (open.get(host) ?? 0) + 1;
      open.set(host, now);
      if (now > (peak.get(host) ?? 0)) peak.set(host, now);
      asked++;
      res.on('close', () => open.set(host, (open.get(host) ?? 1) - 1));
      res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
      res.end('fine');
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    list.push(server);
    ports.push((server.address() as { port: number }).port);
  }
  const hostNames = Array.from({ length: names }, (_, i) => `h${String(i).padStart(4, '0')}.bench.test`);
  const known = new Set(hostNames);
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (!known.has(hostname)) {
      process.nextTick(() => callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })));
    } else if (options?.all) process.nextTick(() => callback(null, [{ address: '127.0.0.1', family: 4 }]));
    else process.nextTick(() => callback(null, '127.0.0.1', 4));
  }) as LookupFunction;
  return {
    origins: hostNames.map((name, i) => `http://${name}:${ports[i % ports.length]}`),
    asked: () => asked,
    peakPerHost: () => Math.max(0, ...peak.values()),
    over: (limit) => [...peak].filter(([, n]) => n > limit).map(([h]) => h),
    lookup,
    close: async () => {
      for (const s of list) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    },
  };
}
