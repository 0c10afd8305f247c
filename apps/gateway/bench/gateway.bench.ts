// npm run bench:gateway — requests per second and p99 latency of the gateway (PWID resolution, ARK
// resolution through the NAAN table) beside a bare Hono handler answering a fixed 302, each server in
// its own child process, autocannon on loopback in this one.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION = Number(process.env['BENCH_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 64);
const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));

function spawnServer(mode: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(serverScript, [mode], {
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

async function measure(url: string): Promise<Figures> {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p99: r.latency.p99, non3xx: r.non2xx - (r['3xx'] ?? 0) };
}

const bare = await spawnServer('bare');
const gateway = await spawnServer('gateway');
try {
  const runs: [string, string][] = [
    ['bare Hono 302', `http://127.0.0.1:${bare.port}/ark:/12025/654xz321`],
    [
      'PWID resolution',
      `http://127.0.0.1:${gateway.port}/urn:pwid:archive.org:2016-01-22T11:20:29Z:page:http://www.dr.dk`,
    ],
    ['ARK via NAAN table', `http://127.0.0.1:${gateway.port}/ark:/12025/654xz321/s3/f8.05v.tiff`],
  ];
  const results: [string, Figures][] = [];
  for (const [name, url] of runs) results.push([name, await measure(url)]);
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
  const worst = Math.min(...results.slice(1).map(([, f]) => f.rps / base));
  console.log(`\nworst ratio to the bare handler: ${(worst * 100).toFixed(1)}% (target: at least 70%)`);
  if (results.some(([, f]) => f.non3xx > 0)) console.log('warning: some answers were not redirects');
} finally {
  bare.child.kill();
  gateway.child.kill();
}
