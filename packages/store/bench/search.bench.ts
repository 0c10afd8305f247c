/**
 * The Manage search at scale: generates bindings with realistic metadata (ERC who/what/when, Dublin Core
 * or DataCite elements, 50 owners, three statuses, ten years of dates), loads them straight into the migrated
 * tables of SQLite and PostgreSQL (not the bulk import: BENCH_LOAD=import for that), then runs a mix of Manage searches and prints the median and p95 of
 * each kind per backend. Each search is one `searchBindings` call: the page of 50 and the capped count.
 *   npm run bench:search                         (1,000,000 bindings; heavy: minutes, ~1.5 GB of disk)
 *   BENCH_COUNT=20000 npm run bench:search       (the small mode)
 *   BENCH_BACKENDS=sqlite npm run bench:search   (one backend)
 * PostgreSQL: PIDGATE_BENCH_DATABASE_URL, else PIDGATE_TEST_DATABASE_URL (a schema of its own, dropped after).
 * Target: every kind under 200 ms at 1,000,000 bindings.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStore, SQLITE_FILENAME } from '../src/index.ts';
import { SQLITE_SEARCH_COVERING_MIGRATION, SQLITE_SEARCH_MIGRATION } from '../src/search-sqlite.ts';
import type { ImportItem, Store } from '../src/store.ts';
import { items, KINDS } from './search-corpus.ts';

const COUNT = Number(process.env['BENCH_COUNT'] ?? 1_000_000);
const RUNS = Math.max(1, Number(process.env['BENCH_RUNS'] ?? 15));
const BACKENDS = (process.env['BENCH_BACKENDS'] ?? 'sqlite,postgres').split(',');
/** Search an existing database instead of loading one (a directory kept by BENCH_KEEP; a schema name). */
const REUSE_DIR = process.env['BENCH_SQLITE_DIR'];
const REUSE_SCHEMA = process.env['BENCH_PG_SCHEMA'];
/** Keep the database afterwards (its place is printed), to look at query plans. */
const KEEP = process.env['BENCH_KEEP'] === '1';
/** Load straight into the tables (the default); BENCH_LOAD=import goes through importBindings instead (slow). */
const DIRECT = process.env['BENCH_LOAD'] !== 'import';
const PG_URL = process.env['PIDGATE_BENCH_DATABASE_URL'] ?? process.env['PIDGATE_TEST_DATABASE_URL'];

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(name: string, store: Store, reuse: boolean, afterLoad?: () => Promise<void>): Promise<void> {
  if (!reuse) await load(name, store, afterLoad);
  if (process.env['BENCH_SEARCH'] !== '0') await searches(name, store); // BENCH_SEARCH=0: load (and keep) only
}

/** The row a binding is stored as (both dialects take the same values; SQLite's JSON as text). */
function rowOf(b: ImportItem): unknown[] {
  return [
    b.key,
    b.target,
    302,
    JSON.stringify(b.erc),
    null,
    b.createdAt,
    b.updatedAt,
    1,
    b.identifierStatus,
    b.identifierStatus === 'unavailable' ? 'withdrawn by the depositor' : null,
    b.owner,
    JSON.stringify(b.metadata),
  ];
}
const ROW_COLUMNS =
  'key, target, status, erc, support, created_at, updated_at, version, identifier_status, status_reason, owner, metadata';

/**
 * SQLite, not by the import path (which writes history and checks every row: 359 rows/s at 1,000,000): the
 * rows go straight into the migrated schema in large transactions of one prepared statement, with the
 * search triggers dropped, then migration 7's SQL runs again, which rebuilds the full-text index from the
 * rows set-based and puts the triggers back (as it does for the bindings a database already has), and
 * migration 11's, which merges that index into one segment.
 */
async function loadSqliteDirect(dir: string): Promise<void> {
  const t0 = performance.now();
  const db = new Database(join(dir, SQLITE_FILENAME));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  for (const t of ['insert', 'update', 'delete']) db.exec(`DROP TRIGGER IF EXISTS bindings_search_${t}`);
  const insert = db.prepare(
    `INSERT INTO bindings (${ROW_COLUMNS}) VALUES (${ROW_COLUMNS.split(',')
      .map(() => '?')
      .join(', ')})`,
  );
  const batch = db.transaction((rows: unknown[][]) => {
    for (const r of rows) insert.run(r);
  });
  let rows: unknown[][] = [];
  for (const item of items(COUNT)) {
    rows.push(rowOf(item));
    if (rows.length === 50_000) {
      batch(rows);
      rows = [];
    }
  }
  batch(rows);
  const t1 = performance.now();
  db.exec(SQLITE_SEARCH_MIGRATION);
  db.exec(SQLITE_SEARCH_COVERING_MIGRATION); // merges the rebuilt full-text index, as migration 11 does
  db.close();
  const t2 = performance.now();
  console.log(
    `sqlite: loaded ${COUNT.toLocaleString('en')} rows in ${((t1 - t0) / 1000).toFixed(0)} s, ` +
      `search index built in ${((t2 - t1) / 1000).toFixed(0)} s (direct load, not the import path)`,
  );
}

