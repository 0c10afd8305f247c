// npm run bench:links -w @pidgate/gateway — one pass of the link checker over BENCH_TARGETS targets (100,000 by
// default) spread over BENCH_HOSTS host names (1,000), which an injected lookup resolves to BENCH_SERVERS local
// HTTP servers on 127.0.0.1 (8, distinct ports; every target answering 200 to HEAD; bench/link-hosts.ts), on
// SQLite and, when PIDGATE_TEST_DATABASE_URL is set, on PostgreSQL. Politeness as configured but for the delay
// (perHost 2, minDelayMs BENCH_MIN_DELAY_MS or 0), concurrency BENCH_CONCURRENCY (64). BENCH_BATCH: the
// checker's batchSize, or a comma list to run SQLite once with each (`0,100`: one transaction per check, then
// batches of 100; PostgreSQL runs the last). Prints checks per second, the peak resident memory sampled every
// 100 ms (at 10%, 50% and 100% of the checks, to show it flat), the most requests one host name had at once
// (must not pass perHost), and checks that every target was asked exactly once.
// Resolution statistics (issue 25's "statistics on vs off") are measured by the line at the end, when built.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { ConfigSchema } from '../src/config/index.ts';
import { LinkChecker } from '../src/links/index.ts';
import { type BenchHosts, startBenchHosts } from './link-hosts.ts';

const TARGETS = Number(process.env['BENCH_TARGETS'] ?? 100_000);
const HOSTS = Number(process.env['BENCH_HOSTS'] ?? 1000);
const SERVERS = Number(process.env['BENCH_SERVERS'] ?? 8);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 64);
const MIN_DELAY_MS = Number(process.env['BENCH_MIN_DELAY_MS'] ?? 0);
const BATCHES = (process.env['BENCH_BATCH'] ?? '100').split(',').map(Number);
const PER_HOST = 2;
const PG_URL = process.env['PIDGATE_TEST_DATABASE_URL'];
const mib = (bytes: number) => Math.round(bytes / 1048576);

async function run(name: string, store: Store, hosts: BenchHosts, batchSize: number) {
  const at = new Date().toISOString();
  // Each run its own targets (a run after another on the same servers asks new URLs).
  const tag = `${name}-${batchSize}`;
  for (let from = 0; from < TARGETS; from += 10_000) {
    const items = Array.from({ length: Math.min(10_000, TARGETS - from) }, (_, j) => ({
      key: `ark:/99999/lb${from + j}`,
      target: `${hosts.origins[(from + j) % hosts.origins.length]}/ok?${tag}-${from + j}`,
      createdAt: at,
      updatedAt: at,
    }));
    const imported = await store.importBindings(items);
    if (!imported.ok) throw new Error(imported.error.message);
  }
  const settings = ConfigSchema.parse({
    links: {
      minDelayMs: MIN_DELAY_MS,
      concurrency: CONCURRENCY,
      perHost: PER_HOST,
      batchSize,
      allowPrivateAddresses: true,
    },
  }).links;
  const checker = new LinkChecker({ store, settings, baseUrl: 'https://bench.test/', lookup: hosts.lookup });
  const before = hosts.asked();
  let peak = process.memoryUsage().rss;
  const marks: Record<string, number> = {};
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const done = (hosts.asked() - before) / TARGETS;
    for (const m of [10, 50]) if (done * 100 >= m && marks[`${m}%`] === undefined) marks[`${m}%`] = mib(peak);
  }, 100);
  const start = performance.now();
  const report = await checker.pass();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  marks['100%'] = mib(peak);
  const asked = hosts.asked() - before;
  console.log(
    JSON.stringify({
      backend: name,
      batchSize,
      targets: TARGETS,
      hosts: HOSTS,
      servers: SERVERS,
      checked: report.checked,
      asked,
      seconds: Number(seconds.toFixed(1)),
      checksPerSecond: Math.round(report.checked / seconds),
      peakRssMiB: marks,
      peakPerHost: hosts.peakPerHost(),
      load: loadavg().map((l) => l.toFixed(1)),
    }),
  );
  if (report.checked !== TARGETS || asked !== TARGETS) throw new Error('not every target was asked exactly once');
  const over = hosts.over(PER_HOST);
  if (over.length > 0) throw new Error(`more than ${PER_HOST} requests at once to ${over.slice(0, 5).join(', ')}`);
}

const servers = [await startBenchHosts(HOSTS, SERVERS)];
const dir = mkdtempSync(join(tmpdir(), 'pidgate-links-bench-'));
try {
  for (const batch of BATCHES) {
    const sub = join(dir, `sqlite-${batch}`);
    const sqlite = await openStore({ dataDir: sub });
    await run('sqlite', sqlite, servers[0] as BenchHosts, batch);
    await sqlite.close();
  }
  if (PG_URL) {
    const pg = await openStore({ url: PG_URL, schema: `pidgate_links_bench_${process.pid}` });
    await run('postgres', pg, servers[0] as BenchHosts, BATCHES[BATCHES.length - 1] ?? 100);
    await pg.close();
  }
} finally {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
}
await (await import('./stats-overhead.ts')).statsOverhead(); // usage statistics on vs off (issue 25)
