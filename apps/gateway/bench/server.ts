// One server for the benchmark, in its own process: `gateway` (the real app, logging on, to /dev/null;
// `hono`: the same without the fast path, every request through the Hono app),
// `bound` (the real app over a SQLite file of bindings), `bare` (a bare Hono handler answering a fixed 302) or
// `node` (node:http answering a fixed 302, no framework). Sends its port to the parent over IPC.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { arkScheme } from '@pidgate/ark';
import { createRegistry } from '@pidgate/core';
import { pdiScheme } from '@pidgate/pdi';
import { pwidScheme } from '@pidgate/pwid';
import { urnScheme } from '@pidgate/urn';
import { Hono } from 'hono';
import { createDeps, loadConfig, startServer } from '../src/index.ts';

const mode = process.argv[2];
let port: number;
let running: Awaited<ReturnType<typeof startServer>> | undefined;
/** How long building the services took (loading the NAAN table, mostly). */
let depsMs = 0;
if (mode === 'node') {
  // The floor of any Node server: node:http answering a fixed 302, no framework (the nginx comparison).
  const server = createServer((_req, res) => {
    res.writeHead(302, { location: 'https://repository.example.org/objects/123456' });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
} else if (mode === 'bare') {
  const app = new Hono();
  app.get('*', (c) => c.redirect('http://www.nlm.nih.gov/ark:/12025/654xz321', 302));
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
} else if (mode === 'bound') {
  // The gateway over the SQLite file the parent filled (argv[3] is its data directory); argv[4] `stats-off`
  // turns usage statistics off, a number sets their flush interval in seconds (stats-overhead.ts).
  const statsArg = process.argv[4];
  const config = loadConfig({ PIDGATE_DATA_DIR: process.argv[3] }, null, {
    port: 0,
    host: '127.0.0.1',
    maptr: { enabled: false },
    ...(statsArg === 'stats-off'
      ? { stats: { enabled: false } }
      : statsArg
        ? { stats: { enabled: true, flushSeconds: Number(statsArg) } }
        : {}),
  });
  const registry = createRegistry([arkScheme, pwidScheme, pdiScheme, urnScheme]);
  running = await startServer({ config, deps: await createDeps(config, { registry }) });
  port = running.port;
} else {
  const config = loadConfig({}, null, {
    port: 0,
    host: '127.0.0.1',
    maptr: { enabled: false },
    store: { enabled: false },
  });
  const registry = createRegistry([arkScheme, pwidScheme, pdiScheme, urnScheme]);
  const before = performance.now();
  const deps = await createDeps(config, { registry });
  depsMs = performance.now() - before;
  // `hono`: the same gateway with every request through the Hono app (no fast path in front of it).
  running = await startServer({ config, deps, fastPath: mode !== 'hono' });
  port = running.port;
}
// Start-up: from the process start to listening (module loading, the NAAN table, the store), and the
// NAAN table's size, so the benchmark can print what loading the full registry costs.
const startupMs = performance.now();
const naans = running?.deps.naan.size ?? 0;
process.send?.({ port, startupMs, naans, depsMs });
// The parent asks for the resident set size after the runs.
process.on('message', (m) => {
  if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  // stats-overhead.ts: the CPU time this process has used (microseconds, user + system).
  if (m === 'cpu') {
    const u = process.cpuUsage();
    process.send?.({ cpu: u.user + u.system });
  }
});
