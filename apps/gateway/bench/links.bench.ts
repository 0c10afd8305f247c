// npm run bench:links -w @pidgate/gateway — one pass of the link checker over BENCH_TARGETS targets (100,000 by
// default) spread over BENCH_HOSTS local hosts (1,000: HTTP servers on 127.0.0.1, one port each, every target
// answering 200 to HEAD), on SQLite and, when PIDGATE_TEST_DATABASE_URL is set, on PostgreSQL. Politeness as
// configured but for the delay (perHost 2, minDelayMs 0), concurrency BENCH_CONCURRENCY (64). Prints checks
// per second and the peak resident memory sampled every 100 ms, and checks that every target was asked once.
// Resolution statistics (issue 25's "statistics on vs off") are not built yet: not measured here.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '@pidgate/store';
import { ConfigSchema } from '../src/config/index.ts';
import { LinkChecker } from '../src/links/index.ts';
import { startTargetServer, type TargetServer } from '../src/testing/link-servers.ts';

const TARGETS = Number(process.env['BENCH_TARGETS'] ?? 100_000);
const HOSTS = Number(process.env['BENCH_HOSTS'] ?? 1000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 64);
const PG_URL = process.env['PIDGATE_TEST_DATABASE_URL'];

async function run(name: string, store: Store, servers: TargetServer[]) {
  const at = new Date().toISOString();
  const items = Array.from({ length: TARGETS }, (_, i) => ({
    key: `ark:/99999/lb${i}`,
    target: `${servers[i % servers.length]?.origin}/ok?${i}`,
    createdAt: at,
    updatedAt: at,
  }));
  const imported = await store.importBindings(items);
  if (!imported.ok) throw new Error(imported.error.message);
  const settings = ConfigSchema.parse({
    links: { minDelayMs: 0, concurrency: CONCURRENCY, allowPrivateAddresses: true },
  }).links;
  const checker = new LinkChecker({ store, settings, baseUrl: 'https://bench.test/' });
  const before = servers.reduce((n, s) => n + s.hitsOf('/ok'), 0);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const start = performance.now();
  const report = await checker.pass();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const asked = servers.reduce((n, s) => n + s.hitsOf('/ok'), 0) - before;
  console.log(
    JSON.stringify({
      backend: name,
      targets: TARGETS,
      hosts: HOSTS,
      checked: report.checked,
      asked,
      seconds: Number(seconds.toFixed(1)),
      checksPerSecond: Math.round(report.checked / seconds),
      peakRssMiB: Math.round(peak / 1048576),
      load: loadavg()[0]?.toFixed(1),
    }),
  );
  if (report.checked !== TARGETS || asked !== TARGETS) throw new Error('not every target was asked exactly once');
}

const servers: TargetServer[] = [];
for (let i = 0; i < HOSTS; i++) servers.push(await startTargetServer());
const dir = mkdtempSync(join(tmpdir(), 'pidgate-links-bench-'));
try {
  const sqlite = await openStore({ dataDir: dir });
  await run('sqlite', sqlite, servers);
  await sqlite.close();
  if (PG_URL) {
    const pg = await openStore({ url: PG_URL, schema: `pidgate_links_bench_${process.pid}` });
    await run('postgres', pg, servers);
    await pg.close();
  }
} finally {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
}
await (await import('./stats-overhead.ts')).statsOverhead(); // usage statistics on vs off (issue 25)
