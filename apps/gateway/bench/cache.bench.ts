// npm run bench:cache -w @pidgate/gateway — resolution of bound ARKs through the binding cache, in one run:
// the cache off (every resolution reads the database), cold (each key's first resolution: a miss that fills
// the cache) and warm (the same keys again: hits); BENCH_ROUNDS rounds (default 3), medians printed. In-process (`app.request`, no socket), BENCH_CONCURRENCY
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
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
const url = process.env['DATABASE_URL'] || process.env['PIDGATE_TEST_DATABASE_URL'] || '';
const schema = `pidgate_bench_cache_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-cache-'));

async function open(): Promise<Store> {
  return url ? openStore({ url, schema }) : openStore({ dataDir: dir });
}

/** The measured keys, and as many others resolved first in every case (the JIT and the database warmed alike). */
const paths = Array.from({ length: KEYS }, (_, i) => `/ark:/12345/b${i.toString(36)}`);
const warmup = Array.from({ length: KEYS }, (_, i) => `/ark:/12345/w${i.toString(36)}`);

async function pass(app: ReturnType<typeof createApp>, list = paths): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < list.length) {
        const path = list[next++] as string;
        const res = await app.request(path);
        if (res.status !== 302) throw new Error(`${path}: ${res.status}`);
      }
    }),
  );
  return list.length / ((performance.now() - start) / 1000);
}

const seed = await open();
await seed.addNaan('12345', 'bench');
const imported = await seed.importBindings(
  [...paths, ...warmup].map((p) => ({ key: p.slice(1), target: `https://example.org/${p.slice(12)}` })),
  { batchSize: 5000 },
);
if (!imported.ok || imported.value.failed > 0) throw new Error('import failed');

const config = (enabled: boolean) =>
  loadConfig({}, null, { log: 'off', maptr: { enabled: false }, cache: { enabled, maxEntries: KEYS * 8 } });
const NAMES = [
  'cache off (the database every time)',
  'cache cold (first resolution of each key)',
  'cache warm (the same keys again)',
] as const;
const rates: number[][] = [[], [], []];
// Rounds alternate the cases (a fresh gateway each time, so every cold pass is cold): the machine's load
// drifts alike over all of them; the medians are printed.
for (let round = 0; round < ROUNDS; round++) {
  for (const enabled of [false, true]) {
    const store = await open();
    const deps = await createDeps(config(enabled), { registry, store });
    const app = createApp(deps);
    const feed = store.changes?.();
    for (let i = 0; i < 500 && enabled && !feed?.live; i++) await new Promise((r) => setTimeout(r, 10));
    await pass(app, warmup);
    if (enabled) {
      rates[1]?.push(await pass(app));
      rates[2]?.push(await pass(app));
      if (round === 0) console.log(`cache: ${JSON.stringify(deps.cache?.stats())}`);
    } else rates[0]?.push(await pass(app));
    await deps.close();
    await store.close();
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows: [string, number][] = NAMES.map((name, i) => [name, median(rates[i] ?? [])]);
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
  `${url ? 'PostgreSQL' : 'SQLite'}, ${KEYS} bound ARKs, ${CONCURRENCY} at a time, median of ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(2)}`,
);
for (const [name, rate] of rows) {
  console.log(
    `${name.padEnd(44)} ${Math.round(rate).toString().padStart(8)} resolutions/s  ${(rate / off).toFixed(2)}× off`,
  );
}
