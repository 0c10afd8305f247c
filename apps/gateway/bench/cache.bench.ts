// npm run bench:cache -w @pidgate/gateway — resolution of bound ARKs through the binding cache, in one run:
// the cache off (every resolution reads the database), cold (each key's first resolution: a miss that fills
// the cache) and warm (the same keys again: hits). In-process (`app.request`, no socket), BENCH_CONCURRENCY
// resolutions at a time over BENCH_KEYS bound keys, on PostgreSQL when DATABASE_URL (or
// PIDGATE_TEST_DATABASE_URL) is set (a schema of its own, dropped at the end), else a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { registry } from '@pidgate/schemes';
import { openStore, type Store } from '@pidgate/store';
import pg from 'pg';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { createDeps } from '../src/deps.ts';

const KEYS = Number(process.env['BENCH_KEYS'] ?? 20_000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
const url = process.env['DATABASE_URL'] || process.env['PIDGATE_TEST_DATABASE_URL'] || '';
const schema = `pidgate_bench_cache_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-cache-'));

async function open(): Promise<Store> {
  return url ? openStore({ url, schema }) : openStore({ dataDir: dir });
}

const paths = Array.from({ length: KEYS }, (_, i) => `/ark:/12345/b${i.toString(36)}`);

async function pass(app: ReturnType<typeof createApp>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const path = paths[next++] as string;
        const res = await app.request(path);
        if (res.status !== 302) throw new Error(`${path}: ${res.status}`);
      }
    }),
  );
  return paths.length / ((performance.now() - start) / 1000);
}

const seed = await open();
await seed.addNaan('12345', 'bench');
const imported = await seed.importBindings(
  paths.map((p) => ({ key: p.slice(1), target: `https://example.org/${p.slice(12)}` })),
  { batchSize: 5000 },
);
if (!imported.ok || imported.value.failed > 0) throw new Error('import failed');

const config = (enabled: boolean) =>
  loadConfig({}, null, { log: 'off', maptr: { enabled: false }, cache: { enabled, maxEntries: KEYS * 4 } });
const rows: [string, number][] = [];
for (const enabled of [false, true]) {
  const store = await open();
  const deps = await createDeps(config(enabled), { registry, store });
  const app = createApp(deps);
  if (enabled) {
    const feed = store.changes?.();
    for (let i = 0; i < 500 && !feed?.live; i++) await new Promise((r) => setTimeout(r, 10));
    rows.push(['cache cold (first resolution of each key)', await pass(app)]);
    rows.push(['cache warm (the same keys again)', await pass(app)]);
    const stats = deps.cache?.stats();
    console.log(`cache: ${JSON.stringify(stats)}`);
  } else {
    await pass(app); // warm the database's own buffers and the JIT, like the cached run's cold pass
    rows.push(['cache off (the database every time)', await pass(app)]);
  }
  await deps.close();
  await store.close();
}
await seed.close();
if (url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
rmSync(dir, { recursive: true, force: true });

const off = rows[0]?.[1] ?? 1;
console.log(
  `${url ? 'PostgreSQL' : 'SQLite'}, ${KEYS} bound ARKs, ${CONCURRENCY} at a time, load average ${loadavg()[0]?.toFixed(2)}`,
);
for (const [name, rate] of rows) {
  console.log(
    `${name.padEnd(44)} ${Math.round(rate).toString().padStart(8)} resolutions/s  ${(rate / off).toFixed(2)}× off`,
  );
}
