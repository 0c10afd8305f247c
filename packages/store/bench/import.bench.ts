/**
 * Bulk import into a temporary SQLite file, then random lookups.
 *   npm run bench -w @pidgate/store            (1,000,000 bindings, batches of 50,000)
 *   BENCH_COUNT=100000 BENCH_BATCH=1000 npm run bench -w @pidgate/store
 * Target: one million bindings in 60 s or less.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, SQLITE_FILENAME } from '../src/index.ts';
import type { ImportItem } from '../src/store.ts';

const COUNT = Number(process.env['BENCH_COUNT'] ?? 1_000_000);
const BATCH = Number(process.env['BENCH_BATCH'] ?? 50_000);
const LOOKUPS = Number(process.env['BENCH_LOOKUPS'] ?? 200_000);
const DIGITS = '0123456789bcdfghjkmnpqrstvwxz';

/** The i-th key in a scrambled order, so inserts hit the B-tree at random places, as real imports do. */
function key(i: number): string {
  let n = (i * 2_654_435_761) % 4_294_967_291;
  let s = '';
  do {
    s += DIGITS[n % 29];
    n = Math.floor(n / 29);
  } while (n > 0);
  return `ark:/99999/x6${s}${i.toString(36)}`;
}

function* items(): Generator<ImportItem> {
  for (let i = 0; i < COUNT; i++) {
    yield {
      key: key(i),
      target: `https://repository.example.org/objects/${i}`,
      status: 302,
      erc: { who: 'Example Library', what: `Object ${i}`, when: '2024', where: `https://repository.example.org/${i}` },
    };
  }
}

const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-'));
try {
  const store = await openStore({ dataDir: dir });
  let failed = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await store.importBindings(items(), {
    batchSize: BATCH,
    actor: 'bench',
    onResult: (r) => {
      if (!r.ok) failed++;
    },
  });
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (!summary.ok) throw new Error(summary.error.message);
  const size = statSync(join(dir, SQLITE_FILENAME)).size;
  console.log(
    `import: ${COUNT.toLocaleString('en')} bindings in ${elapsed.toFixed(1)} s = ` +
      `${Math.round(COUNT / elapsed).toLocaleString('en')} bindings/s (batch ${BATCH}, failed ${failed}, ` +
      `created ${summary.value.created}, file ${(size / 2 ** 20).toFixed(0)} MiB, CPU ${cpuSeconds.toFixed(1)} s)`,
  );

  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const t1 = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const r = await store.getBinding(key(Math.floor(random() * COUNT)));
    if (!r.ok) throw new Error(`lookup failed: ${r.error.code}`);
  }
  const lookupSeconds = (performance.now() - t1) / 1000;
  console.log(
    `lookup: ${LOOKUPS.toLocaleString('en')} random bound keys in ${lookupSeconds.toFixed(2)} s = ` +
      `${Math.round(LOOKUPS / lookupSeconds).toLocaleString('en')} lookups/s`,
  );
  const t2 = performance.now();
  for (let i = 0; i < LOOKUPS / 10; i++) {
    const k = key(Math.floor(random() * COUNT));
    const r = await store.longestBound([`${k}/a/b.c`, `${k}/a/b`, `${k}/a`, k]);
    if (!r.ok) throw new Error(`longestBound failed: ${r.error.code}`);
  }
  const lbSeconds = (performance.now() - t2) / 1000;
  console.log(`longestBound (4 candidates): ${Math.round(LOOKUPS / 10 / lbSeconds).toLocaleString('en')} lookups/s`);
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