/** PostgreSQL, not by the import path: multi-row INSERT … SELECT FROM unnest(arrays) of 10,000 rows. */
async function loadPostgresDirect(url: string, schema: string): Promise<void> {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  await client.query('SET synchronous_commit = off');
  const types = [
    'text',
    'text',
    'int',
    'jsonb',
    'jsonb',
    'timestamptz',
    'timestamptz',
    'bigint',
    'text',
    'text',
    'text',
    'jsonb',
  ];
  const sql = `INSERT INTO bindings (${ROW_COLUMNS}) SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
  let cols: unknown[][] = types.map(() => []);
  const flush = async (): Promise<void> => {
    if ((cols[0] as unknown[]).length === 0) return;
    await client.query(sql, cols);
    cols = types.map(() => []);
  };
  for (const item of items(COUNT)) {
    const row = rowOf(item);
    for (let i = 0; i < row.length; i++) (cols[i] as unknown[]).push(row[i]);
    if ((cols[0] as unknown[]).length === 10_000) await flush();
  }
  await flush();
  // What autovacuum does after a bulk insert (PostgreSQL 13 and later vacuum after inserts too): the statistics
  // the planner estimates by, and the visibility map index-only scans need. The bench does not wait for it.
  await client.query('VACUUM (ANALYZE) bindings');
  await client.end();
  console.log(
    `postgres: loaded ${COUNT.toLocaleString('en')} rows in ${((performance.now() - t0) / 1000).toFixed(0)} s ` +
      '(direct load, not the import path; the tsvector and its index by the database as for any write)',
  );
}

async function load(name: string, store: Store, afterLoad?: () => Promise<void>): Promise<void> {
  let failed = 0;
  const t0 = performance.now();
  const summary = await store.importBindings(items(COUNT), {
    batchSize: store.backend === 'sqlite' ? 50_000 : 10_000,
    actor: 'bench',
    onResult: (r) => {
      if (!r.ok) failed++;
    },
  });
  if (!summary.ok) throw new Error(summary.error.message);
  await afterLoad?.();
  const load = (performance.now() - t0) / 1000;
  console.log(
    `${name}: imported ${COUNT.toLocaleString('en')} bindings in ${load.toFixed(0)} s ` +
      `(${Math.round(COUNT / load).toLocaleString('en')}/s, failed ${failed})`,
  );
}

/** The target: every kind's median and p95 under this many milliseconds at 1,000,000 bindings. */
const BUDGET_MS = 200;

async function searches(name: string, store: Store): Promise<void> {
  const rows: string[] = [];
  let failed = 0;
  for (const kind of KINDS) {
    const times: number[] = [];
    let found = 0;
    let exact = true;
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      const r = await store.searchBindings(kind.query(i));
      const ms = performance.now() - t;
      if (!r.ok) throw new Error(`${kind.name}: ${r.error.code} ${r.error.message}`);
      if (i === 0) continue; // the first run warms the cache
      times.push(ms);
      found += r.value.total;
      exact &&= r.value.exact;
    }
    times.sort((a, b) => a - b);
    const hits = `${exact ? '' : '>'}${Math.round(found / RUNS).toLocaleString('en')}`;
    const median = pct(times, 50);
    const p95 = pct(times, 95);
    const pass = median < BUDGET_MS && p95 < BUDGET_MS;
    if (!pass) failed++;
    const ms = (v: number): string => `${v.toFixed(1)} ms`;
    rows.push(`| ${name} | ${kind.name} | ${ms(median)} | ${ms(p95)} | ${hits} | ${pass ? 'PASS' : 'FAIL'} |`);
    console.log(
      `  ${name.padEnd(8)} ${kind.name.padEnd(38)} median ${ms(median).padStart(10)}  p95 ${ms(p95).padStart(10)}  (matches ${hits})  ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(
    `\n${name}: ${COUNT.toLocaleString('en')} bindings, ${RUNS} runs of each kind after one warm-up, ` +
      `PASS = median and p95 under ${BUDGET_MS} ms\n`,
  );
  console.log('| backend | search | median | p95 | matches | < 200 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\n${name}: ${failed === 0 ? 'PASS' : `FAIL (${failed} of ${KINDS.length} kinds)`}\n`);
  if (failed > 0) process.exitCode = 1;
}

if (BACKENDS.includes('sqlite')) {
  const dir = REUSE_DIR ?? mkdtempSync(join(tmpdir(), 'pidgate-search-bench-'));
  try {
    if (REUSE_DIR === undefined && DIRECT) {
      await (await openStore({ dataDir: dir })).close(); // the migrated schema
      await loadSqliteDirect(dir);
    }
    const store = await openStore({ dataDir: dir });
    await measure('sqlite', store, REUSE_DIR !== undefined || DIRECT);
    await store.close();
  } finally {
    if (KEEP || REUSE_DIR) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (BACKENDS.includes('postgres')) {
  if (!PG_URL) {
    console.log('postgres: skipped (set PIDGATE_BENCH_DATABASE_URL or PIDGATE_TEST_DATABASE_URL)');
  } else {
    const schema = REUSE_SCHEMA ?? `pidgate_bench_${randomBytes(4).toString('hex')}`;
    try {
      if (REUSE_SCHEMA === undefined && DIRECT) {
        await (await openStore({ url: PG_URL, schema })).close();
        await loadPostgresDirect(PG_URL, schema);
      }
      const store = await openStore({ url: PG_URL, schema });
      // PostgreSQL plans by its statistics: autovacuum gathers them after a bulk load; the bench does not wait.
      await measure('postgres', store, REUSE_SCHEMA !== undefined || DIRECT, async () => {
        const client = new pg.Client({ connectionString: PG_URL });
        await client.connect();
        await client.query(`ANALYZE "${schema}".bindings`);
        await client.end();
      });
      await store.close();
    } finally {
      if (KEEP || REUSE_SCHEMA) console.log(`kept schema ${schema}`);
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      if (!KEEP && !REUSE_SCHEMA) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
