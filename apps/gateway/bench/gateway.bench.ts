// npm run bench:gateway — requests per second and p99 latency of the gateway (PWID resolution, ARK
// resolution through the NAAN table) beside a bare Hono handler answering a fixed 302, each server in
// its own child process, autocannon on loopback in this one.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@pidgate/schemes';
import { openStore } from '@pidgate/store';
import autocannon from 'autocannon';
import { importLines } from '../src/importer.ts';

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const BINDINGS = Number(process.env['BENCH_BINDINGS'] ?? 1_000_000);
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

function spawnServer(mode: string, ...args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, [mode, ...args], {
      execArgv: ['--conditions=@pidgate/source', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

interface Figures {
  readonly rps: number;
  readonly p99: number;
  readonly non3xx: number;
}

async function measure(url: string, paths?: string[]): Promise<Figures> {
  // A short warm-up (JIT, caches), then the measured run. `paths` are requested in turn.
  const requests = paths?.map((path) => ({ path }));
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...(requests ? { requests } : {}) });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...(requests ? { requests } : {}) });
  // A request counts as answered right only with a redirect (2xx, 4xx and 5xx are all wrong here).
  return { rps: r.requests.average, p99: r.latency.p99, non3xx: r.non2xx - (r['3xx'] ?? 0) + (r['2xx'] ?? 0) };
}

const boundId = (i: number) => `ark:/99999/fk4b${i.toString(36)}`;

/** Fill a SQLite file with BINDINGS bindings through `importLines`, the path `pidgate import` takes. */
async function fill(dir: string): Promise<{ seconds: number; ok: number }> {
  const store = await openStore({ dataDir: dir });
  const started = performance.now();
  async function* lines() {
    for (let i = 0; i < BINDINGS; i += 2000) {
      const batch: string[] = [];
      for (let k = i; k < Math.min(i + 2000, BINDINGS); k++) {
        batch.push(
          JSON.stringify({
            identifier: boundId(k),
            target: `https://repository.example.org/objects/${k}`,
            erc: { who: 'Example Library', what: `Object ${k}`, when: '2024' },
          }),
        );
      }
      yield batch;
    }
  }
  const totals = await importLines(lines(), {
    store,
    registry,
    profile: 'source',
    scopes: null,
    actor: 'bench',
    emit: () => undefined,
  });
  const seconds = (performance.now() - started) / 1000;
  await store.close();
  return { seconds, ok: totals.ok };
}

function rssOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { rss: number }).rss));
    child.send('rss');
  });
}

const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-'));
const filled = await fill(dir);
console.log(
  `import: ${filled.ok} of ${BINDINGS} bindings into SQLite in ${filled.seconds.toFixed(1)}s (${Math.round(filled.ok / filled.seconds)}/s; importLines, as pidgate import; target: 1,000,000 in 60s or less)`,
);
const bare = await spawnServer('bare');
const gateway = await spawnServer('gateway');
const bound = await spawnServer('bound', dir);
try {
  const runs: [string, string, string[]?][] = [
    ['bare Hono 302', `http://127.0.0.1:${bare.port}/ark:/12025/654xz321`],
    [
      'PWID resolution',
      `http://127.0.0.1:${gateway.port}/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk`,
    ],
    ['ARK via NAAN table', `http://127.0.0.1:${gateway.port}/ark:/12025/654xz321/s3/f8.05v.tiff`],
  ];
  // Bound ARKs spread over the whole table (random order, fixed seed), and through suffix passthrough.
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % BINDINGS;
  };
  const picks = Array.from({ length: 2000 }, () => `/${boundId(random())}`);
  // The same client load against the bare handler (autocannon cycling through paths costs the client too).
  runs.push(['bare 302, same paths', `http://127.0.0.1:${bare.port}`, picks]);
  runs.push(['ARK bound (1M table)', `http://127.0.0.1:${bound.port}`, picks]);
  runs.push(['ARK bound + suffix', `http://127.0.0.1:${bound.port}`, picks.map((p) => `${p}/s3/page.pdf`)]);
  const results: [string, Figures][] = [];
  for (const [name, url, paths] of runs) results.push([name, await measure(url, paths)]);
  const base = (results[0] as [string, Figures])[1].rps;
  console.log(`\n${CONNECTIONS} connections, ${DURATION}s each, loopback\n`);
  console.log(
    `${'case'.padEnd(22)}${'req/s'.padStart(10)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}${'non-3xx'.padStart(9)}`,
  );
  for (const [name, f] of results) {
    const ratio = f.rps / base;
    console.log(
      `${name.padEnd(22)}${f.rps.toFixed(0).padStart(10)}${f.p99.toFixed(1).padStart(9)}${`${(ratio * 100).toFixed(0)}%`.padStart(8)}${String(f.non3xx).padStart(9)}`,
    );
  }
  const worst = Math.min(...results.slice(1, 3).map(([, f]) => f.rps / base));
  console.log(
    `\nworst ratio to the bare handler (PWID, NAAN table): ${(worst * 100).toFixed(1)}% (target: at least 70%)`,
  );
  const boundRatio = (results[4] as [string, Figures])[1].rps / (results[3] as [string, Figures])[1].rps;
  console.log(
    `bound ARKs (${BINDINGS} bindings): ${(boundRatio * 100).toFixed(1)}% of the bare handler under the same paths (target: at least 60%)`,
  );
  const rss = await rssOf(bound.child);
  console.log(`gateway RSS with ${BINDINGS} bindings: ${(rss / 2 ** 20).toFixed(0)} MB (target: 300 MB or less)`);
  if (results.some(([, f]) => f.non3xx > 0)) console.log('warning: some answers were not redirects');
} finally {
  bare.child.kill();
  gateway.child.kill();
  bound.child.kill();
  await new Promise((r) => setTimeout(r, 200));
  rmSync(dir, { recursive: true, force: true });
}
